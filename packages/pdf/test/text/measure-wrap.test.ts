import { describe, expect, it } from 'vitest';
import { createInvoiceDocument } from '../../src/document/create-document.ts';
import { layoutLine } from '../../src/text/line-layout.ts';
import { createTextEngine, toEasternArabicDigits } from '../../src/text/text-engine.ts';
import { fontSet } from './render-helpers.ts';

const fonts = fontSet();
const engine = async (language: string) =>
  createTextEngine(
    await createInvoiceDocument({ title: 't', author: 'a', subject: 's', language, creationDate: new Date(0) }),
    fonts,
    { language },
  );
const style = { size: 10 };

describe('measure', () => {
  it('is additive for the direct path and scales with the size', async () => {
    const e = await engine('en');
    expect(e.measure('AAAA', style)).toBeCloseTo(4 * e.measure('A', style), 6);
    expect(e.measure('Total', { size: 20 })).toBeCloseTo(2 * e.measure('Total', style), 6);
    // Noto Sans "A" advance is 639/1000 em
    expect(e.measure('A', style)).toBeCloseTo(6.39, 2);
  });

  it('bold is wider than regular; the widest line of a multi-line text counts', async () => {
    const e = await engine('en');
    expect(e.measure('Grand total', { size: 10, weight: 'bold' })).toBeGreaterThan(e.measure('Grand total', style));
    expect(e.measure('ab\nabcdef', style)).toBeCloseTo(e.measure('abcdef', style), 6);
  });

  it('shaped scripts measure their shaped advances (a conjunct is narrower than its letters)', async () => {
    const e = await engine('hi');
    const parts = ['क', '्', 'ष'].reduce((w, c) => w + e.measure(c, style), 0);
    expect(e.measure('क्ष', style)).toBeGreaterThan(0);
    expect(e.measure('क्ष', style)).toBeLessThan(parts);
  });

  it('issue 23: a style naming a family draws in it first; that family is never a fallback for other text', async () => {
    const e = await engine('de');
    const [lib, noto] = [fonts.face('LiberationSans', 'regular')!.sfnt, fonts.face('NotoSans', 'regular')!.sfnt];
    const advances = (f: typeof lib, text: string) =>
      ([...text].reduce((w, c) => w + f.advance(f.glyphFor(c.codePointAt(0)!)), 0) * 10) / f.unitsPerEm;
    expect(e.measure('Zahlteil', { size: 10, family: 'LiberationSans' })).toBeCloseTo(advances(lib, 'Zahlteil'), 6);
    expect(e.measure('Zahlteil', style)).toBeCloseTo(advances(noto, 'Zahlteil'), 6);
    // U+03E2: Liberation Sans has it, no Noto subset does; text without a family keeps Noto's replacement glyph
    expect(lib.glyphFor(0x3e2)).toBeGreaterThan(0);
    expect(e.measure('\u03e2', style)).toBeCloseTo(advances(noto, '\ufffd'), 6);
  });

  it('lineHeight follows the primary font', async () => {
    expect((await engine('en')).lineHeight({ size: 10 })).toBeCloseTo(13.62, 2);
    expect((await engine('ja')).lineHeight({ size: 10 })).toBeGreaterThan(13.62);
  });
});

describe('wrap', () => {
  it('respects newlines and breaks at spaces, every line fitting', async () => {
    const e = await engine('en');
    const text = 'Consulting services for the redesign of the customer portal, March 2026\nSecond paragraph';
    const lines = e.wrap(text, 120, style);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines[lines.length - 1]).toBe('Second paragraph');
    expect(lines.join(' ')).toBe(text.replace('\n', ' '));
    for (const l of lines) expect(e.measure(l, style)).toBeLessThanOrEqual(120);
  });

  it('hard-breaks a word longer than the line', async () => {
    const e = await engine('en');
    const lines = e.wrap('x'.repeat(200), 50, style);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.join('')).toBe('x'.repeat(200));
    for (const l of lines) expect(e.measure(l, style)).toBeLessThanOrEqual(50);
  });

  it('Japanese wraps between characters without spaces, never before 。', async () => {
    const e = await engine('ja');
    const text = 'ご請求金額をお支払い期限までに指定の口座へお振り込みください。よろしくお願いいたします。';
    const lines = e.wrap(text, 100, style);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('')).toBe(text);
    for (const l of lines) expect(l.startsWith('。')).toBe(false);
  });

  it('does not split a Devanagari cluster when hard-breaking', async () => {
    const e = await engine('hi');
    const lines = e.wrap('क्षत्रियक्षत्रियक्षत्रियक्षत्रिय', 30, style);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.startsWith('्') || /^[\u093e-\u094d]/.test(l)).toBe(false);
  });
});

describe('bidi line layout', () => {
  it('Arabic paragraph: runs in visual order, digits and Latin left-to-right inside', () => {
    const chain = ['NotoSans', 'NotoSansArabic'].map((f) => fonts.face(f, 'regular')!);
    const { runs } = layoutLine(fonts, chain, 'فاتورة رقم INV-2026 بتاريخ ١٢٣', true);
    const visual = runs.map((r) => r.texts.join('')).join('');
    // leftmost is the Eastern Arabic number (left-to-right inside), rightmost the first Arabic word
    expect(visual.startsWith('١٢٣')).toBe(true);
    expect(visual).toContain('INV-2026');
    expect(runs[runs.length - 1].face.family).toBe('NotoSansArabic');
  });

  it('brackets are mirrored in right-to-left runs: "(١)" still looks like (١)', () => {
    const chain = ['NotoSans', 'NotoSansArabic'].map((f) => fonts.face(f, 'regular')!);
    const { runs } = layoutLine(fonts, chain, 'رقم (١)', true);
    const glyphs = runs.flatMap((r) => r.gids.map((gid) => ({ gid, sfnt: r.face.sfnt })));
    const one = glyphs.findIndex((g) => g.gid === g.sfnt.glyphFor(0x661));
    expect(one).toBeGreaterThan(0);
    expect(glyphs[one - 1].gid).toBe(glyphs[one - 1].sfnt.glyphFor(0x28)); // "(" drawn left of the digit
    expect(glyphs[one + 1].gid).toBe(glyphs[one + 1].sfnt.glyphFor(0x29));
  });

  it('toEasternArabicDigits converts ASCII digits', () => {
    expect(toEasternArabicDigits('INV-2026')).toBe('INV-٢٠٢٦');
  });
});
