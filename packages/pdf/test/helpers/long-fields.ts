/** Every client field printed in a box of fixed width set to one long unbroken value (text-fits-boxes, legacy templates). */
import { fullInvoice } from './invoice-fixtures.ts';

/** 120 characters with no break opportunity: wide capitals, and digits (account numbers, IBANs). */
export const VALUES = { letters: 'X'.repeat(120), digits: '0123456789'.repeat(12) };

/** How many long values `longFields` prints: 8 per party, 2 for ship-to, 4 invoice fields, 2 item fields,
 *  the tax and shipping labels, 9 payment fields, notes, refund policy, footer and the QR caption. */
export const LONG_FIELDS = 39;

/** Every client field that is printed in a box of fixed width, set to `v`. */
export function longFields(language: string, template: string, v: string): Record<string, unknown> {
  const party = { name: v, address: `${v}\n${v}`, email: v, phone: v, website: v, tax_id: v, registration_no: v };
  const base = fullInvoice(language, template);
  return fullInvoice(language, template, {
    from: party,
    to: party,
    ship_to: { name: v, address: v },
    invoice: { ...(base.invoice as Record<string, unknown>), number: v, po_number: v, terms: v, title: v },
    items: [
      { description: v, quantity: 2, unit: v, unit_price: 4200, tax_rate: 20 },
      {
        description: 'Consulting',
        quantity: 7.5,
        unit: 'hour',
        unit_price: 120,
        discount: 50,
        discount_type: 'amount',
        taxes: [{ name: v, rate: 9 }],
      },
    ],
    shipping_label: v,
    payment: {
      pay_to: v,
      bank_name: v,
      account_name: v,
      account_number: v,
      routing_number: v,
      iban: v,
      swift: v,
      instructions: v,
      method_note: v,
    },
    notes: v,
    refund_policy: v,
    footer: v,
  });
}
