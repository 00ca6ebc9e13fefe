import { ublAddress } from '@invoice/ubl';
import { missingShapes } from '@invoice/ubl/test/corpus-shapes';
import { EN16931_ISSUE_REQUESTS, resolveIssueRequest } from '@invoice/ubl/test/en16931-issue-requests';
import { FACTURX_PDF_SHAPES } from '@invoice/ubl/test/facturx-pdf-shapes';
import { buildInvoiceCases, representativeCases } from '@invoice/ubl/test/invoice-cases';
import { describe, expect, it } from 'vitest';
import { type En16931Finding, validateEn16931 } from '../../../../shared/en16931/validate.mjs';
import { ciiEn16931Issues, renderInvoiceCii } from '../src/index.ts';

/**
 * The CEN/TC 434 EN 16931 rules for CII (v1.3.16) and the Factur-X 1.09 EN 16931 profile rules (EN 16931
 * plus Factur-X's own), both from ../shared beside the repository and run with saxon-js, over the CII of
 * the UBL corpus, each shape once (representativeCases; the amounts of the whole corpus are compared with
 * the UBL's in cii-amounts.test.ts). About 0.1–0.3 s a document.
 */

const corpus = buildInvoiceCases();
const cases = representativeCases(corpus).map((c) => ({ ...c, xml: renderInvoiceCii(c.resolved) }));
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
  it('issue 13: the corpus: every shape of the whole invoice set; every invoice but the few that name no country passes through the rules', () => {
    expect(
      missingShapes(
        corpus.map((c) => renderInvoiceCii(c.resolved)),
        cases.map((c) => c.xml),
      ),
    ).toEqual([]);
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

  // The shapes facturx-corpus.test.ts embeds meet the same rules there, inside the whole PDF (check-pdf.mjs).
  const facturxHere = withCountries.filter((c) => !(FACTURX_PDF_SHAPES as readonly string[]).includes(c.name));
  it('issue 13: every shape meets the Factur-X EN 16931 rules here or in facturx-corpus.test.ts', () => {
    const names = new Set(cases.map((c) => c.name));
    for (const name of FACTURX_PDF_SHAPES) expect(names.has(name), name).toBe(true);
    expect(facturxHere.length).toBeGreaterThan(0);
  });

  it.each(facturxHere.map((c) => [c.name, c] as const))(
    'issue 13: 0 fatal findings under the Factur-X EN 16931 rules: %s',
    (_, c) => {
      expect(fatalOf(c.xml, true)).toEqual([]);
    },
  );

  it('issue 13: the rules can fail: a tampered tax total and a removed buyer country are reported', () => {
    const c = withCountries.find((x) => x.name === 'single rate (global_tax)')!;
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

  it.each(Object.entries(EN16931_ISSUE_REQUESTS))(
    "issue 13: names exactly the CEN CII rules' fatal findings: %s",
    (_, body) => {
      const resolved = resolveIssueRequest(body);
      expect(sorted(ciiEn16931Issues(resolved))).toEqual(fatalIds(renderInvoiceCii(resolved)));
    },
  );
});
