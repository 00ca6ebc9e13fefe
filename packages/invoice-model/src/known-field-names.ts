// Every field name the request schema reads, at any depth, read off the schema itself so it cannot
// drift. Normalisation converts only these to snake_case; any other key is kept as sent, for the strict
// schema to refuse by name (issue 21), and never costs conversion work (issue 10.10).
import type { z } from 'zod';
import { InvoiceRequestSchema } from './invoice-request-schema.ts';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
};

function collect(schema: z.ZodType, names: Set<string>, seen: Set<z.ZodType>): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (def.shape) {
    for (const [name, field] of Object.entries(def.shape)) {
      names.add(name);
      collect(field, names, seen);
    }
  }
  for (const inner of [def.element, def.innerType, def.in, ...(def.options ?? [])])
    if (inner) collect(inner, names, seen);
}

/** `unit_price` → `unitprice`: what a key looks like once case and underscores are ignored. */
export function fieldFingerprint(key: string): string {
  return key.toLowerCase().replaceAll('_', '');
}

/** Other names of `invoice` fields, moved to their canonical field by normalisation (E3). */
export const INVOICE_FIELD_ALIASES: Readonly<Record<string, string>> = { order_reference: 'po_number' };

const names = new Set<string>(Object.keys(INVOICE_FIELD_ALIASES));
collect(InvoiceRequestSchema, names, new Set());

/** Fingerprints of every known field: a key whose fingerprint is not here cannot be read by the schema. */
export const KNOWN_FIELD_FINGERPRINTS: ReadonlySet<string> = new Set([...names].map(fieldFingerprint));

/** The largest number of fields any object of the schema has; an object may hold each in two spellings. */
export const MAX_FIELDS_PER_OBJECT = names.size;
