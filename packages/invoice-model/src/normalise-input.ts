import { InvoiceValidationError } from './invoice-errors.ts';
import {
  fieldFingerprint,
  INVOICE_FIELD_ALIASES,
  KNOWN_FIELD_FINGERPRINTS,
  MAX_FIELDS_PER_OBJECT,
} from './known-field-names.ts';
import { isToleratedInvoiceKey } from './tolerated-fields.ts';

/**
 * Turns the accepted input forms (camelCase keys, flat top-level metadata) into the canonical
 * snake_case nested shape, BEFORE validation, so the zod schema stays the single source of rules.
 * Only object keys are rewritten; string and number values are never touched.
 */

/** Invoice-metadata fields that the flat layer sends at the top level (snake_case after key conversion). */
export const FLAT_INVOICE_FIELDS = [
  'type',
  'number',
  'date',
  'due_date',
  'currency',
  'language',
  'title',
  'terms',
  'po_number',
  'order_reference',
  'buyer_reference',
  'original_number',
  'original_date',
  'tax_inclusive',
] as const;

/** Beyond this depth the schema reads nothing, so values are passed through untouched (and recursion stays bounded). */
const MAX_DEPTH = 12;

/**
 * Work bounds (issue 10.10): no object of a request has more than MAX_FIELDS_PER_OBJECT fields, each
 * possibly in two spellings, so an object with more keys than this is refused before its keys are
 * converted; and a whole body may hold at most MAX_KEYS keys (100 items with 10 taxes each stay far below).
 */
export const MAX_KEYS_PER_OBJECT = Math.max(200, 2 * MAX_FIELDS_PER_OBJECT);
export const MAX_KEYS = 20_000;
/** No field name is longer than this; longer keys are unknown without looking further. */
const MAX_KEY_LENGTH = 64;

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

/** A key the schema can read in some spelling: only those are converted to snake_case. */
function isKnownKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KNOWN_FIELD_FINGERPRINTS.has(fieldFingerprint(key));
}

/** Sets an own enumerable property, so that a key such as `__proto__` stays data and never a prototype. */
function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

interface Budget {
  keys: number;
}

function convertKeys(value: unknown, depth: number, path: PropertyKey[], budget: Budget): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v, i) => convertKeys(v, depth + 1, [...path, i], budget));
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  budget.keys += keys.length;
  if (keys.length > MAX_KEYS_PER_OBJECT) {
    throw new InvoiceValidationError(
      path,
      'max_keys',
      `has ${keys.length} keys; an object of an invoice request has at most ${MAX_KEYS_PER_OBJECT}`,
    );
  }
  if (budget.keys > MAX_KEYS)
    throw new InvoiceValidationError(
      'body',
      'max_keys',
      `has more than ${MAX_KEYS} keys; no invoice request needs that many`,
    );
  const out: Record<string, unknown> = {};
  const camel: string[] = [];
  // Snake keys first so that, when a key comes both camel and snake at one level, snake wins. A key no
  // schema object has in any spelling is kept as sent, untouched, for the strict schema to name (issue 21).
  for (const key of keys) {
    if (path.length === 0 && isToleratedInvoiceKey(key)) continue;
    if (!isKnownKey(key)) setOwn(out, key, value[key]);
    else if (/[A-Z]/.test(key)) camel.push(key);
    else out[key] = convertKeys(value[key], depth + 1, [...path, key], budget);
  }
  for (const key of camel) {
    const snake = camelToSnake(key);
    if (Object.hasOwn(out, snake)) continue;
    out[snake] = convertKeys(value[key], depth + 1, [...path, snake], budget);
  }
  return out;
}

/**
 * Canonical form of a request body. Non-objects are returned unchanged (validation refuses them).
 * Flat metadata moves under `invoice`; nested values win over flat ones. Throws InvoiceValidationError
 * for a body past the work bounds above.
 */
export function normaliseInvoiceInput(raw: unknown): unknown {
  if (!isPlainObject(raw)) return raw;
  const body = convertKeys(raw, 0, [], { keys: 0 }) as Record<string, unknown>;

  const flat: Record<string, unknown> = {};
  let hasFlat = false;
  for (const field of FLAT_INVOICE_FIELDS) {
    if (Object.hasOwn(body, field)) {
      flat[field] = body[field];
      delete body[field];
      hasFlat = true;
    }
  }
  if (hasFlat) {
    const nested = body.invoice;
    if (nested === undefined || nested === null) body.invoice = flat;
    else if (isPlainObject(nested)) body.invoice = { ...flat, ...nested };
    // A non-object `invoice` is left for validation to refuse.
  }
  if (isPlainObject(body.invoice)) resolveInvoiceAliases(body.invoice);
  return body;
}

/**
 * `invoice.order_reference` is another name for `invoice.po_number` (both are BT-13, E3): it moves there,
 * and two different values are refused rather than one silently dropped.
 */
function resolveInvoiceAliases(invoice: Record<string, unknown>): void {
  for (const [alias, canonical] of Object.entries(INVOICE_FIELD_ALIASES)) {
    if (!Object.hasOwn(invoice, alias)) continue;
    const value = invoice[alias];
    delete invoice[alias];
    if (!Object.hasOwn(invoice, canonical) || invoice[canonical] === undefined) invoice[canonical] = value;
    else if (invoice[canonical] !== value)
      throw new InvoiceValidationError(
        ['invoice', alias],
        'conflict',
        `is another name for invoice.${canonical}, which has a different value; give one of them`,
      );
  }
}
