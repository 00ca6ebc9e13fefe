import type { Rgb } from '../../layout/canvas.ts';
import { columnsBlock } from '../../layout/columns-block.ts';
import type { Block } from '../../layout/flow.ts';
import { type Piece, wrappedPieces } from '../../layout/pieces.ts';
import type { TextStyle } from '../../text/text-engine.ts';
import type { RenderContext } from '../template.ts';

export interface MetaStripStyle {
  /** Fill behind the strip, across the content width (band-blue-pro). */
  fill?: Rgb;
  /** Hairlines above and below the strip (neat-pro). */
  rule?: Rgb;
  labelColor?: Rgb;
  valueColor?: Rgb;
  padY: number;
}

const GAP = 14;

/**
 * The invoice meta (number, dates, PO, terms) as one horizontal row: each field a column with its
 * label above its value. Reads at a glance across the page, where the current designs list it.
 */
export function metaStrip(ctx: RenderContext, s: MetaStripStyle): Block {
  const { c, theme, view } = ctx;
  const inset = s.fill ? 12 : 0;
  const n = Math.max(1, view.meta.length);
  const colW = (ctx.width - 2 * inset - GAP * (n - 1)) / n;
  const label: TextStyle = { size: theme.size.label, color: s.labelColor ?? theme.muted };
  const value: TextStyle = { size: theme.size.body, weight: 'bold', color: s.valueColor ?? theme.text };
  const columns = view.meta.map((f, i) => {
    const text = theme.heading.upper ? f.label.toLocaleUpperCase(view.language) : f.label;
    const pieces: Piece[] = [
      ...wrappedPieces(c, text, colW, label, 'start', 1.2),
      ...wrappedPieces(c, f.value, colW, value),
    ];
    return { x: ctx.x + inset + i * (colW + GAP), width: colW, pieces };
  });
  return columnsBlock(columns, {
    paddingTop: s.padY,
    paddingBottom: s.padY,
    decorate: (cv, top, height) => {
      if (s.fill) cv.rect(ctx.x, top, ctx.width, height, s.fill);
      if (s.rule) {
        cv.hline(ctx.x, top, ctx.width, 0.5, s.rule);
        cv.hline(ctx.x, top + height, ctx.width, 0.5, s.rule);
      }
    },
  });
}
