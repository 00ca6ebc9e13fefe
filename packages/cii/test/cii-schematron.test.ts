import { parseInvoiceRequest, resolveInvoice } from '@invoice/model';
import { ublAddress } from '@invoice/ubl';
import { buildInvoiceCases } from '@invoice/ubl/test/invoice-cases';
import { describe, expect, it } from 'vitest';
import { type En16931Finding, validateEn16931 } from '../../../../shared/en16931/validate.mjs';
import { ciiEn16931Issues, renderInvoiceCii } from '../src/index.ts';

/**
 * The CEN/TC 434 EN 16931 rules for CII (v1.3.16) and the Factur-X 1.09 EN 16931 profile rules (EN 16931
 * plus Factur-X's own), both from ../shared beside the repository and run with saxon-js, over the CII of
 * the UBL corpus. About 0.1–0.3 s a document.
 */

const cases = buildInvoiceCases().map((c) => ({ ...c, xml: renderInvoiceCii(c.resolved) }));
const findings = new Map<string, En16931Finding[]>();
const fatalOf = (xml: string, facturx = false) => {
  const key = `${facturx}\u0000${xml}`;
  if (!findings.has(key)) findings.set(key, validateEn16931(xml, { facturx }).fatal);
  return findings.get(key)!;
};
const fatalIds = (xml: string) => [...new Set(fatalOf(xml).map((f) => f.id))].sort();

/** Both parties name a country (CII writes a postal address only with one). */
const givesCountries = (c: (typeof cases)[number]) =>
  [c.resolved.request.from, c.resolved.request.to].every((p) => ublAddress(p)?.countryCode !== undefined);
const withCountries = cases.filter(givesCountries);
const withoutCountries = cases.filter((c) => !withCountries.includes(c));

describe('EN 16931 rules on the produced CII', () => {
  it('issue 13: the corpus: every invoice but the few that name no country passes through the rules', () => {
    expect(withCountries.length).toBeGreaterThanOrEqual(110);
    expect(withoutCountries.map((c) => c.name)).toEqual([
      'unicode in every field',
      'XML-special characters in every field',
      'control characters and lone surrogates',
      'minimal request',
      'camelCase input',
    ]);
  });

  it.each(withCountries.map((c) => [c.name, c] as const))(
    'issue 13: 0 fatal findings under the CEN EN 16931 CII rules: %s',
    (_, c) => {
      expect(fatalOf(c.xml)).toEqual([]);
    },
  );

  it.each(withCountries.map((c) => [c.name, c] as const))(
    'issue 13: 0 fatal findings under the Factur-X EN 16931 rules: %s',
    (_, c) => {
      expect(fatalOf(c.xml, true)).toEqual([]);
    },
  );

  it('issue 13: the rules can fail: a tampered tax total and a removed buyer country are reported', () => {
    const c = withCountries.find((x) => x.name === 'currency EUR')!;
    const tampered = c.xml.replace(
      /(<ram:TaxTotalAmount currencyID="EUR">)([\d.]+)/,
      (_, open: string, v: string) => `${open}${(Number(v) + 5).toFixed(2)}`,
    );
    expect(fatalIds(tampered)).toContain('BR-CO-14');
    expect(fatalOf(tampered, true).length).toBeGreaterThan(0);
    const noBuyerCountry = c.xml.replace(/(<ram:BuyerTradeParty>[\s\S]*?)<ram:CountryID>[^<]*<\/ram:CountryID>/, '$1');
    expect(fatalIds(noBuyerCountry)).toEqual(['BR-11']);
  });
});

describe('ciiEn16931Issues: the rules a request cannot satisfy', () => {
  const sorted = (ids: readonly string[]) => [...ids].sort();

  it.each(withoutCountries.map((c) => [c.name, c] as const))(
    "issue 13: names exactly the CEN CII rules' fatal findings: %s",
    (_, c) => {
      expect(sorted(ciiEn16931Issues(c.resolved))).toEqual(fatalIds(c.xml));
    },
  );

  const A = { address: 'Main St 1\n1000 Town' };
  const item = (extra: Record<string, unknown> = {}) => ({ description: 'x', quantity: 1, unit_price: 100, ...extra });
  const requests: Record<string, Record<string, unknown>> = {
    'no seller tax id: S, Z and E lines, their discounts and a zero-rated shipping charge': {
      from: { name: 'S', ...A, country: 'NL', registration_no: 'KVK 1' },
      to: { name: 'B', ...A, country: 'DE' },
      items: [item({ tax_rate: 21 }), item({ tax_rate: 0 }), item()],
      global_discount: 10,
      shipping: 5,
    },
    'a GSTIN on both sides: the buyer gets it as its identifier, the seller is not identified': {
      from: { name: 'S', ...A, country: 'IN', tax_id: '27AAPFU0939F1ZV' },
      to: { name: 'B', country: 'IN', tax_id: '29ABCDE1234F1Z5' },
      items: [
        item({
          taxes: [
            { name: 'CGST', rate: 9 },
            { name: 'SGST', rate: 9 },
          ],
        }),
      ],
    },
    'addresses without countries, ship_to with a street only': {
      from: { name: 'S', ...A, tax_id: 'NL123456789B01' },
      to: { name: 'B', street: 'x 1' },
      ship_to: { street: 'Dock 5' },
      items: [item({ tax_rate: 9 })],
    },
    'untaxed invoice, seller VAT-like id (written as a tax registration id)': {
      from: { name: 'S', country: 'DE', tax_id: 'DE123456789' },
      to: { name: 'B', country: 'DE' },
      items: [item()],
      shipping: 4,
    },
  };

  it.each(Object.entries(requests))("issue 13: names exactly the CEN CII rules' fatal findings: %s", (_, body) => {
    const parsed = parseInvoiceRequest({ invoice: { number: 'R-1', date: '2025-05-01' }, ...body });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const resolved = resolveInvoice(parsed.value, { today: '2025-05-01', randomBytes: new Uint8Array(16) });
    expect(sorted(ciiEn16931Issues(resolved))).toEqual(fatalIds(renderInvoiceCii(resolved)));
  });
});
