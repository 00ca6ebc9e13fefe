import { ciiEn16931Issues, renderInvoiceCii } from '@invoice/cii';
import { parseInvoiceRequest, type ResolvedInvoice, resolveInvoice } from '@invoice/model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateEn16931 } from '../../../../shared/en16931/validate.mjs';
import { DECIMAL_RULES, en16931Issues, renderInvoiceUbl } from '../src/index.ts';

/**
 * Decision C-ISO: a document in a 3-decimal currency writes its amounts with 3 decimals, as the JSON; EN 16931
 * allows 2, so the official CEN Schematron (1.3.16, UBL and CII) fails each BR-DEC rule of an amount written.
 * X-EN16931-Issues names exactly those, with invoice.currency as the fix. A 0-decimal currency conforms.
 */
type Raw = Record<string, unknown>;

const SHAPES: [string, Raw][] = [
  ['plain', {}],
  ['global discount, shipping, deposit', { global_discount: 7.5, shipping: 2.125, deposit: 10 }],
  ['line discounts in percent and amount', { line_discounts: true }],
  ['tax-inclusive, rounding to a whole unit', { invoice: { tax_inclusive: true }, rounding: 'nearest' }],
  ['several components at one rate, amount paid', { components: true, amount_paid: 5 }],
  ['untaxed', { untaxed: true }],
  ['zero rate', { zero: true }],
  [
    'zero rate, global discount, shipping, rounding up',
    { zero: true, global_discount: 12.5, shipping: 0.333, rounding: 'up' },
  ],
  ['untaxed, shipping, deposit', { untaxed: true, shipping: 1.111, deposit: 3 }],
  [
    'tax-inclusive, several components, line discounts',
    { invoice: { tax_inclusive: true }, components: true, line_discounts: true },
  ],
  [
    'line discounts, several components, everything paid',
    { line_discounts: true, components: true, amount_paid: 9999 },
  ],
];

function resolveShape(currency: string, shape: Raw): ResolvedInvoice {
  const { line_discounts, components, untaxed, zero, invoice, ...rest } = shape;
  const tax = untaxed
    ? {}
    : zero
      ? { tax_rate: 0 }
      : components
        ? {
            taxes: [
              { name: 'A', rate: 5 },
              { name: 'B', rate: 5 },
            ],
          }
        : { tax_rate: 5 };
  const parsed = parseInvoiceRequest({
    from: { name: 'Al Noor Trading', address: 'Street 1', country: 'KW', tax_id: 'KW123456', registration_no: 'CR 1' },
    to: { name: 'Gulf Client', address: 'Road 2', country: 'OM' },
    invoice: { number: 'I-1', date: '2026-01-05', currency, ...(invoice as Raw) },
    items: (rest.items as Raw[] | undefined) ?? [
      { description: 'a', quantity: 3, unit_price: 1234.5675, ...tax, ...(line_discounts ? { discount: 10 } : {}) },
      {
        description: 'b',
        quantity: 1.5,
        unit_price: 99.999,
        ...tax,
        ...(line_discounts ? { discount: 3.333, discount_type: 'amount' } : {}),
      },
    ],
    ...rest,
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return resolveInvoice(parsed.value, { today: '2026-01-05', randomBytes: new Uint8Array(16) });
}

/** The Schematron's fatal rule ids, once per document (about 0.3 s a run; a test may ask twice). */
const fatalById = new Map<string, string[]>();
const fatalIds = (xml: string) => {
  if (!fatalById.has(xml)) fatalById.set(xml, [...new Set(validateEn16931(xml).fatal.map((f) => f.id))].sort());
  return [...(fatalById.get(xml) ?? [])];
};
const isDecimalRule = (id: string) => (DECIMAL_RULES as readonly string[]).includes(id);
/**
 * The CEN arithmetic rules compare a 3-decimal total with a sum rounded to 2 decimals, so they also fail when the
 * third decimal is not 0 (BR-CO-10…16, the BR-x-08 breakdowns): beside the BR-DEC rules, not predicted one by one.
 */
const ARITHMETIC = /^BR-(CO-1[0-6]|[SZEO]-08)$/;

/** The prediction is the Schematron's BR-DEC findings exactly; beside them only arithmetic ones, UBL and CII. */
function expectDecimalRules(r: ResolvedInvoice): void {
  for (const [predicted, xml] of [
    [en16931Issues(r), renderInvoiceUbl(r)],
    [ciiEn16931Issues(r), renderInvoiceCii(r)],
  ] as const) {
    const fatal = fatalIds(xml);
    expect([...predicted].sort()).toEqual(fatal.filter(isDecimalRule));
    expect(predicted.length).toBeGreaterThan(0);
    expect(fatal.filter((id) => !isDecimalRule(id) && !ARITHMETIC.test(id))).toEqual([]);
  }
}

describe('C-ISO: EN 16931 and the currency minor units (X-EN16931-Issues)', () => {
  // One currency per class (the Schematron runs about 0.3 s a document; the random property below draws four more).
  const cases = ['KWD'].flatMap((currency) =>
    SHAPES.map(([name, shape]) => [`${currency}: ${name}`, resolveShape(currency, shape)] as const),
  );

  it.each(cases)('C-ISO: a 3-decimal currency names exactly the BR-DEC rules the Schematron fails: %s', (_, r) =>
    expectDecimalRules(r),
  );

  // Every shape in ISK; XOF, the same class (0 minor units; the rules read no more of a currency than its code and its minor units),
  // on the plain shape and the one writing the most amounts, so a second 0-decimal code still meets the rules.
  const XOF_SHAPES = new Set(['plain', 'zero rate, global discount, shipping, rounding up']);
  it.each([
    ...SHAPES.map(([name, shape]) => [`ISK: ${name}`, resolveShape('ISK', shape)] as const),
    ...SHAPES.filter(([name]) => XOF_SHAPES.has(name)).map(
      ([name, shape]) => [`XOF: ${name}`, resolveShape('XOF', shape)] as const,
    ),
  ])('C-ISO: a 0-decimal currency conforms and the prediction says so: %s', (_, r) => {
    expect(fatalIds(renderInvoiceUbl(r))).toEqual([...en16931Issues(r)].sort());
    expect(fatalIds(renderInvoiceCii(r))).toEqual([...ciiEn16931Issues(r)].sort());
  });
  it('C-ISO: property: for random 3-decimal invoices the prediction names exactly the Schematron’s BR-DEC rules, UBL and CII', () => {
    const scaled = (maxInt: number, maxScale: number) =>
      fc
        .tuple(fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: maxScale }))
        .map(([n, k]) => Number(`${n}e-${k}`));
    const rate = fc.constantFrom(0, 5, 10, 16);
    const item = fc.record({
      description: fc.constant('x'),
      quantity: scaled(500, 3).filter((q) => q > 0),
      unit_price: scaled(1_000_000, 4),
      discount: fc.option(fc.constantFrom(5, 12.5, 33.333), { nil: undefined }),
      tax_rate: fc.option(rate, { nil: undefined }),
    });
    const shape = fc.record({
      currency: fc.constantFrom('KWD', 'OMR', 'TND', 'IQD'),
      tax_inclusive: fc.boolean(),
      items: fc.array(item, { minLength: 1, maxLength: 4 }),
      global_tax: fc.option(rate, { nil: undefined }),
      global_discount: fc.option(fc.constantFrom(2.5, 10), { nil: undefined }),
      shipping: fc.option(scaled(10_000, 3), { nil: undefined }),
      deposit: fc.option(scaled(10_000, 3), { nil: undefined }),
      rounding: fc.constantFrom('none', 'nearest', 'up', 'down'),
    });
    fc.assert(
      fc.property(shape, ({ currency, tax_inclusive, ...rest }) => {
        const r = resolveShape(currency, { invoice: { tax_inclusive }, untaxed: true, ...rest });
        expectDecimalRules(r);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
