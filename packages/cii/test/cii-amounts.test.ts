import { money, parseInvoiceRequest, type ResolvedInvoice, resolveInvoice, toInvoiceResponse } from '@invoice/model';
import { renderInvoiceUbl } from '@invoice/ubl';
import { buildInvoiceCases } from '@invoice/ubl/test/invoice-cases';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderInvoiceCii } from '../src/index.ts';
import { ciiSummation, inside, texts, ublTotals } from './cii-read.ts';

const num = (s: string) => Number(s);

/** D1: the CII's amounts are the JSON response's and the UBL's, to the minor unit. */
function expectSameAmounts(resolved: ResolvedInvoice): void {
  const cii = renderInvoiceCii(resolved);
  const ubl = renderInvoiceUbl(resolved);
  const json = toInvoiceResponse(resolved);
  const { totals } = resolved;
  const s = ciiSummation(cii);

  expect(s).toEqual(ublTotals(ubl));
  expect(num(s.duePayable)).toBe(json.balance_due);
  expect(num(s.taxTotal)).toBe(json.total_tax);
  expect(num(s.rounding)).toBe(json.rounding_adjustment);
  expect(money(s.grandTotal).plus(s.rounding).toNumber()).toBe(json.grand_total);
  expect(money(s.taxBasisTotal).eq(totals.grand_total.minus(totals.rounding_adjustment).minus(totals.total_tax))).toBe(
    true,
  );
  const paid = totals.deposit.plus(totals.amount_paid);
  expect(money(s.prepaid).eq(paid.gt(totals.grand_total) ? totals.grand_total : paid)).toBe(true);
  if (!totals.tax_inclusive) {
    expect(num(s.lineTotal)).toBe(json.subtotal);
    expect(num(s.allowanceTotal)).toBe(json.discount_total);
    expect(num(s.chargeTotal)).toBe(json.shipping);
    const lines = cii.split('<ram:SpecifiedTradeSettlementLineMonetarySummation>').slice(1);
    expect(lines.length).toBe(json.items.length);
    lines.forEach((l, i) => expect(num(texts(l, 'ram:LineTotalAmount')[0])).toBe(json.items[i].line_total));
  }
  // One ApplicableTradeTax per breakdown, as the UBL's TaxSubtotal: same bases and amounts.
  const settlement = inside(cii, 'ram:ApplicableHeaderTradeSettlement');
  const breakdowns = settlement.split('<ram:ApplicableTradeTax>').slice(1);
  const subtotals = ubl.split('<cac:TaxSubtotal>').slice(1);
  expect(breakdowns.map((b) => [texts(b, 'ram:BasisAmount')[0], texts(b, 'ram:CalculatedAmount')[0]])).toEqual(
    subtotals.map((t) => [texts(t, 'cbc:TaxableAmount')[0], texts(t, 'cbc:TaxAmount')[0]]),
  );
  expect(breakdowns.reduce((a, b) => a.plus(texts(b, 'ram:CalculatedAmount')[0]), money(0)).eq(totals.total_tax)).toBe(
    true,
  );
}

describe('CII totals are the D1 totals and the UBL totals', () => {
  it.each(buildInvoiceCases().map((c) => [c.name, c] as const))(
    'issue 13: D1: DuePayableAmount = balance_due, TaxTotalAmount = total_tax, … = the UBL: %s',
    (_, c) => expectSameAmounts(c.resolved),
  );

  const scaled = (maxInt: number, maxScale: number) =>
    fc
      .tuple(fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: maxScale }))
      .map(([n, k]) => Number(`${n}e-${k}`));
  const rate = fc.constantFrom(0, 5, 7.5, 8.875, 10, 19, 20, 21);
  const item = fc.record({
    quantity: scaled(2_000, 3).filter((q) => q > 0),
    unit_price: scaled(1_000_000, 4),
    discount: fc.option(
      scaled(10_000, 2).filter((d) => d <= 100),
      { nil: undefined },
    ),
    tax: fc.oneof(
      fc.constant({}),
      rate.map((r) => ({ tax_rate: r })),
      fc.tuple(rate, rate).map(([a, b]) => ({
        taxes: [
          { name: 'A', rate: a },
          { name: 'B', rate: b },
        ],
      })),
    ),
  });
  const invoiceIn = (currency: fc.Arbitrary<string>) =>
    fc.record({
      currency,
      tax_inclusive: fc.boolean(),
      items: fc.array(item, { minLength: 1, maxLength: 8 }),
      global_discount: fc.option(
        scaled(10_000, 2).filter((d) => d <= 100),
        { nil: undefined },
      ),
      shipping: fc.option(scaled(100_000, 2), { nil: undefined }),
      deposit: fc.option(scaled(100_000, 2), { nil: undefined }),
      amount_paid: fc.option(scaled(1_000_000, 2), { nil: undefined }),
      rounding: fc.constantFrom('none', 'nearest', 'up', 'down'),
      type: fc.constantFrom('invoice', 'credit_note'),
    });
  type Shape = typeof invoice extends fc.Arbitrary<infer T> ? T : never;
  const invoice = invoiceIn(fc.constantFrom('USD', 'EUR', 'JPY', 'KRW', 'GBP', 'CHF'));

  /** The request for a drawn shape, resolved (D1) as the Worker does. */
  function resolveShape(s: Shape): ResolvedInvoice {
    const parsed = parseInvoiceRequest({
      from: { name: 'S', country: 'NL', tax_id: 'NL123456789B01' },
      to: { name: 'B', country: 'DE' },
      invoice: {
        type: s.type,
        number: 'P-1',
        date: '2025-01-31',
        currency: s.currency,
        tax_inclusive: s.tax_inclusive,
      },
      items: s.items.map(({ tax, ...l }) => ({ description: 'x', ...l, ...tax })),
      global_discount: s.global_discount,
      shipping: s.shipping,
      deposit: s.deposit,
      amount_paid: s.amount_paid,
      rounding: s.rounding,
    });
    if (!parsed.ok) throw new Error(parsed.error.message);
    return resolveInvoice(parsed.value, { today: '2025-01-31', randomBytes: new Uint8Array(16) });
  }

  it('issue 13: property: for random invoices and credit notes the CII amounts equal the JSON totals and the UBL', () => {
    fc.assert(
      fc.property(invoice, (s) => {
        const resolved = resolveShape(s);
        expect(renderInvoiceUbl(resolved).includes('<CreditNote ')).toBe(s.type === 'credit_note');
        expectSameAmounts(resolved);
      }),
      { numRuns: 100 },
    );
  });

  it.each([
    ['3-decimal', ['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'LYD', 'IQD'], 3],
    ['0-decimal', ['JPY', 'KRW', 'CLP', 'VND', 'ISK', 'XOF', 'UGX'], 0],
  ] as const)(
    'C-ISO: D1: property: %s currencies agree between JSON, UBL and CII, each amount with the currency minor units',
    (_, codes, mu) => {
      const places = (text: string) => (text.includes('.') ? text.split('.')[1].length : 0);
      fc.assert(
        fc.property(invoiceIn(fc.constantFrom(...codes)), (s) => {
          const resolved = resolveShape(s);
          expectSameAmounts(resolved);
          // Prices keep their own decimals (BT-146 is not an amount): every other element with a currencyID.
          const amounts = (xml: string) =>
            [...xml.matchAll(/<([\w:]+) currencyID="([A-Z]{3})">([^<]*)</g)].filter(
              ([, el]) => el !== 'cbc:PriceAmount',
            );
          const ubl = renderInvoiceUbl(resolved);
          const written = [...amounts(ubl), ...amounts(renderInvoiceCii(resolved))];
          expect(written.length).toBeGreaterThan(0);
          for (const [, , code, text] of written) {
            expect(code).toBe(s.currency);
            expect(places(text)).toBe(mu);
          }
          // Every amount without currencyID in the CII (line and header summations) has the minor units too.
          for (const text of texts(renderInvoiceCii(resolved), 'ram:LineTotalAmount')) expect(places(text)).toBe(mu);
        }),
        { numRuns: 100 },
      );
    },
  );
});
