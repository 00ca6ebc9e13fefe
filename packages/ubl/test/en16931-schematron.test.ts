import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseInvoiceRequest, resolveInvoice } from '@invoice/model';
import { describe, expect, it } from 'vitest';
import { type En16931Finding, validateEn16931 } from '../../../../shared/en16931/validate.mjs';
import { EN16931_RULE_FIXES, en16931Issues, renderInvoiceUbl } from '../src/index.ts';
import { buildInvoiceCases } from './invoice-cases.ts';
import { all, type El, opt, parseUbl, path } from './ubl-dom.ts';

/**
 * The official CEN/TC 434 EN 16931 rules (Schematron v1.3.16, ../shared/en16931 beside the repository, run
 * with saxon-js) over the UBL corpus. They complement the XSD step (ubl-xsd-validation.test.ts) and the
 * hand-written BR-CO checks (en16931-business-rules.test.ts) with every BR-* rule as EU validators run it.
 * About 1 s for the first document and 0.2 s for each one after.
 */

const cases = buildInvoiceCases().map((c) => ({ ...c, xml: renderInvoiceUbl(c.resolved) }));
const findings = new Map<string, En16931Finding[]>();
/** The fatal findings of a document, validated once however many tests read them. */
const fatalOf = (xml: string) => {
  if (!findings.has(xml)) findings.set(xml, validateEn16931(xml).fatal);
  return findings.get(xml)!;
};
const fatalIds = (xml: string) => [...new Set(fatalOf(xml).map((f) => f.id))].sort();

const country = (address: El | undefined) =>
  address && opt(address, 'cac:Country') ? path(address, 'cac:Country', 'cbc:IdentificationCode').text : undefined;

/** Both parties have a country code, and so does the deliver-to address when there is one. */
function givesCountries(xml: string): boolean {
  const doc = parseUbl(xml);
  const party = (role: string) => opt(path(doc, role, 'cac:Party'), 'cac:PostalAddress');
  const delivery = all(doc, 'cac:Delivery').flatMap((d) =>
    all(d, 'cac:DeliveryLocation').map((l) => opt(l, 'cac:Address')),
  );
  return [
    party('cac:AccountingSupplierParty'),
    party('cac:AccountingCustomerParty'),
    ...delivery.filter((a) => a !== undefined),
  ].every((a) => country(a) !== undefined);
}

const withCountries = cases.filter((c) => givesCountries(c.xml));
const withoutCountries = cases.filter((c) => !givesCountries(c.xml));

describe('CEN EN 16931 Schematron on the produced UBL', () => {
  it('the corpus: every invoice but the few that name no country gives a country for each party and deliver-to address', () => {
    expect(withCountries.length).toBeGreaterThanOrEqual(110);
    expect(withCountries.filter((c) => c.multiComponent).length).toBeGreaterThan(5);
    expect(withCountries.filter((c) => c.resolved.request.ship_to).length).toBeGreaterThanOrEqual(4);
    expect(withoutCountries.map((c) => c.name)).toEqual([
      'unicode in every field',
      'XML-special characters in every field',
      'control characters and lone surrogates',
      'minimal request',
      'camelCase input',
    ]);
  });

  it.each(withCountries.map((c) => [c.name, c] as const))('0 fatal findings: %s', (_, c) => {
    expect(fatalOf(c.xml)).toEqual([]);
  });

  it('an invoice without countries fails exactly the rules that need the missing data', () => {
    expect(Object.fromEntries(withoutCountries.map((c) => [c.name, fatalIds(c.xml)]))).toEqual({
      // free-text addresses that name no country, for both parties and ship_to
      'unicode in every field': ['BR-09', 'BR-11', 'BR-57'],
      'XML-special characters in every field': ['BR-09', 'BR-11', 'BR-57'],
      'control characters and lone surrogates': ['BR-09', 'BR-11', 'BR-57'],
      // names only: no address, no seller identifier (and no seller tax id for the taxed lines)
      'minimal request': ['BR-08', 'BR-10', 'BR-CO-26'],
      'camelCase input': ['BR-08', 'BR-10', 'BR-CO-26', 'BR-S-02', 'BR-S-03'],
    });
  });

  it('the check can fail: a document known to break a rule gives that rule id', () => {
    const c = withCountries.find((x) => x.name === 'structured addresses only (no free text)')!;
    const noBuyerCountry = c.xml.replace(
      /(<cac:AccountingCustomerParty>[\s\S]*?)<cac:Country>[\s\S]*?<\/cac:Country>/,
      '$1',
    );
    expect(fatalIds(noBuyerCountry)).toEqual(['BR-11']);
    const noDeliverToCountry = c.xml.replace(/(<cac:Delivery>[\s\S]*?)<cac:Country>[\s\S]*?<\/cac:Country>/, '$1');
    expect(fatalIds(noDeliverToCountry)).toEqual(['BR-57']);
    const tamperedTax = c.xml.replace(
      /(<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="EUR">)([\d.]+)/,
      (_, open: string, v: string) => `${open}${(Number(v) + 5).toFixed(2)}`,
    );
    expect(fatalIds(tamperedTax)).toContain('BR-CO-14');
  });
});

describe('en16931Issues: the rules a request cannot satisfy (the X-EN16931-Issues header)', () => {
  const sorted = (ids: readonly string[]) => [...ids].sort();

  it.each(cases.map((c) => [c.name, c] as const))("names exactly the Schematron's fatal rules: %s", (_, c) => {
    expect(sorted(en16931Issues(c.resolved))).toEqual(fatalIds(c.xml));
  });

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
    'a tax registration id (GSTIN) only: the categories are satisfied, the seller is not identified': {
      from: { name: 'S', ...A, country: 'IN', tax_id: '27AAPFU0939F1ZV' },
      to: { name: 'B', country: 'IN' },
      items: [
        item({
          taxes: [
            { name: 'CGST', rate: 9 },
            { name: 'SGST', rate: 9 },
          ],
        }),
      ],
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
    'JPY: two 5 % components on ¥10 each round up half a yen, a whole yen off ¥10 × 10 % (BR-S-09)': {
      from: { name: 'S', country: 'JP', tax_id: 'T1234567890123', registration_no: 'R' },
      to: { name: 'B', country: 'JP' },
      invoice: { number: 'R-1', date: '2025-05-01', currency: 'JPY' },
      items: [
        item({
          unit_price: 10,
          taxes: [
            { name: 'A', rate: 5 },
            { name: 'B', rate: 5 },
          ],
        }),
      ],
    },
    'untaxed invoice, seller VAT-like id (written as a tax registration id)': {
      from: { name: 'S', country: 'DE', tax_id: 'DE123456789' },
      to: { name: 'B', country: 'DE' },
      items: [item()],
      shipping: 4,
    },
  };

  it.each(Object.entries(requests))('%s', (_, body) => {
    const parsed = parseInvoiceRequest({ invoice: { number: 'R-1', date: '2025-05-01' }, ...body });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const resolved = resolveInvoice(parsed.value, { today: '2025-05-01', randomBytes: new Uint8Array(16) });
    const xml = renderInvoiceUbl(resolved);
    expect(sorted(en16931Issues(resolved))).toEqual(fatalIds(xml));
  });

  it('docs/ubl.md names the field that fixes each reported rule', () => {
    const docs = readFileSync(resolve(import.meta.dirname, '../../../docs/ubl.md'), 'utf8');
    for (const rule of Object.keys(EN16931_RULE_FIXES))
      expect(docs, rule).toMatch(new RegExp(`^\\| [^|\\n]*\\b${rule}\\b[^|\\n]*\\|`, 'm'));
  });
});
