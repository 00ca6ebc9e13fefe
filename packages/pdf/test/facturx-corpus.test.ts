import { ciiEn16931Issues, renderInvoiceCii } from '@invoice/cii';
import { TEMPLATE_NAMES } from '@invoice/model';
import { buildInvoiceCases } from '@invoice/ubl/test/invoice-cases';
import { describe, expect, it } from 'vitest';
import { checkFacturxPdf } from '../../../../shared/facturx/check-pdf.mjs';
import { renderFacturx } from './helpers/facturx-fixtures.ts';
import { writePdf } from './helpers/poppler.ts';

/**
 * Issue 13: the invoice corpus (every currency, every tax shape, discounts, shipping, deposit, rounding,
 * tax-inclusive, 100 items, Unicode and XML-special text, random invoices) as Factur-X PDFs. Every invoice
 * whose CII the service calls conformant (no X-EN16931-Issues) passes check-pdf.mjs, in a template and a
 * language taken in turn.
 */

const LANGS = ['en', 'de', 'fr', 'ar'];
const conformant = buildInvoiceCases(12)
  .filter((c) => ciiEn16931Issues(c.resolved).length === 0)
  .map((c, i) => {
    const request = {
      ...c.resolved.request,
      template: TEMPLATE_NAMES[i % TEMPLATE_NAMES.length],
      invoice: { ...c.resolved.request.invoice, language: LANGS[i % LANGS.length] },
    };
    return { name: c.name, resolved: { ...c.resolved, request } as typeof c.resolved };
  });

describe('issue 13: the corpus as Factur-X PDFs', () => {
  it('holds enough conformant invoices to mean something', () => {
    expect(conformant.length).toBeGreaterThanOrEqual(30);
  });

  it.each(conformant)('$name: check-pdf.mjs finds no problem; factur-x.xml is its CII', async ({ name, resolved }) => {
    const file = writePdf(`facturx-corpus-${name.replace(/[^a-z0-9]+/gi, '-')}`, await renderFacturx(resolved));
    const { problems, xml } = checkFacturxPdf(file);
    expect(problems).toEqual([]);
    expect(xml).toBe(renderInvoiceCii(resolved));
  });
});
