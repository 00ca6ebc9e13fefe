// Requests that knowingly miss data EN 16931 needs, each with its own mix of missing items. The UBL and the
// CII writers both must report, from the request alone, exactly the rules the official Schematron fails
// (the X-EN16931-Issues header): one table for both, so a case added here checks both.
import { parseInvoiceRequest, type ResolvedInvoice, resolveInvoice } from '@invoice/model';

const A = { address: 'Main St 1\n1000 Town' };
const item = (extra: Record<string, unknown> = {}) => ({ description: 'x', quantity: 1, unit_price: 100, ...extra });
const cgstSgst = [
  { name: 'CGST', rate: 9 },
  { name: 'SGST', rate: 9 },
];

/** ¥10 taxed by `count` components of 5 % each: each rounds half a yen up to ¥1 (D1 rounds each once). */
function yenComponents(count: number): Record<string, unknown> {
  return {
    from: { name: 'S', country: 'JP', tax_id: 'T1234567890123', registration_no: 'R' },
    to: { name: 'B', country: 'JP' },
    invoice: { number: 'R-1', date: '2025-05-01', currency: 'JPY' },
    items: [item({ unit_price: 10, taxes: ['A', 'B', 'C'].slice(0, count).map((name) => ({ name, rate: 5 })) })],
  };
}

export const EN16931_ISSUE_REQUESTS: Record<string, Record<string, unknown>> = {
  'no seller tax id: S, Z and E lines, their discounts and a zero-rated shipping charge': {
    from: { name: 'S', ...A, country: 'NL', registration_no: 'KVK 1' },
    to: { name: 'B', ...A, country: 'DE' },
    items: [item({ tax_rate: 21 }), item({ tax_rate: 0 }), item()],
    global_discount: 10,
    shipping: 5,
  },
  'a tax registration id (GSTIN) only: the categories are satisfied, the seller is not identified': {
    from: { name: 'S', ...A, country: 'IN', tax_id: '27AAPFU0939F1ZV' },
    to: { name: 'B', country: 'IN' },
    items: [item({ taxes: cgstSgst })],
  },
  'a GSTIN on both sides: the buyer gets it as its identifier, the seller is not identified': {
    from: { name: 'S', ...A, country: 'IN', tax_id: '27AAPFU0939F1ZV' },
    to: { name: 'B', country: 'IN', tax_id: '29ABCDE1234F1Z5' },
    items: [item({ taxes: cgstSgst })],
  },
  'countries only, ship_to with a name only': {
    from: { name: 'S', country: 'FR', tax_id: 'FR12345678901' },
    to: { name: 'B', country: 'BE' },
    ship_to: { name: 'Dock' },
    items: [item({ tax_rate: 20 })],
  },
  'addresses without countries, ship_to with a street only': {
    from: { name: 'S', ...A, tax_id: 'NL123456789B01' },
    to: { name: 'B', street: 'x 1' },
    ship_to: { street: 'Dock 5' },
    items: [item({ tax_rate: 9 })],
  },
  'JPY: two 5 % components on ¥10 each round up half a yen, a whole yen off ¥10 × 10 % (BR-S-09)': yenComponents(2),
  'JPY: three 5 % components on ¥10 each round up half a yen: ¥3 against ¥1.50, BR-CO-17 in CII too': yenComponents(3),
  'untaxed invoice, seller VAT-like id (written as a tax registration id)': {
    from: { name: 'S', country: 'DE', tax_id: 'DE123456789' },
    to: { name: 'B', country: 'DE' },
    items: [item()],
    shipping: 4,
  },
};

/** One of the requests above, parsed and resolved on a fixed date. */
export function resolveIssueRequest(body: Record<string, unknown>): ResolvedInvoice {
  const parsed = parseInvoiceRequest({ invoice: { number: 'R-1', date: '2025-05-01' }, ...body });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return resolveInvoice(parsed.value, { today: '2025-05-01', randomBytes: new Uint8Array(16) });
}
