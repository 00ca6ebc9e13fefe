import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type En16931Finding, validateEn16931 } from '../../../../shared/en16931/validate.mjs';
import { EN16931_RULE_FIXES, en16931Issues, renderInvoiceUbl } from '../src/index.ts';
import { missingShapes } from './corpus-shapes.ts';
import { EN16931_ISSUE_REQUESTS, resolveIssueRequest } from './en16931-issue-requests.ts';
import { buildInvoiceCases, representativeCases } from './invoice-cases.ts';
import { all, type El, opt, parseUbl, path } from './ubl-dom.ts';

/**
 * The official CEN/TC 434 EN 16931 rules (Schematron v1.3.16, ../shared/en16931 beside the repository, run
 * with saxon-js) over the UBL corpus, each shape once (representativeCases). They complement the XSD step
 * (ubl-xsd-validation.test.ts) and the hand-written BR-CO checks over the whole corpus
 * (en16931-business-rules.test.ts) with every BR-* rule as EU validators run it. About 1 s for the first
 * document and 0.2 s for each one after.
 */

const corpus = buildInvoiceCases();
const cases = representativeCases(corpus).map((c) => ({ ...c, xml: renderInvoiceUbl(c.resolved) }));
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
  it('the corpus: every shape of the whole invoice set, each invoice but the few that name no country gives a country for each party and deliver-to address', () => {
    expect(
      missingShapes(
        corpus.map((c) => renderInvoiceUbl(c.resolved)),
        cases.map((c) => c.xml),
      ),
    ).toEqual([]);
    expect(withCountries.filter((c) => c.multiComponent).length).toBeGreaterThanOrEqual(3);
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

  it.each(Object.entries(EN16931_ISSUE_REQUESTS))('%s', (_, body) => {
    const resolved = resolveIssueRequest(body);
    expect(sorted(en16931Issues(resolved))).toEqual(fatalIds(renderInvoiceUbl(resolved)));
  });

  it('docs/ubl.md names the field that fixes each reported rule', () => {
    const docs = readFileSync(resolve(import.meta.dirname, '../../../docs/ubl.md'), 'utf8');
    for (const rule of Object.keys(EN16931_RULE_FIXES))
      expect(docs, rule).toMatch(new RegExp(`^\\| [^|\\n]*\\b${rule}\\b[^|\\n]*\\|`, 'm'));
  });
});
