/**
 * Turns the accepted input forms (camelCase keys, flat top-level metadata) into the canonical
 * snake_case nested shape, BEFORE validation, so the zod schema stays the single source of rules.
 * Only object keys are rewritten; string and number values are never touched.
 */

/** Invoice-metadata fields that the flat layer sends at the top level (snake_case after key conversion). */
export const FLAT_INVOICE_FIELDS = [
  'number', 'date', 'due_date', 'currency', 'language', 'title', 'terms', 'po_number', 'tax_inclusive',
] as const;

/** Keys ignored at the top level: a number is always generated when not given under `invoice` or flat (D13). */
const IGNORED_TOP_LEVEL = new Set(['invoice_number']);

/** Beyond this depth the schema reads nothing, so values are passed through untouched (and recursion stays bounded). */
const MAX_DEPTH = 12;

const camelCache = new Map<string, string>();

/** `unitPrice` → `unit_price`, `IBAN` → `iban`, `swiftBIC` → `swift_bic`; snake_case keys are returned as they are. */
export function camelToSnake(key: string): string {
  if (!/[A-Z]/.test(key)) return key;
  let out = camelCache.get(key);
  if (out === undefined) {
    out = key
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
      .toLowerCase();
    if (camelCache.size < 1000) camelCache.set(key, out);
  }
  return out;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  // Snake keys first so that, when a key comes both camel and snake at one level, snake wins.
  for (const key of Object.keys(value)) {
    if (key === '__proto__' || /[A-Z]/.test(key)) continue;
    out[key] = convertKeys(value[key], depth + 1);
  }
  for (const key of Object.keys(value)) {
    if (!/[A-Z]/.test(key)) continue;
    const snake = camelToSnake(key);
    if (snake === '__proto__' || Object.prototype.hasOwnProperty.call(out, snake)) continue;
    out[snake] = convertKeys(value[key], depth + 1);
  }
  return out;
}

/**
 * Canonical form of a request body. Non-objects are returned unchanged (validation refuses them).
 * Flat metadata moves under `invoice`; nested values win over flat ones.
 */
export function normaliseInvoiceInput(raw: unknown): unknown {
  if (!isPlainObject(raw)) return raw;
  const body = convertKeys(raw, 0) as Record<string, unknown>;
  for (const key of IGNORED_TOP_LEVEL) delete body[key];

  const flat: Record<string, unknown> = {};
  let hasFlat = false;
  for (const field of FLAT_INVOICE_FIELDS) {
    if (Object.prototype.hasOwnProperty.call(body, field)) {
      flat[field] = body[field];
      delete body[field];
      hasFlat = true;
    }
  }
  if (!hasFlat) return body;
  const nested = body.invoice;
  if (nested === undefined || nested === null) body.invoice = flat;
  else if (isPlainObject(nested)) body.invoice = { ...flat, ...nested };
  // A non-object `invoice` is left for validation to refuse.
  return body;
}
