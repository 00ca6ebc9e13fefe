import { z } from 'zod';

type JsonObject = Record<string, unknown>;
export type Io = 'input' | 'output';

/**
 * Collects OpenAPI 3.1 component schemas (JSON Schema 2020-12) from zod schemas. Every schema with a
 * `.meta({ id })` becomes its own component, and `$ref`s point at `#/components/schemas/<id>`.
 * Request bodies are converted as zod's input, responses as its output (which forbids undocumented
 * properties: the conformance tests hold live answers to that).
 */
export class SchemaComponents {
  readonly schemas: Record<string, JsonObject> = {};

  /** A `$ref` for a schema with an id, else the schema inline; its nested ids become components. */
  use(schema: z.ZodType, io: Io): JsonObject {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      reused: 'inline',
    }) as JsonObject;
    const defs = (json.$defs ?? {}) as Record<string, JsonObject>;
    for (const [id, def] of Object.entries(defs)) this.schemas[id] ??= rewriteRefs(def) as JsonObject;
    const { $schema: _schema, $defs: _defs, ...rest } = json;
    const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
    if (!id) return rewriteRefs(rest) as JsonObject;
    if (!defs[id]) this.schemas[id] ??= rewriteRefs(rest) as JsonObject;
    return ref(id);
  }

  /** Path or query parameters from a zod object: one parameter per property. */
  parameters(schema: z.ZodObject, where: 'path' | 'query'): JsonObject[] {
    const json = this.use(schema, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
    return Object.entries(json.properties ?? {}).map(([name, prop]) => {
      const { description, ...propSchema } = prop;
      return {
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: propSchema,
        ...(description ? { description } : {}),
      };
    });
  }
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
