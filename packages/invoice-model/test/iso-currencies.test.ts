import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, type CurrencyCode, minorUnits, SPEC_CURRENCY_CODES } from '../src/currencies.ts';
import { toInvoiceResponse } from '../src/invoice-response.ts';
import { resolveInvoice } from '../src/resolve-invoice.ts';
import { parseInvoiceRequest } from '../src/validate-invoice-request.ts';

const ctx = { today: '2026-01-05', randomBytes: new Uint8Array(6) };

function respond(currency: string, extra: Record<string, unknown> = {}) {
  const parsed = parseInvoiceRequest({
    from: { name: 'Al Noor Trading' },
    to: { name: 'Gulf Client' },
    invoice: { currency },
    items: [{ description: 'x', quantity: 3, unit_price: 0.3335 }],
    ...extra,
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return toInvoiceResponse(resolveInvoice(parsed.value, ctx));
}

function refusal(currency: string) {
  const parsed = parseInvoiceRequest({ from: { name: 'S' }, to: { name: 'B' }, invoice: { currency }, items: [] });
  if (parsed.ok) throw new Error(`${currency} was accepted`);
  return parsed.error.code;
}

describe('C-ISO: every active ISO 4217 currency (issue 23)', () => {
  it('C-ISO: 155 distinct three-letter codes, the spec’s 21 first, each with 0, 2 or 3 minor units', () => {
    expect(CURRENCY_CODES).toHaveLength(155);
    expect(new Set(CURRENCY_CODES).size).toBe(155);
    expect(CURRENCY_CODES.slice(0, 21)).toEqual([...SPEC_CURRENCY_CODES]);
    for (const c of CURRENCY_CODES) {
      expect(c).toMatch(/^[A-Z]{3}$/);
      expect([0, 2, 3]).toContain(minorUnits(c));
    }
  });

  it('C-ISO: the ISO minor units, not CLDR’s display digits (IQD has 3 in ISO, 0 in CLDR)', () => {
    const units = (cs: CurrencyCode[]) => cs.map(minorUnits);
    expect(units(['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'LYD', 'IQD'])).toEqual([3, 3, 3, 3, 3, 3, 3]);
    expect(units(['JPY', 'KRW', 'CLP', 'VND', 'ISK', 'XOF', 'XAF', 'XPF', 'UGX'])).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(units(['USD', 'EUR', 'SAR', 'AED', 'QAR', 'EGP', 'XCG', 'ZWG', 'SLE', 'HUF', 'IDR'])).toEqual(
      Array(11).fill(2),
    );
  });

  it('C-ISO: invalid_currency stays for codes that are not ISO 4217, withdrawn ones, funds, metals and testing codes', () => {
    for (const code of ['XYZ', 'usd', 'EURO', 'BGN', 'HRK', 'ANG', 'ZWL', 'SLL', 'CUC', 'VEF'])
      expect(refusal(code)).toBe('invalid_currency');
    for (const code of [
      'XAU',
      'XAG',
      'XPD',
      'XPT',
      'XTS',
      'XXX',
      'XDR',
      'XSU',
      'XUA',
      'XAD',
      'CLF',
      'UYW',
      'CHE',
      'USN',
    ])
      expect(refusal(code)).toBe('invalid_currency');
  });

  it('D1: a 3-decimal currency rounds every money value to 3 places (3 × 0.3335 = 1.0005 → 1.001; 5 % → 0.050)', () => {
    const r = respond('KWD', { global_tax: 5, shipping: 1.2345, deposit: 0.1 });
    expect(r.currency).toBe('KWD');
    expect(r.items[0].line_total).toBe(1.001);
    expect(r.tax_lines).toEqual([{ name: 'Tax 5%', rate: 5, amount: 0.05 }]);
    expect(r.shipping).toBe(1.235); // inputs are rounded half-up to minor units first
    expect(r.grand_total).toBe(2.286);
    expect(r.balance_due).toBe(2.186);
  });

  it('D1 step 8: `nearest` rounds a 3-decimal total to a whole dinar, a 0-decimal one is already whole', () => {
    const kwd = respond('OMR', { global_tax: 5, rounding: 'nearest' });
    expect(kwd.grand_total).toBe(1);
    expect(kwd.rounding_adjustment).toBe(-0.051);
    const isk = respond('ISK', { items: [{ description: 'x', quantity: 3, unit_price: 333.5 }], rounding: 'up' });
    expect(isk.items[0].line_total).toBe(1001); // 1000.5 → 1001, half up
    expect(isk.rounding_adjustment).toBe(0);
  });
});
