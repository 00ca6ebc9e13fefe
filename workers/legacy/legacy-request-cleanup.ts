// Older legacy clients send every key, empty or null when unused. Those count as not given, for the
// optional fields only: a required field sent empty is still refused by the schema, naming it.

const OPTIONAL_TOP = ['due', 'po', 'terms', 'ship', 'notes', 'refund', 'logo', 'sig', 'customLabels'];
const OPTIONAL_ROW = ['disc', 'tax'];

const isEmpty = (v: unknown) => v === null || v === '';

function withoutEmpty(obj: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out = { ...obj };
  for (const k of keys) if (isEmpty(out[k])) delete out[k];
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function dropEmptyOptionals(body: unknown): unknown {
  if (!isObject(body)) return body;
  const out = withoutEmpty(body, OPTIONAL_TOP);
  if (Array.isArray(out.rows)) out.rows = out.rows.map((r) => (isObject(r) ? withoutEmpty(r, OPTIONAL_ROW) : r));
  return out;
}
