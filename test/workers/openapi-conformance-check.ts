// Holds a live answer to /openapi.json: the path and method must be an operation, the status one of
// its documented responses, the content type one it lists, and a JSON body must validate against that
// response's schema (JSON Schema 2020-12, by @cfworker/json-schema, which runs inside workerd).
import { Validator } from '@cfworker/json-schema';
import { openApiDocument } from '../../workers/openapi/openapi-document.ts';

type JsonObject = Record<string, any>;

export const DOCUMENT: JsonObject = JSON.parse(openApiDocument());

const templates = Object.keys(DOCUMENT.paths).map((path) => ({
  path,
  pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
}));

/** The documented path template a concrete path falls under, if any. */
export function documentedPath(pathname: string): string | undefined {
  return templates.find((t) => t.pattern.test(pathname))?.path;
}

export interface Documented {
  /** The operation of the method (none for a 405 to a method the path lacks). */
  operationId: string | undefined;
  path: string;
  status: number;
}

const validators = new Map<string, Validator>();

function validatorFor(key: string, schema: JsonObject): Validator {
  let v = validators.get(key);
  if (!v) {
    v = new Validator({ components: DOCUMENT.components, ...schema }, '2020-12', false);
    validators.set(key, v);
  }
  return v;
}

/** Throws with every way `res` departs from the document; returns the operation and status it matched. */
export async function assertDocumented(method: string, url: string, res: Response): Promise<Documented> {
  const pathname = new URL(url).pathname;
  const path = documentedPath(pathname);
  if (!path) throw new Error(`${method} ${pathname}: no such path in /openapi.json`);
  const item = DOCUMENT.paths[path] as JsonObject;
  const op = item[method.toLowerCase()] as JsonObject | undefined;
  // Other methods on a documented path answer 405, documented on each of the path's operations.
  const reference = op ?? (Object.values(item)[0] as JsonObject);
  const response = reference.responses[String(res.status)] as JsonObject | undefined;
  const label = `${method} ${path} → ${res.status}`;
  if (!response)
    throw new Error(`${label}: status not documented (documented: ${Object.keys(reference.responses).join(', ')})`);
  if (!op && res.status !== 405) throw new Error(`${label}: undocumented method answered ${res.status}`);
  const type = (res.headers.get('Content-Type') ?? '').split(';')[0].trim();
  const media = response.content?.[type] as JsonObject | undefined;
  if (!media)
    throw new Error(
      `${label}: Content-Type ${type || '(none)'} not documented (documented: ${Object.keys(response.content ?? {}).join(', ')})`,
    );
  if (type === 'application/json') {
    const body = await res.clone().json();
    const result = validatorFor(`${reference.operationId} ${res.status}`, media.schema).validate(body);
    if (!result.valid) {
      const errors = result.errors.map((e) => `${e.instanceLocation} ${e.error}`).join('\n  ');
      throw new Error(
        `${label}: body does not match the documented schema\n  ${errors}\n  body: ${JSON.stringify(body).slice(0, 500)}`,
      );
    }
  }
  for (const [name, header] of Object.entries((response.headers ?? {}) as JsonObject)) {
    if (header.required && !res.headers.has(name)) throw new Error(`${label}: required header ${name} missing`);
  }
  return { operationId: op?.operationId, path, status: res.status };
}
