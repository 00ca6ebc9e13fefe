// The one list of keys that are accepted and ignored although no schema reads them (issue 21; the
// decision and its reasons: docs/decisions.md V1). Every other unknown key of every JSON body, the
// legacy /api/render's included, is a 400 `validation_error` with rule `unknown_field`. Not keys, and
// so not here: the accepted spellings (camelCase, the flat layer, `order_reference`), and the legacy
// interface's empty or null optional fields (L3), which count as not given.
import { fieldFingerprint } from './known-field-names.ts';

export interface ToleratedField {
  /** Where the key may appear. */
  path: string;
  /** Which bodies. */
  where: string;
  /** Why the contract has it ignored rather than refused. */
  why: string;
}

export const TOLERATED_FIELDS: readonly ToleratedField[] = [
  {
    path: 'invoice_number',
    where: 'an invoice request (generate, each batch item, preview, the MCP invoice tools), in any spelling',
    why: 'The spec: a stray `invoice_number` is ignored and a number `INV-…` is generated (`invoice.number` sets it).',
  },
];

const INVOICE_NUMBER = fieldFingerprint('invoice_number');

/** A top-level key of an invoice request that is dropped unread (`invoice_number`, `invoiceNumber`). */
export function isToleratedInvoiceKey(key: string): boolean {
  return key.length < 32 && fieldFingerprint(key) === INVOICE_NUMBER;
}
