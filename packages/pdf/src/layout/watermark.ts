/**
 * A diagonal watermark (the web app's "PREVIEW") drawn over every finished page. Over, not behind:
 * templates paint filled bands (navy's footer, band-blue's header) that would hide a mark beneath
 * them. The mark is a translucent fill (ExtGState `ca`), so everything under it stays legible, and
 * it is real text, so a reader (and pdftotext) sees the word on each page. Drawn after the invoice,
 * so the invoice's own content streams and glyph numbering stay as they are without it.
 */
import { type PDFName, PDFNumber } from '@cantoo/pdf-lib';
import { pageContent } from '../document/page-content.ts';
import { pdfNumber as n } from '../document/pdf-number.ts';
import { utf16Hex } from '../text/draw-glyphs.ts';
import type { TextStyle } from '../text/text-engine.ts';
import { type Canvas, PAGE } from './canvas.ts';

/** 45° up from the bottom-left corner, the usual "draft" diagonal. */
const ANGLE = Math.PI / 4;
/** Share of the page diagonal the word spans, and the size it never exceeds (a short word stays readable). */
const SPAN = 0.56;
const MAX_SIZE = 150;
const COLOR: [number, number, number] = [0.55, 0.55, 0.6];
/** Fill opacity: light enough that text under the mark reads as before. */
const OPACITY = 0.16;

export function drawWatermark(c: Canvas, text: string): void {
  const word = text.replace(/\s+/g, ' ').trim();
  if (!word) return;
  const diagonal = Math.hypot(PAGE.width, PAGE.height);
  const base: TextStyle = { size: 100, weight: 'bold', color: COLOR };
  const width100 = c.measure(word, base);
  if (width100 <= 0) return;
  const size = Math.min(MAX_SIZE, (100 * SPAN * diagonal) / width100);
  const style: TextStyle = { ...base, size };
  const width = c.measure(word, style);
  // The word's centre on the page centre: start half its length back along the diagonal, and
  // lower the baseline by a third of the size so the glyphs' middle sits on it.
  const cos = Math.cos(ANGLE);
  const sin = Math.sin(ANGLE);
  const dx = -width / 2;
  const dy = -size * 0.35;
  const ox = PAGE.width / 2 + dx * cos - dy * sin;
  const oy = PAGE.height / 2 + dx * sin + dy * cos;
  const gs = c.doc.context.obj({ Type: 'ExtGState', ca: PDFNumber.of(OPACITY), CA: PDFNumber.of(OPACITY) });
  const gsRef = c.doc.context.register(gs);
  // Extraction tools split diagonal glyphs into one-letter words; /ActualText gives them the word back.
  const span = `/Span <</ActualText ${utf16Hex(word)}>> BDC\n`;
  const direction = /[\u0590-\u08ff]/.test(word) ? 'rtl' : 'ltr';
  for (const page of c.doc.getPages()) {
    const name: PDFName = page.node.newExtGState('GS', gsRef);
    const content = pageContent(c.doc, page);
    content.isolated(
      `${name.asString()} gs\n${n(cos)} ${n(sin)} ${n(-sin)} ${n(cos)} ${n(ox)} ${n(oy)} cm\n${span}`,
      () => c.engine.draw(page, word, 0, 0, style, { direction }),
      'EMC\n',
    );
  }
}
