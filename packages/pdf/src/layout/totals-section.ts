import type { RenderContext } from '../templates/template.ts';
import type { TextStyle } from '../text/text-engine.ts';
import { columnsBlock } from './columns-block.ts';
import { fitLines } from './fit-text.ts';
import type { Block } from './flow.ts';
import { type Piece, spacePiece, wrappedPieces } from './pieces.ts';

/**
 * The totals (subtotal, discount, shipping, each tax line, rounding, total, deposit, paid,
 * balance due) at the end side, with the PAID / PARTIAL stamp and the tax-inclusive note at the
 * start side. One block: it moves to the next page whole rather than split (issue 4).
 */
export function totalsBlock(ctx: RenderContext): Block {
  const { c, theme, view } = ctx;
  const boxWidth = Math.max(230, Math.min(ctx.width * 0.48, 300));
  const boxX = ctx.x + ctx.width - boxWidth;
  const pad = 6;
  const valueWidthMax = boxWidth * 0.55;

  const rows: Piece[] = view.totals.map((row) => {
    const strong = row.emphasis !== undefined;
    const size =
      row.emphasis === 'due' ? theme.size.body + 2 : row.emphasis === 'total' ? theme.size.body + 1 : theme.size.body;
    const fill =
      row.emphasis === 'due' ? theme.totals.dueFill : row.emphasis === 'total' ? theme.totals.totalFill : undefined;
    const color =
      row.emphasis === 'due' ? theme.totals.dueText : row.emphasis === 'total' ? theme.totals.totalText : theme.text;
    const labelStyle: TextStyle = { size, weight: strong ? 'bold' : 'regular', color: strong ? color : theme.muted };
    const valueStyle: TextStyle = { size, weight: strong ? 'bold' : 'regular', color };
    // an amount shrinks rather than break (a broken number reads as two); its label wraps
    const value = fitLines(c, row.value, valueWidthMax, valueStyle, 0.6, true);
    const valueLines = value.lines;
    const valueWidth = Math.min(valueWidthMax, Math.max(...valueLines.map((v) => c.measure(v, value.style))));
    const labelWidth = boxWidth - valueWidth - 3 * pad;
    const labelLines = c.wrap(row.label, labelWidth, labelStyle);
    const lh = c.lineHeight(valueStyle);
    const valueDy = value.style === valueStyle ? 0 : (lh - c.lineHeight(value.style)) / 2;
    const padY = strong ? 4 : 2;
    const height = Math.max(labelLines.length, valueLines.length) * lh + 2 * padY;
    return {
      height,
      draw(cv, _x, top) {
        if (fill) cv.rect(boxX, top, boxWidth, height, fill);
        if (row.emphasis === 'total' && theme.totals.totalRule)
          cv.hline(boxX, top, boxWidth, 0.9, theme.totals.totalRule);
        labelLines.forEach((l, i) => cv.text(l, boxX + pad, top + padY + i * lh, labelWidth, labelStyle));
        valueLines.forEach((v, i) =>
          cv.text(v, boxX + boxWidth - pad - valueWidth, top + padY + i * lh + valueDy, valueWidth, value.style, 'end'),
        );
      },
    };
  });

  const side: Piece[] = [];
  const sideWidth = ctx.width - boxWidth - 20;
  if (view.stamp) side.push(stampPiece(ctx, view.stamp, sideWidth));
  if (view.taxInclusiveNote) {
    side.push(spacePiece(6));
    side.push(...wrappedPieces(c, view.taxInclusiveNote, sideWidth, { size: theme.size.small, color: theme.muted }));
  }
  return columnsBlock(
    [
      { x: boxX, width: boxWidth, pieces: rows },
      { x: ctx.x, width: sideWidth, pieces: side },
    ],
    { paddingTop: 8, paddingBottom: 4 },
  );
}

/** The D2 stamp: the localised PAID or PARTIALLY PAID in a frame, in the stamp colour. */
function stampPiece(ctx: RenderContext, text: string, maxWidth: number): Piece {
  const { c, theme } = ctx;
  const style: TextStyle = { size: 16, weight: 'bold', color: theme.stamp };
  const lines = c.wrap(text, maxWidth - 24, style);
  const lh = c.lineHeight(style);
  const w = Math.min(maxWidth, Math.max(...lines.map((l) => c.measure(l, style))) + 24);
  const h = lines.length * lh + 10;
  return {
    height: h + 4,
    draw(cv, x, top) {
      cv.frame(x + 1, top + 2, w - 2, h - 2, 2, theme.stamp);
      lines.forEach((l, i) => cv.text(l, x, top + 6 + i * lh, w, style, 'center'));
    },
  };
}
