import { labelsFor, pageLabel } from '@invoice/i18n';
import { describe, expect, it } from 'vitest';
import { createInvoiceDocument } from '../src/document/create-document.ts';
import { renderInvoicePdf } from '../src/index.ts';
import { Canvas } from '../src/layout/canvas.ts';
import { fieldPieces } from '../src/layout/pieces.ts';
import { createTextEngine } from '../src/text/text-engine.ts';
import { fonts, fullInvoice, manyItems, resolve } from './helpers/invoice-fixtures.ts';
import { overlappingWords, pdfInfo, pdfText, squash, wordBoxes, writePdf } from './helpers/poppler.ts';

async function render(name: string, body: Record<string, unknown>) {
  const bytes = await renderInvoicePdf(resolve(body), {
    fonts: fonts(),
    qr: { text: 'https://invoices.example/i/x?t=y' },
  });
  return writePdf(name, bytes);
}

function assertInsidePagesAndNoOverlap(file: string) {
  const words = wordBoxes(file);
  for (const w of words) {
    expect(w.xMin, w.text).toBeGreaterThanOrEqual(0);
    expect(w.xMax, w.text).toBeLessThanOrEqual(w.pageWidth);
    expect(w.yMin, w.text).toBeGreaterThanOrEqual(0);
    expect(w.yMax, w.text).toBeLessThanOrEqual(w.pageHeight);
  }
  expect(overlappingWords(words).map(([a, b]) => `p${a.page}: ${a.text} × ${b.text}`)).toEqual([]);
}

describe('issue 4: long invoices flow over pages', () => {
  it('100 items: several pages, "Page N of M" and the table header on every page, no row split', async () => {
    const file = await render('paginate-100-en', fullInvoice('en', 'classic', { items: manyItems(100) }));
    const pages = Number(pdfInfo(file).Pages);
    expect(pages).toBeGreaterThan(1);
    const l = labelsFor('en');
    let rowsSeen = 0;
    for (let p = 1; p <= pages; p++) {
      const text = pdfText(file, { first: p, last: p });
      expect(text).toContain(pageLabel(p, pages, 'en'));
      const rows = [...text.matchAll(/Website redesign and development #(\d+)/g)].length;
      if (rows > 0) expect(text, `page ${p} repeats the table header`).toContain(l.unitPrice);
      rowsSeen += rows;
    }
    expect(rowsSeen).toBe(100);
    assertInsidePagesAndNoOverlap(file);
  });

  it('the totals block stays together on one page', async () => {
    const file = await render('paginate-totals-en', fullInvoice('en', 'navy', { items: manyItems(100) }));
    const pages = Number(pdfInfo(file).Pages);
    const pageWith = (s: string) =>
      Array.from({ length: pages }, (_, i) => i + 1).filter((p) => pdfText(file, { first: p, last: p }).includes(s));
    expect(pageWith('Subtotal')).toEqual(pageWith('Balance due'));
    expect(pageWith('Subtotal')).toHaveLength(1);
  });

  it('limits: 500-character descriptions and names, 5,000-character address, note, terms and footer stay on the page without overlaps', async () => {
    const words = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');
    const long500 = words(200, 'desc').slice(0, 500);
    const long5000 = words(1200, 'note').slice(0, 5000);
    const unbroken = 'X'.repeat(500);
    const body = fullInvoice('de', 'bold', {
      from: { name: long500, address: words(900, 'addr').slice(0, 5000), email: unbroken },
      to: { name: 'Kunde GmbH', address: long5000.replace(/ /g, '\n').slice(0, 5000) },
      items: [
        { description: long500, quantity: 8000, unit_price: 999999999.99, tax_rate: 19, discount: 12.5 },
        {
          description: unbroken,
          quantity: 1,
          unit_price: 1,
          taxes: [
            { name: 'CGST', rate: 9 },
            { name: 'SGST', rate: 9 },
          ],
        },
        ...manyItems(30, 'de'),
      ],
      notes: long5000,
      refund_policy: long5000,
      footer: long5000,
      invoice: {
        number: 'INV-LONG-1',
        date: '2026-03-01',
        terms: long5000,
        po_number: long500,
        currency: 'EUR',
        language: 'de',
        title: long500,
      },
      shipping_label: long500,
    });
    const file = await render('limits-de', body);
    expect(Number(pdfInfo(file).Pages)).toBeGreaterThan(3);
    const text = squash(pdfText(file));
    // Everything is printed somewhere: the last words of each long text are present.
    expect(text).toContain(long5000.split(' ').at(-2)!);
    expect(text).toContain(squash(long500.slice(-30)));
    assertInsidePagesAndNoOverlap(file);
  });

  it.each(['classic', 'modern', 'bold', 'minimal', 'navy'])(
    'issue 10, %s: parties longer than the rest of page 1 start on it instead of leaving it empty',
    async (template) => {
      const lines = (prefix: string, n: number) =>
        Array.from({ length: n }, (_, i) => `${prefix} line ${i + 1}`).join('\n');
      const base = fullInvoice('en', template);
      // from short to longer than a page: somewhere in between, the block no longer fits below the header
      for (let n = 20; n <= 68; n += 4) {
        const file = await render(`paginate-parties-${template}-${n}`, {
          ...base,
          to: { ...(base.to as Record<string, unknown>), address: lines('Buyer', n) },
        });
        const first = pdfText(file, { first: 1, last: 1 });
        expect(first, `${n} lines`).toContain('Contoso Trading GmbH');
        assertInsidePagesAndNoOverlap(file);
      }
    },
  );

  it('a heading or a label is one piece with the first line under it, so a page never breaks between them', async () => {
    const doc = await createInvoiceDocument({
      title: 't',
      author: 'a',
      subject: 's',
      language: 'en',
      creationDate: new Date(0),
    });
    const c = new Canvas(doc, createTextEngine(doc, fonts(), { language: 'en' }), 'ltr');
    const label = { size: 8 };
    const [labelAndFirst, second] = fieldPieces(c, 'Website', 'w'.repeat(200), 120, label, label);
    expect(labelAndFirst.height).toBeCloseTo(2 * c.lineHeight(label), 6);
    expect(second.height).toBeCloseTo(c.lineHeight(label), 6);
  });

  it('ar: the 100-item table is mirrored on every page (description at the right, amount at the left)', async () => {
    const file = await render('paginate-100-ar', fullInvoice('ar', 'modern', { items: manyItems(100, 'ar') }));
    const words = wordBoxes(file);
    const pages = Number(pdfInfo(file).Pages);
    expect(pages).toBeGreaterThan(1);
    for (let p = 1; p <= pages; p++) {
      const text = pdfText(file, { first: p, last: p });
      expect(squash(text)).toContain(squash(pageLabel(p, pages, 'ar')));
    }
    // Money values (Latin digits, reliable in poppler's boxes) on a continuation page: the amount
    // column is at the left edge, and nothing numeric sits in the description column at the right.
    const money = words.filter((w) => w.page === 2 && /^-?\d{1,3}(,\d{3})*\.\d{2}$/.test(w.text));
    expect(money.length).toBeGreaterThan(20);
    expect(Math.min(...money.map((w) => w.xMin))).toBeLessThan(110);
    for (const w of money) expect(w.xMax).toBeLessThan(w.pageWidth * 0.6);
  });
});
