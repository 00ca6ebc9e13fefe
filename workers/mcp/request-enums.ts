// Every field of a request's JSON Schema whose value is one of a closed set, by path (`output`,
// `invoice.currency`, `items[].discount_type`), with its default: list_options reads the registries
// through the schema, so a value added to the model (an output, a document type) is listed at once.
type JsonObject = Record<string, unknown>;

export interface EnumField {
  values: string[];
  default?: string;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export function enumFields(root: JsonObject): Record<string, EnumField> {
  const defs = (isObject(root.$defs) ? root.$defs : {}) as Record<string, JsonObject>;
  const out: Record<string, EnumField> = {};

  const visit = (node: unknown, path: string, seenRefs: ReadonlySet<string>, inheritedDefault?: unknown): void => {
    if (!isObject(node)) return;
    const fallback = node.default ?? inheritedDefault;
    if (typeof node.$ref === 'string') {
      const id = node.$ref.replace('#/$defs/', '');
      // A schema that contains itself is walked once per path.
      if (!seenRefs.has(id)) visit(defs[id], path, new Set([...seenRefs, id]), fallback);
    }
    if (Array.isArray(node.enum) && node.enum.every((v) => typeof v === 'string') && path) {
      const field: EnumField = { values: node.enum as string[] };
      if (typeof fallback === 'string') field.default = fallback;
      out[path] = field;
    }
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
      if (Array.isArray(node[key])) for (const branch of node[key]) visit(branch, path, seenRefs, fallback);
    if (isObject(node.properties))
      for (const [name, prop] of Object.entries(node.properties))
        visit(prop, path ? `${path}.${name}` : name, seenRefs);
    if (node.items !== undefined) visit(node.items, `${path}[]`, seenRefs);
  };

  visit(root, '', new Set());
  return out;
}
