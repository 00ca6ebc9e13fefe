import { describe, expect, it } from 'vitest';
import { validateEn16931 } from '../../../../shared/en16931/validate.mjs';
import { renderInvoiceUbl } from '../src/index.ts';
import { buildInvoiceCases } from './invoice-cases.ts';
import { all, opt, parseUbl, path, type El } from './ubl-dom.ts';

/**
 * The official CEN/TC 434 EN 16931 rules (Schematron v1.3.16, ../shared/en16931 beside the repository, run
 * with saxon-js) over the UBL corpus. They complement the XSD step (ubl-xsd-validation.test.ts) and the
 * hand-written BR-CO checks (en16931-business-rules.test.ts) with every BR-* rule as EU validators run it.
 * About 1 s for the first document and 0.2 s for each one after.
 */

const cases = buildInvoiceCases().map((c) => ({ ...c, xml: renderInvoiceUbl(c.resolved) }));
const fatalIds = (xml: string) => [...new Set(validateEn16931(xml).fatal.map((f) => f.id))].sort();

const country = (address: El | undefined) => (address && opt(address, 'cac:Country') ? path(address, 'cac:Country', 'cbc:IdentificationCode').text : undefined);

/** Both parties have a country code, and so does the deliver-to address when there is one. */
function givesCountries(xml: string): boolean {
  const doc = parseUbl(xml);
  const party = (role: string) => opt(path(doc, role, 'cac:Party'), 'cac:PostalAddress');
  const delivery = all(doc, 'cac:Delivery').flatMap((d) => all(d, 'cac:DeliveryLocation').map((l) => opt(l, 'cac:Address')));
  return [party('cac:AccountingSupplierParty'), party('cac:AccountingCustomerParty'), ...delivery.filter((a) => a !== undefined)].every((a) => country(a) !== undefined);
}

const withCountries = cases.filter((c) => givesCountries(c.xml));
const withoutCountries = cases.filter((c) => !givesCountries(c.xml));

describe('CEN EN 16931 Schematron on the produced UBL', () => {
  it('the corpus: every invoice but the few that name no country gives a country for each party and deliver-to address', () => {
    expect(withCountries.length).toBeGreaterThanOrEqual(110);
    expect(withCountries.filter((c) => c.multiComponent).length).toBeGreaterThan(5);
    expect(withCountries.filter((c) => c.resolved.request.ship_to).length).toBeGreaterThanOrEqual(4);
    expect(withoutCountries.map((c) => c.name)).toEqual([
      'unicode in every field', 'XML-special characters in every field', 'control characters and lone surrogates', 'minimal request', 'camelCase input',
    ]);
  });

  it.each(withCountries.map((c) => [c.name, c] as const))('0 fatal findings: %s', (_, c) => {
    expect(validateEn16931(c.xml).fatal).toEqual([]);
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
    const noBuyerCountry = c.xml.replace(/(<cac:AccountingCustomerParty>[\s\S]*?)<cac:Country>[\s\S]*?<\/cac:Country>/, '$1');
    expect(fatalIds(noBuyerCountry)).toEqual(['BR-11']);
    const noDeliverToCountry = c.xml.replace(/(<cac:Delivery>[\s\S]*?)<cac:Country>[\s\S]*?<\/cac:Country>/, '$1');
    expect(fatalIds(noDeliverToCountry)).toEqual(['BR-57']);
    const tamperedTax = c.xml.replace(/(<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="EUR">)([\d.]+)/, (_, open: string, v: string) => `${open}${(Number(v) + 5).toFixed(2)}`);
    expect(fatalIds(tamperedTax)).toContain('BR-CO-14');
  });
});
