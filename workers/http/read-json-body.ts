// The one way a JSON body comes in: read within the route's byte limit (D5), parse, validate with the
// route's zod schema (strict: an unknown key is refused by name, issue 21), and word every problem the
// same way (D4: `items[3].unit_price: must be …`), with the same problems as `error.details`.
import { issueMessages, zodIssueDetails } from '@invoice/model';
import type { Context } from 'hono';
import { z } from 'zod';
import { ApiError } from './api-error.ts';
import { readStreamLimited } from './read-limited.ts';

export const KB = 1024;
export const MB = 1024 * KB;

export interface JsonBodyRule<S extends z.ZodType = z.ZodType> {
  /** Largest body accepted, in bytes; beyond it 413 payload_too_large before anything is parsed. */
  limitBytes: number;
  schema: S;
  /** No body at all is accepted too, as `{}` (the routes that take no fields). */
  optional?: boolean;
}

/**
 * The body of a route that takes no fields (logout, key rotation, a test event…): nothing, or `{}`. Any
 * field is refused by name rather than silently ignored: `{"mode":"test"}` must not rotate a live key (issue 21).
 */
export const NO_FIELDS = {
  limitBytes: KB,
  schema: z
    .strictObject({})
    .meta({ id: 'NoFields', description: 'Nothing, or an empty object: this route takes no fields.' }),
  optional: true,
} as const satisfies JsonBodyRule;

function sizeText(bytes: number): string {
  return bytes >= MB ? `${bytes / MB} MB` : `${bytes / KB} KB`;
}

/** Reads the raw body within a byte limit, without trusting Content-Length alone. */
export async function readBodyText(c: Context, limitBytes: number): Promise<string> {
  const tooLarge = () =>
    ApiError.field('payload_too_large', 'body', 'max_bytes', `must be at most ${sizeText(limitBytes)}`);
  if (Number(c.req.header('content-length') ?? '0') > limitBytes) throw tooLarge();
  return new TextDecoder().decode(await readStreamLimited(c.req.raw.body, limitBytes, tooLarge));
}

/** Parses JSON text; a syntax error is the client's: 400 invalid_json with the parser's position. */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '')
    throw ApiError.field('invalid_json', 'body', 'json', 'must be a JSON document (the body is empty)');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw ApiError.field('invalid_json', 'body', 'json', `is not valid JSON (${(err as Error).message})`);
  }
}

/** Any value through a schema; every issue is named by its path, as the invoice model words them (D4). */
export function parseWithSchema<S extends z.ZodType>(value: unknown, schema: S): z.output<S> {
  const parsed = schema.safeParse(value, { error: issueMessages });
  if (parsed.success) return parsed.data;
  throw ApiError.fromDetails('validation_error', zodIssueDetails(parsed.error.issues, schema, value));
}

/** A parsed body must be an object before its schema applies. */
export function validateJson<S extends z.ZodType>(value: unknown, schema: S): z.output<S> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw ApiError.field('validation_error', 'body', 'type', 'must be a JSON object');
  }
  return parseWithSchema(value, schema);
}

/** Body → JSON → schema, in one call: what every JSON route uses. */
export async function readJsonBody<S extends z.ZodType>(c: Context, rule: JsonBodyRule<S>): Promise<z.output<S>> {
  const text = await readBodyText(c, rule.limitBytes);
  if (rule.optional && text.trim() === '') return parseWithSchema({}, rule.schema);
  return validateJson(parseJsonText(text), rule.schema);
}
