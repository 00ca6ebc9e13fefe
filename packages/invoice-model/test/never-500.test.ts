import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvoiceModelError } from '../src/invoice-errors.ts';
import { toInvoiceResponse } from '../src/invoice-response.ts';
import { resolveInvoice } from '../src/resolve-invoice.ts';
import { parseInvoiceRequest } from '../src/validate-invoice-request.ts';

const CODES = [
  'validation_error',
  'invalid_currency',
  'invalid_language',
  'invalid_template',
  'invalid_output',
  'invalid_qr_type',
];

/** Real field names with arbitrary JSON values: the shapes a confused client actually sends. */
const field = (names: string[]) =>
  fc.dictionary(fc.constantFrom(...names), fc.oneof(fc.jsonValue(), fc.double(), fc.string()), {
    maxKeys: names.length,
  });
const mostly = <T>(valid: fc.Arbitrary<T>, wild: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: wild, weight: 1 });
const num = mostly(
  fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
  fc.oneof(fc.double(), fc.string(), fc.constant(null)),
);
const itemLike = fc.oneof(
  {
    arbitrary: field([
      'description',
      'quantity',
      'unitPrice',
      'unit_price',
      'discount',
      'discountType',
      'tax_rate',
      'taxes',
      'unit',
    ]),
    weight: 1,
  },
  {
    arbitrary: fc.record(
      {
        description: mostly(fc.constant('Work'), fc.jsonValue()),
        quantity: num,
        unit_price: num,
        discount: num,
        discount_type: fc.constantFrom('percent', 'percent', 'percent', 'amount', 'x'),
        tax_rate: num,
      },
      { requiredKeys: ['description'] },
    ),
    weight: 6,
  },
);
const bodyLike = fc
  .record({
    from: mostly(fc.constant({ name: 'Seller' }), fc.jsonValue()),
    to: mostly(fc.constant({ name: 'Buyer' }), fc.jsonValue()),
    items: mostly(fc.array(itemLike, { minLength: 1, maxLength: 5 }), fc.jsonValue()),
    extra: fc.oneof(
      {
        arbitrary: fc.record(
          {
            global_discount: num,
            global_discount_type: fc.constantFrom('percent', 'percent', 'percent', 'amount'),
            shipping: num,
            deposit: num,
            amount_paid: num,
            rounding: fc.constantFrom('none', 'nearest', 'up', 'down'),
          },
          { requiredKeys: [] },
        ),
        weight: 4,
      },
      {
        arbitrary: field([
          'global_tax',
          'globalTaxes',
          'global_discount',
          'globalDiscountType',
          'shipping',
          'deposit',
          'amountPaid',
          'rounding',
          'currency',
          'language',
          'template',
          'output',
          'payment',
          'invoice',
          'dueDate',
          'date',
          'invoice_number',
          'features',
          'accentColor',
        ]),
        weight: 1,
      },
    ),
  })
  .map(({ extra, ...rest }) => ({ ...extra, ...rest }));

describe('D4: a client mistake is never a 500', () => {
  it('D4: parseInvoiceRequest never throws and answers with a spec code; a parsed body resolves or fails with a model error', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof({ arbitrary: bodyLike, weight: 5 }, { arbitrary: fc.jsonValue(), weight: 1 }), (body) => {
        const r = parseInvoiceRequest(body);
        if (!r.ok) {
          expect(CODES).toContain(r.error.code);
          expect(r.error.message.length).toBeGreaterThan(0);
          return;
        }
        accepted++;
        try {
          toInvoiceResponse(resolveInvoice(r.value, { today: '2025-01-01', randomBytes: new Uint8Array(6) }));
        } catch (e) {
          expect(e).toBeInstanceOf(InvoiceModelError);
        }
      }),
      { numRuns: 1500 },
    );
    // The generator must reach the calculation often enough for the second half to mean something.
    expect(accepted).toBeGreaterThan(75);
  });
});
