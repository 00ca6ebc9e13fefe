import type { Rgb } from '../layout/canvas.ts';
import { PAGE } from '../layout/canvas.ts';
import { columnsBlock } from '../layout/columns-block.ts';
import { metaNaturalWidth, metaPieces } from '../layout/meta-pieces.ts';
import { partyPieces } from '../layout/party-pieces.ts';
import { type Piece, spacePiece } from '../layout/pieces.ts';
import { logoPiece, numberPieces, referencePieces, runningHeader, titlePieces } from './shared-pieces.ts';
import type { Template } from './template.ts';
import { HAIRLINE, hexRgb, INK, onFill, standardTheme, type Theme, tint } from './theme.ts';

const DEFAULT_ACCENT = hexRgb('#0F766E');

/**
 * Modern: an accent bar down the start edge of every page, the title in the accent colour with
 * the number beneath, the parties on a pale tinted panel, an accent table header and zebra rows.
 */
export const modern: Template = {
  name: 'modern',
  theme(accent?: Rgb): Theme {
    const a = accent ?? DEFAULT_ACCENT;
    return {
      ...standardTheme(a),
      heading: { color: a, size: 7.5, upper: true },
      table: { headerFill: a, headerText: onFill(a), zebra: tint(a, 0.93), padY: 5 },
      totals: { totalText: INK, totalRule: HAIRLINE, dueFill: a, dueText: onFill(a) },
      stamp: a,
    };
  },
  intro(ctx) {
    const { view, theme, c } = ctx;
    const startWidth = ctx.width * 0.6;
    const endWidth = ctx.width - startWidth - 20;
    const start: Piece[] = [
      ...titlePieces(ctx, startWidth, 28, theme.accent),
      ...numberPieces(ctx, view.number, startWidth, { size: 11, weight: 'bold', color: INK }),
      ...referencePieces(ctx, startWidth, theme.muted),
    ];
    const end: Piece[] = ctx.logo ? [logoPiece(ctx.logo, endWidth, 64, 'end')] : [];
    const head = columnsBlock(
      [
        { x: ctx.x, width: startWidth, pieces: start },
        { x: ctx.x + ctx.width - endWidth, width: endWidth, pieces: end },
      ],
      { paddingBottom: 16 },
    );
    const gap = 14;
    const inner = ctx.width - 2 * gap - 24;
    // a third each; the meta column widens (to 40 %) when its dates and identifiers need it (issue 27)
    const metaWidth = Math.min(inner * 0.4, Math.max(inner / 3, metaNaturalWidth(ctx)));
    const third = (inner - metaWidth) / 2;
    const panelX = ctx.x + 12;
    const buyerAndShip: Piece[] = [...partyPieces(ctx, view.buyer, third)];
    if (view.shipTo) buyerAndShip.push(spacePiece(8), ...partyPieces(ctx, view.shipTo, third));
    const panel = columnsBlock(
      [
        { x: panelX, width: third, pieces: partyPieces(ctx, view.seller, third) },
        { x: panelX + third + gap, width: third, pieces: buyerAndShip },
        { x: panelX + 2 * (third + gap), width: metaWidth, pieces: metaPieces(ctx, metaWidth) },
      ],
      {
        paddingTop: 12,
        paddingBottom: 12,
        flows: true,
        decorate: (cv, t, h) => cv.rect(ctx.x, t, ctx.width, h, tint(theme.accent, 0.95)),
      },
    );
    void c;
    return [head, panel];
  },
  startPage(ctx, pageIndex) {
    ctx.c.rect(0, 0, 10, PAGE.height, ctx.theme.accent);
    if (pageIndex === 0) return 46;
    return runningHeader(ctx, 36, ctx.theme.accent, ctx.theme.rule);
  },
};
