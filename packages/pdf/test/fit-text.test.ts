import { describe, expect, it } from 'vitest';
import { createInvoiceDocument } from '../src/document/create-document.ts';
import { pageContent } from '../src/document/page-content.ts';
import { Canvas } from '../src/layout/canvas.ts';
import { fitLines, fitOneLine, styleToFit } from '../src/layout/fit-text.ts';
import { createTextEngine, type TextStyle } from '../src/text/text-engine.ts';
import { fonts } from './helpers/invoice-fixtures.ts';

const fontSet = fonts();

async function canvas(language = 'en'): Promise<Canvas> {
  const doc = await createInvoiceDocument({
    title: 't',
    author: 'a',
    subject: 's',
    language,
    creationDate: new Date(0),
  });
  const c = new Canvas(doc, createTextEngine(doc, fontSet, { language }), language === 'ar' ? 'rtl' : 'ltr', language);
  c.addPage();
  return c;
}

const style: TextStyle = { size: 20, weight: 'bold' };

describe('styleToFit / fitLines: display text shrinks before it is broken', () => {
  it('text that fits keeps its style object (the common case allocates nothing)', async () => {
    const c = await canvas();
    expect(styleToFit(c, 'INVOICE', 300, style, 0.5)).toBe(style);
    // a long title with spaces wraps at its spaces at full size: only a too-wide word shrinks it
    expect(styleToFit(c, 'Invoice for consulting services rendered in March', 200, style, 0.5)).toBe(style);
  });

  it('a word wider than the box shrinks the text until it fits, not below minScale; past that it is broken', async () => {
    const c = await canvas();
    const word = 'X'.repeat(20);
    const natural = c.measure(word, style);
    const fit = fitLines(c, word, natural * 0.8, style, 0.5);
    expect(fit.lines).toEqual([word]);
    expect(fit.style.size).toBeLessThanOrEqual(16);
    expect(fit.style.size).toBeGreaterThan(15.9);
    const floor = fitLines(c, 'X'.repeat(120), natural * 0.8, style, 0.5);
    expect(floor.style.size).toBe(10);
    expect(floor.lines.join('')).toBe('X'.repeat(120));
    for (const line of floor.lines) expect(c.measure(line, floor.style)).toBeLessThanOrEqual(natural * 0.8);
  });

  it('wholeLines: a number with spaces (fr thousands) shrinks as one instead of wrapping at a space', async () => {
    const c = await canvas();
    const amount = '9 999 999 999 999,99 €';
    const width = c.measure(amount, style) * 0.9;
    const fit = fitLines(c, amount, width, style, 0.6, true);
    expect(fit.lines).toEqual([amount]);
    expect(c.measure(amount, fit.style)).toBeLessThanOrEqual(width);
  });
});

describe('fitOneLine: one-line boxes shrink, then cut with an ellipsis', () => {
  it.each(['en', 'ar'])('%s: the result always fits and keeps the start of the text', async (language) => {
    const c = await canvas(language);
    const text =
      language === 'ar' ? 'شركة الخليج للتجارة العامة والمقاولات '.repeat(4) : `INVOICE ${'0123456789'.repeat(12)}`;
    const small = fitOneLine(c, 'INVOICE 42', 200, style, 0.85);
    expect(small).toEqual({ text: 'INVOICE 42', style });
    const cut = fitOneLine(c, text, 200, style, 0.85);
    expect(cut.style.size).toBeCloseTo(17, 1);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(text.startsWith(cut.text.slice(0, -1))).toBe(true);
    expect(c.measure(cut.text, cut.style)).toBeLessThanOrEqual(200);
  });
});

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
