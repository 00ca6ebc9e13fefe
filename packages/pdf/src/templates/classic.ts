import type { Rgb } from '../layout/canvas.ts';
import { columnsBlock } from '../layout/columns-block.ts';
import { metaPieces } from '../layout/meta-pieces.ts';
import { partyPieces } from '../layout/party-pieces.ts';
import { type Piece, spacePiece } from '../layout/pieces.ts';
import { logoPiece, referencePieces, runningHeader, titlePieces } from './shared-pieces.ts';
import type { Template } from './template.ts';
import { HAIRLINE, hexRgb, INK, standardTheme, type Theme, tint } from './theme.ts';

const DEFAULT_ACCENT = hexRgb('#1F3A5F');

/**
 * Classic: the letterhead invoice. Logo and seller at the start, a large title and the dates at
 * the end, a rule, then Bill to / Ship to; grey table header, hairlines between rows.
 */
export const classic: Template = {
  name: 'classic',
  theme(accent?: Rgb): Theme {
    const a = accent ?? DEFAULT_ACCENT;
    return {
      ...standardTheme(a),
      heading: { color: a, size: 8, upper: true },
      table: { headerFill: [0.94, 0.945, 0.95], headerText: INK, headerRule: a, rowRule: HAIRLINE, padY: 5 },
      totals: { totalText: INK, totalRule: INK, dueFill: tint(a, 0.88), dueText: a },
      stamp: [0.13, 0.55, 0.27],
    };
  },
  intro(ctx) {
    const { view, theme } = ctx;
    const half = ctx.width * 0.52;
    const endWidth = ctx.width - half - 24;
    const start: Piece[] = [];
    if (ctx.logo) start.push(logoPiece(ctx.logo, 160, 60));
    start.push(...partyPieces(ctx, view.seller, half, { heading: false, nameSize: 12 }));
    const end: Piece[] = [
      ...titlePieces(ctx, endWidth, 24, theme.accent, 'end'),
      ...referencePieces(ctx, endWidth, theme.muted, 'end'),
      spacePiece(8),
      ...metaPieces(ctx, endWidth),
    ];
    const top = columnsBlock(
      [
        { x: ctx.x, width: half, pieces: start },
        { x: ctx.x + ctx.width - endWidth, width: endWidth, pieces: end },
      ],
      { paddingBottom: 12, decorate: (c, t, h) => c.hline(ctx.x, t + h - 1, ctx.width, 1.2, theme.accent) },
    );
    const colW = (ctx.width - 24) / 2;
    const parties = columnsBlock(
      [
        { x: ctx.x, width: colW, pieces: partyPieces(ctx, view.buyer, colW) },
        { x: ctx.x + colW + 24, width: colW, pieces: view.shipTo ? partyPieces(ctx, view.shipTo, colW) : [] },
      ],
      { paddingTop: 14, flows: true },
    );
    return [top, parties];
  },
  startPage(ctx, pageIndex) {
    if (pageIndex === 0) return 44;
    return runningHeader(ctx, 36, ctx.theme.accent, ctx.theme.rule);
  },
};
