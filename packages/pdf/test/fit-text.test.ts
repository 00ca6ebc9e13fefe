import { describe, expect, it } from 'vitest';
import { createInvoiceDocument } from '../src/document/create-document.ts';
import { pageContent } from '../src/document/page-content.ts';
import { Canvas } from '../src/layout/canvas.ts';
import { createTextEngine } from '../src/text/text-engine.ts';
import { fonts } from './helpers/invoice-fixtures.ts';

const fontSet = fonts();

async function canvas(language = 'en'): Promise<Canvas> {
  const doc = await createInvoiceDocument({ title: 't', author: 'a', subject: 's', language, creationDate: new Date(0) });
  const c = new Canvas(doc, createTextEngine(doc, fontSet, { language }), language === 'ar' ? 'rtl' : 'ltr', language);
  c.addPage();
  return c;
}

describe('draw: a line wider than its box is drawn smaller, never outside the box', () => {
  it('the font size is scaled to the box width; a line that fits keeps its size', async () => {
    const c = await canvas();
    const line = 'X'.repeat(40);
    const w = c.measure(line, { size: 10 });
    c.text('fits', 42, 100, 100, { size: 10 });
    c.text(line, 42, 120, w / 2, { size: 10 }, 'end');
    const sizes = [...pageContent(c.doc, c.page).ops.matchAll(/ ([\d.]+) Tf/g)].map((m) => Number(m[1]));
    expect(sizes).toEqual([10, 5]);
  });
});
