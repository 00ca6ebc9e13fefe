import { describe, expect, it } from 'vitest';
import { calculateInvoice } from '../src/calculate-totals.ts';
import { moneyToString } from '../src/money.ts';
import { parseInvoiceRequest } from '../src/validate-invoice-request.ts';
import { HAND_CASES } from './hand-computed-cases.ts';

describe('D1/D2: hand-computed invoices (docs/calculation.md table)', () => {
  it('covers at least 30 cases', () => expect(HAND_CASES.length).toBeGreaterThanOrEqual(30));

  for (const c of HAND_CASES) {
    it(`${c.id} ${c.rule}`, () => {
      const parsed = parseInvoiceRequest({ from: { name: 'Seller' }, to: { name: 'Buyer' }, ...c.request });
      if (!parsed.ok) throw new Error(parsed.error.message);
      const t = calculateInvoice(parsed.value);
      const s = (d: Parameters<typeof moneyToString>[0]) => moneyToString(d, t.currency);
      expect({
        subtotal: s(t.subtotal),
        discount_total: s(t.discount_total),
        total_tax: s(t.total_tax),
        shipping: s(t.shipping),
        rounding_adjustment: s(t.rounding_adjustment),
        grand_total: s(t.grand_total),
        balance_due: s(t.balance_due),
        status: t.status,
        tax_lines: t.tax_lines.map((g) => `${g.name}=${s(g.amount)}`),
      }).toEqual({
        subtotal: c.subtotal,
        discount_total: c.discount_total,
        total_tax: c.total_tax,
        shipping: c.shipping,
        rounding_adjustment: c.rounding_adjustment,
        grand_total: c.grand_total,
        balance_due: c.balance_due,
        status: c.status,
        tax_lines: c.tax_lines,
      });
      c.lines?.forEach((want, i) => {
        const line = t.lines[i];
        expect(s(line.line_total), `line ${i} line_total`).toBe(want.line_total);
        if (want.share !== undefined) expect(s(line.global_discount_share), `line ${i} share`).toBe(want.share);
        if (want.taxes !== undefined)
          expect(
            line.taxes.map((x) => `${x.name}=${s(x.amount)}`),
            `line ${i} taxes`,
          ).toEqual(want.taxes);
      });
    });
  }
});
