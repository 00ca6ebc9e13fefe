import type { PDFImage } from '@cantoo/pdf-lib';
import type { Rgb } from '../layout/canvas.ts';
import { fitLines, fitOneLine, WHOLE_MIN_SCALE } from '../layout/fit-text.ts';
import { type Piece, spacePiece, textPiece } from '../layout/pieces.ts';
import type { TextStyle } from '../text/text-engine.ts';
import type { RenderContext } from './template.ts';

/** The seller's logo scaled to fit its box, keeping its aspect ratio, at the start or end of the column. */
export function logoPiece(
  logo: PDFImage,
  maxWidth: number,
  maxHeight: number,
  align: 'start' | 'end' = 'start',
  gapBelow = 10,
): Piece {
  const scale = Math.min(maxWidth / logo.width, maxHeight / logo.height);
  const w = logo.width * scale;
  const h = logo.height * scale;
  return {
    height: h + gapBelow,
    draw(c, x, top, width) {
      c.image(logo, align === 'start' ? x : x + width - w, top, w, h);
    },
  };
}

/** Display text in a column: shrinks (to `minScale`) while a word is wider than the column, then wraps. */
function fittedPieces(
  ctx: RenderContext,
  text: string,
  width: number,
  style: TextStyle,
  minScale: number,
  align: 'start' | 'end',
  leading = 1,
  wholeLines = false,
): Piece[] {
  const { c } = ctx;
  const fit = fitLines(c, text, width, style, minScale, wholeLines);
  const lh = c.lineHeight(fit.style) * leading;
  return fit.lines.map((line) => textPiece(line, fit.style, lh, align));
}

/**
 * The document title (INVOICE, or `invoice.title`), wrapped if a custom title is long. A word wider
 * than the column shrinks the title to half its size before it is broken: a wall of 30 pt letters
 * would push everything else off the first page.
 */
export function titlePieces(
  ctx: RenderContext,
  width: number,
  size: number,
  color: Rgb,
  align: 'start' | 'end' = 'start',
  upper = false,
): Piece[] {
  const style: TextStyle = { size, weight: 'bold', color };
  const text = upper ? ctx.view.title.toLocaleUpperCase(ctx.view.language) : ctx.view.title;
  return fittedPieces(ctx, text, width, style, 0.5, align, 1.06);
}

/**
 * A credit note's reference to the invoice it corrects, under the title (issue 13): body size, wrapped
 * between words, with a little air above; its number and date never break (issue 27): a number wider than
 * the column shrinks the line (to WHOLE_MIN_SCALE) first. Nothing on an invoice.
 */
export function referencePieces(
  ctx: RenderContext,
  width: number,
  color: Rgb,
  align: 'start' | 'end' = 'start',
): Piece[] {
  const { reference } = ctx.view;
  if (reference === undefined) return [];
  const style: TextStyle = { size: ctx.theme.size.body, color };
  return [spacePiece(3), ...fittedPieces(ctx, reference, width, style, WHOLE_MIN_SCALE, align)];
}

/**
 * The invoice number under the title: an identifier a little too wide shrinks to stay on one line
 * (down to WHOLE_MIN_SCALE, as a unit even where it has spaces: issue 27), a longer one is broken
 * across lines rather than run off the page.
 */
export function numberPieces(
  ctx: RenderContext,
  text: string,
  width: number,
  style: TextStyle,
  align: 'start' | 'end' = 'start',
): Piece[] {
  return fittedPieces(ctx, text, width, style, WHOLE_MIN_SCALE, align, 1, true);
}

/**
 * Running header of continuation pages: seller, title and number, small, with a rule below. One line
 * each: what does not fit is cut with an ellipsis (page 1 prints it in full).
 */
export function runningHeader(ctx: RenderContext, top: number, color: Rgb, rule: Rgb): number {
  const { c, view, theme } = ctx;
  const style: TextStyle = { size: theme.size.small, weight: 'bold', color };
  const lh = c.lineHeight(style);
  const numberStyle: TextStyle = { size: theme.size.small, color: theme.muted };
  const half = ctx.width / 2;
  const name = fitOneLine(c, view.seller.name, half - 10, style, 0.85);
  c.text(name.text, ctx.x, top, half - 10, name.style);
  const right = fitOneLine(c, `${view.title} ${view.number}`, half - 10, numberStyle, 0.85);
  c.text(right.text, ctx.x + half + 10, top, half - 10, right.style, 'end');
  c.hline(ctx.x, top + lh + 4, ctx.width, 0.5, rule);
  return top + lh + 14;
}
