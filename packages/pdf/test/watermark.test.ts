import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../src/index.ts';
import { fonts, fullInvoice, manyItems, resolve } from './helpers/invoice-fixtures.ts';
import { pdfInfo, pdfText, qpdfCheck, renderPng, squash, writePdf } from './helpers/poppler.ts';

// The web app's preview (POST /api/preview) marks every page; the option must change nothing else.
async function render(name: string, language: string, template: string, watermark?: string) {
  const invoice = resolve(fullInvoice(language, template, { items: manyItems(45, language) }));
  const bytes = await renderInvoicePdf(invoice, {
    fonts: fonts(),
    qr: { text: 'https://invoices.example/i/x?t=y' },
    watermark,
  });
  return { file: writePdf(name, bytes), bytes };
}

const lines = (text: string) => text.split('\n').map(squash).filter(Boolean).sort();
const pages = (file: string) => Array.from({ length: Number(pdfInfo(file).Pages) }, (_, i) => i + 1);

describe('watermark option', () => {
  it.each([
    ['en', 'classic'],
    ['ar', 'navy'],
    ['de', 'bold'],
  ])(
    '%s %s: PREVIEW is extracted once on every page of a 3-page invoice, and the text is otherwise the same',
    async (language, template) => {
      const marked = await render(`watermark-${language}-${template}`, language, template, 'PREVIEW');
      const plain = await render(`watermark-none-${language}-${template}`, language, template);
      expect(pages(marked.file)).toEqual([1, 2, 3]);
      expect(qpdfCheck(marked.file).ok).toBe(true);
      for (const p of pages(marked.file)) {
        const withMark = pdfText(marked.file, { first: p, last: p });
        const without = pdfText(plain.file, { first: p, last: p });
        expect(withMark.match(/PREVIEW/g), `page ${p}`).toHaveLength(1);
        expect(without).not.toContain('PREVIEW');
        // Poppler may place the diagonal word between two blocks and read them in another order, so the
        // lines are compared as a set: the same lines, and PREVIEW besides.
        expect(lines(withMark).filter((l) => l !== 'PREVIEW')).toEqual(lines(without));
      }
    },
  );

  it('is deterministic (D14) and leaves the unmarked render as it was', async () => {
    const a = await render('watermark-det-a', 'en', 'minimal', 'PREVIEW');
    const b = await render('watermark-det-b', 'en', 'minimal', 'PREVIEW');
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    const plain = await render('watermark-det-none', 'en', 'minimal');
    const empty = await render('watermark-det-empty', 'en', 'minimal', '');
    expect(Buffer.from(plain.bytes).equals(Buffer.from(empty.bytes))).toBe(true);
  });

  it('is light: it tints the page centre without darkening it like ink', async () => {
    const { file } = await render('watermark-light', 'en', 'minimal', 'PREVIEW');
    const { file: plainFile } = await render('watermark-light-none', 'en', 'minimal');
    const marked = renderPng(file, 2, 40);
    const plain = renderPng(plainFile, 2, 40);
    // Where the paper was white and the mark falls on it, it is tinted, never inked.
    let tinted = 0;
    let darkest = 255;
    for (let i = 0; i < marked.data.length; i += 4) {
      if (plain.data[i] === 255 && marked.data[i] !== 255) {
        tinted++;
        darkest = Math.min(darkest, marked.data[i], marked.data[i + 1], marked.data[i + 2]);
      }
    }
    expect(tinted).toBeGreaterThan(1000);
    expect(darkest).toBeGreaterThan(200);
  });

  it.each(['classic', 'modern', 'minimal', 'bold', 'navy'])(
    "issue 26 (K6): a test key's TEST is on every page of a %s invoice, and in its title and keywords",
    async (template) => {
      const marked = await render(`watermark-test-${template}`, 'en', template, 'TEST');
      expect(pages(marked.file)).toEqual([1, 2, 3]);
      for (const p of pages(marked.file))
        expect(pdfText(marked.file, { first: p, last: p }).match(/\bTEST\b/g), `page ${p}`).toHaveLength(1);
      const info = pdfInfo(marked.file);
      expect(info.Title).toMatch(/^TEST: /);
      expect(info.Keywords?.split(/\s+/)[0]).toBe('TEST');
    },
  );
});
