import type { Rgb } from '../../layout/canvas.ts';
import { columnsBlock } from '../../layout/columns-block.ts';
import { metaPieces } from '../../layout/meta-pieces.ts';
import { partyPieces } from '../../layout/party-pieces.ts';
import { type Piece, spacePiece } from '../../layout/pieces.ts';
import { logoPiece, numberPieces, runningHeader, titlePieces } from '../shared-pieces.ts';
import type { Template } from '../template.ts';
import { HAIRLINE, hexRgb, INK, standardTheme, type Theme, tint } from '../theme.ts';
import { alignedPartyPieces } from './aligned-pieces.ts';

const DEFAULT_ACCENT = hexRgb('#7B2D26');
const LOGO_BOX = 84;

/**
 * Classic Left: a letterhead at the start, logo beside the seller's name and a compact address,
 * closed by a double rule; below it the title with the number, the dates in a framed box at the
 * end, then Bill to / Ship to. Warm burgundy accent, ruled table on a pale tint.
 */
export const classicLeft: Template = {
  name: 'classic-left',
  theme(accent?: Rgb): Theme {
    const a = accent ?? DEFAULT_ACCENT;
    return {
      ...standardTheme(a),
      heading: { color: a, size: 8, upper: true },
      table: { headerFill: tint(a, 0.92), headerText: a, headerRule: a, rowRule: HAIRLINE, padY: 5 },
      totals: { totalText: INK, totalRule: INK, dueText: a, dueFill: tint(a, 0.92) },
      stamp: a,
    };
  },
  intro(ctx) {
    const { view, theme } = ctx;
    const logoW = ctx.logo ? LOGO_BOX : 0;
    const textX = ctx.x + (logoW ? logoW + 16 : 0);
    const textW = ctx.x + ctx.width - textX;
    const letterhead = columnsBlock(
      [
        { x: ctx.x, width: logoW, pieces: ctx.logo ? [logoPiece(ctx.logo, LOGO_BOX, 56, 'start', 0)] : [] },
        {
          x: textX,
          width: textW,
          pieces: alignedPartyPieces(ctx, view.seller, textW, 'start', {
            nameSize: 17,
            nameColor: theme.accent,
            compact: true,
          }),
        },
      ],
      {
        paddingBottom: 12,
        flows: true,
        // the letterhead's double rule: heavy, then a hairline just under it
        decorate: (c, top, height) => {
          c.hline(ctx.x, top + height, ctx.width, 1.6, theme.accent);
          c.hline(ctx.x, top + height + 3.2, ctx.width, 0.5, theme.accent);
        },
      },
    );
    const startWidth = ctx.width * 0.5;
    const boxW = Math.min(ctx.width * 0.42, 230);
    const start: Piece[] = [
      ...titlePieces(ctx, startWidth, 22, INK, 'start', true),
      spacePiece(3),
      ...numberPieces(ctx, view.number, startWidth, { size: 10.5, weight: 'bold', color: theme.accent }),
    ];
    const meta = metaPieces(ctx, boxW - 20);
    const titleRow = columnsBlock(
      [
        { x: ctx.x, width: startWidth, pieces: start },
        { x: ctx.x + ctx.width - boxW + 10, width: boxW - 20, pieces: [spacePiece(8), ...meta, spacePiece(8)] },
      ],
      {
        paddingTop: 22,
        decorate: (c, top) => {
          const h = meta.reduce((s, p) => s + p.height, 16);
          c.frame(ctx.x + ctx.width - boxW, top + 22, boxW, h, 0.6, theme.accent);
        },
      },
    );
    const colW = (ctx.width - 24) / 2;
    const parties = columnsBlock(
      [
        { x: ctx.x, width: colW, pieces: partyPieces(ctx, view.buyer, colW, { nameSize: 11 }) },
        { x: ctx.x + colW + 24, width: colW, pieces: view.shipTo ? partyPieces(ctx, view.shipTo, colW) : [] },
      ],
      { paddingTop: 18, flows: true },
    );
    return [letterhead, titleRow, parties];
  },
  startPage(ctx, pageIndex) {
    if (pageIndex === 0) return 40;
    return runningHeader(ctx, 34, ctx.theme.accent, ctx.theme.accent);
  },
};
