import { z } from 'zod';

type JsonObject = Record<string, unknown>;

/**
 * Converts zod schemas to OpenAPI 3.1 component schemas (JSON Schema 2020-12). Every schema with a
 * `.meta({ id })` becomes its own component, and `$ref`s point at `#/components/schemas/<id>`.
 */
export function toComponentSchemas(schemas: z.ZodType[], io: 'input' | 'output' = 'input'): Record<string, JsonObject> {
  const components: Record<string, JsonObject> = {};
  for (const schema of schemas) {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as JsonObject;
    const defs = (json.$defs ?? {}) as Record<string, JsonObject>;
    for (const [id, def] of Object.entries(defs)) components[id] ??= rewriteRefs(def) as JsonObject;
    const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
    if (id && !defs[id]) {
      const { $schema: _ignored, $defs: _defs, ...rest } = json;
      components[id] ??= rewriteRefs(rest) as JsonObject;
    }
  }
  return components;
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', '#/components/schemas/') : rewriteRefs(v);
    }
    return out;
  }
  return value;
}

export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
