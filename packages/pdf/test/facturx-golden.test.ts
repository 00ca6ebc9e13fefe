import { TEMPLATE_NAMES } from '@invoice/model';
import { describe, expect, it } from 'vitest';
import { rasterPages } from '../../../test/support/page-raster.ts';
import { facturxInvoice, renderFacturx, renderPlain } from './helpers/facturx-fixtures.ts';
import { manyItems } from './helpers/invoice-fixtures.ts';
import { writePdf } from './helpers/poppler.ts';

/**
 * Issue 13: "looks the same as the plain PDF". The Factur-X document adds metadata, an output intent and
 * an attachment but no page content, so every page renders pixel for pixel like the plain PDF's.
 */

const DPI = 60;
const cases = TEMPLATE_NAMES.flatMap((template) => ['en', 'ar'].map((language) => ({ template, language })));

/** Every page as pixels: one pdftoppm over the document. */
async function pagesOf(name: string, bytes: Uint8Array) {
  return rasterPages(writePdf(name, bytes), DPI);
}

describe('issue 13: golden images, Factur-X PDF against the plain PDF of the same invoice', () => {
  it.each(cases)('$template/$language: every page is pixel-identical', async ({ template, language }) => {
    // 30 items: a second page too, with the continued table and the page footer.
    const invoice = facturxInvoice(language, template, { items: manyItems(30, language) });
    const plain = await pagesOf(`golden-plain-${template}-${language}`, await renderPlain(invoice));
    const hybrid = await pagesOf(`golden-facturx-${template}-${language}`, await renderFacturx(invoice));
    expect(plain.length).toBeGreaterThan(1);
    expect(hybrid.length).toBe(plain.length);
    for (let p = 0; p < plain.length; p++) {
      expect([hybrid[p].width, hybrid[p].height]).toEqual([plain[p].width, plain[p].height]);
      expect(Buffer.compare(hybrid[p].data, plain[p].data), `page ${p + 1}`).toBe(0);
    }
  });

  it('the comparison sees a one-word change (so identical means identical)', async () => {
    const invoice = facturxInvoice('en', 'classic');
    const other = facturxInvoice('en', 'classic', { notes: 'Thank you for your order.' });
    const [a] = await pagesOf('golden-plain-note-a', await renderPlain(invoice));
    const [b] = await pagesOf('golden-facturx-note-b', await renderFacturx(other));
    expect(Buffer.compare(a.data, b.data)).not.toBe(0);
  });
});
