import type { PDFImage } from '@cantoo/pdf-lib';
import type { TextStyle } from '../text/text-engine.ts';
import type { Rgb } from '../layout/canvas.ts';
import { textPiece, wrappedPieces, type Piece } from '../layout/pieces.ts';
import type { RenderContext } from './template.ts';

/** The seller's logo scaled to fit its box, keeping its aspect ratio, at the start or end of the column. */
export function logoPiece(logo: PDFImage, maxWidth: number, maxHeight: number, align: 'start' | 'end' = 'start', gapBelow = 10): Piece {
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

/** The document title (INVOICE, or `invoice.title`), wrapped if a custom title is long. */
export function titlePieces(ctx: RenderContext, width: number, size: number, color: Rgb, align: 'start' | 'end' = 'start', upper = false): Piece[] {
  const style: TextStyle = { size, weight: 'bold', color };
  const text = upper ? ctx.view.title.toLocaleUpperCase(ctx.view.language) : ctx.view.title;
  return wrappedPieces(ctx.c, text, width, style, align, 1.06);
}

/** `Label value` on one line when it fits (e.g. the invoice number under the title). */
export function captionPieces(ctx: RenderContext, text: string, width: number, style: TextStyle, align: 'start' | 'end' = 'start'): Piece[] {
  return text ? wrappedPieces(ctx.c, text, width, style, align) : [];
}

export function linePiece(ctx: RenderContext, text: string, style: TextStyle, align: 'start' | 'end' = 'start'): Piece {
  return textPiece(text, style, ctx.c.lineHeight(style), align);
}

/** Running header of continuation pages: title and number, small, with a rule below. */
export function runningHeader(ctx: RenderContext, top: number, color: Rgb, rule: Rgb): number {
  const { c, view, theme } = ctx;
  const style: TextStyle = { size: theme.size.small, weight: 'bold', color };
  const lh = c.lineHeight(style);
  const numberStyle: TextStyle = { size: theme.size.small, color: theme.muted };
  const half = ctx.width / 2;
  const name = c.wrap(view.seller.name, half - 10, style)[0] ?? '';
  c.text(name, ctx.x, top, half - 10, style);
  const right = `${view.title} ${view.number}`;
  const rightLine = c.wrap(right, half - 10, numberStyle)[0] ?? '';
  c.text(rightLine, ctx.x + half + 10, top, half - 10, numberStyle, 'end');
  c.hline(ctx.x, top + lh + 4, ctx.width, 0.5, rule);
  return top + lh + 14;
}
