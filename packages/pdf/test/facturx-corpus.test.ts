import { ciiEn16931Issues, renderInvoiceCii } from '@invoice/cii';
import { minorUnits, TEMPLATE_NAMES } from '@invoice/model';
import { FACTURX_PDF_SHAPES } from '@invoice/ubl/test/facturx-pdf-shapes';
import { buildInvoiceCases, representativeCases } from '@invoice/ubl/test/invoice-cases';
import { describe, expect, it } from 'vitest';
import { checkFacturxPdf } from '../../../../shared/facturx/check-pdf.mjs';
import { renderFacturx } from './helpers/facturx-fixtures.ts';
import { pdfInfo, writePdf } from './helpers/poppler.ts';

/**
 * Issue 13: the invoice corpus as Factur-X PDFs. Shapes of the corpus whose CII the service calls conformant (no
 * X-EN16931-Issues): the tax shapes that change the document's structure (one rate, several, components, none,
 * mixed, tax-inclusive), both currency classes (2 and 0 decimals), both document types and a multi-page invoice,
 * in a template and a language taken in turn, so that every template and every language is met twice; each passes
 * check-pdf.mjs. The rules inside check-pdf.mjs read the embedded CII, which is renderInvoiceCii's: that XML is
 * validated for every shape of the corpus, under the same Factur-X rules, in packages/cii/test/cii-schematron.test.ts,
 * so this file checks the hybrid PDF around it on 10 shapes, not all 21 (P9).
 */

const LANGS = ['en', 'de', 'fr', 'ar'];
/** One invoice per tax shape, then the other dimensions a PDF varies by. */
const SHAPES = FACTURX_PDF_SHAPES;

const byName = new Map(representativeCases(buildInvoiceCases()).map((c) => [c.name, c]));
const corpus = SHAPES.map((name, i) => {
  const c = byName.get(name);
  if (!c) throw new Error(`no representative invoice case named ${name}`);
  const template = TEMPLATE_NAMES[i % TEMPLATE_NAMES.length];
  const language = LANGS[i % LANGS.length];
  const request = { ...c.resolved.request, template, invoice: { ...c.resolved.request.invoice, language } };
  return { name, template, language, resolved: { ...c.resolved, request } as typeof c.resolved };
});

describe('issue 13: the corpus as Factur-X PDFs', () => {
  it('covers every template and every language twice, both document types, both currency classes, the tax shapes', () => {
    expect(corpus.filter((c) => ciiEn16931Issues(c.resolved).length > 0).map((c) => c.name)).toEqual([]);
    for (const t of TEMPLATE_NAMES) expect(corpus.filter((c) => c.template === t).length, t).toBeGreaterThanOrEqual(2);
    for (const l of LANGS) expect(corpus.filter((c) => c.language === l).length, l).toBeGreaterThanOrEqual(2);
    expect(new Set(corpus.map((c) => c.resolved.request.invoice.type ?? 'invoice'))).toEqual(
      new Set(['invoice', 'credit_note']),
    );
    expect(new Set(corpus.map((c) => minorUnits(c.resolved.totals.currency)))).toEqual(new Set([0, 2]));
    const totals = corpus.map((c) => c.resolved.totals);
    expect(totals.some((t) => t.tax_inclusive)).toBe(true);
    expect(totals.some((t) => t.lines.some((l) => l.taxes.length > 1))).toBe(true);
    expect(totals.some((t) => t.tax_lines.length === 0)).toBe(true);
  });

  it.each(corpus)(
    '$name ($template, $language): check-pdf.mjs finds no problem; factur-x.xml is its CII',
    async ({ name, resolved }) => {
      const file = writePdf(`facturx-corpus-${name.replace(/[^a-z0-9]+/gi, '-')}`, await renderFacturx(resolved));
      const { problems, xml } = checkFacturxPdf(file);
      expect(problems).toEqual([]);
      expect(xml).toBe(renderInvoiceCii(resolved));
      if (name === '100 items') expect(Number(pdfInfo(file).Pages)).toBeGreaterThan(1);
    },
  );
});
