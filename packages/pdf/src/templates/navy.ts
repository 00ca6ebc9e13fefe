import type { Rgb } from '../layout/canvas.ts';
import { PAGE } from '../layout/canvas.ts';
import { columnsBlock } from '../layout/columns-block.ts';
import { metaPieces } from '../layout/meta-pieces.ts';
import { partyPieces } from '../layout/party-pieces.ts';
import { type Piece, spacePiece } from '../layout/pieces.ts';
import { logoPiece, numberPieces, referencePieces, runningHeader, titlePieces } from './shared-pieces.ts';
import type { Template } from './template.ts';
import { HAIRLINE, hexRgb, standardTheme, type Theme, tint, WHITE } from './theme.ts';

const DEFAULT_NAVY = hexRgb('#1B2A4A');
const GOLD: Rgb = hexRgb('#C9A227');
const ON_NAVY_MUTED: Rgb = [0.74, 0.78, 0.86];

/**
 * Navy: a corporate design. A navy header band with the title and the invoice meta, a gold rule,
 * seller and buyer side by side under navy headings, navy table header, and a navy band at the
 * foot of every page carrying the page number. `accent_color` replaces the navy.
 */
export const navy: Template = {
  name: 'navy',
  theme(accent?: Rgb): Theme {
    const a = accent ?? DEFAULT_NAVY;
    return {
      ...standardTheme(a),
      heading: { color: a, size: 8, upper: true },
      table: { headerFill: a, headerText: WHITE, rowRule: HAIRLINE, zebra: tint(a, 0.96), padY: 5 },
      totals: { totalText: a, totalRule: GOLD, dueFill: a, dueText: WHITE },
      stamp: GOLD,
      footerBand: a,
    };
  },
  intro(ctx) {
    const { view, theme } = ctx;
    const startWidth = ctx.width * 0.55;
    const endWidth = ctx.width - startWidth - 24;
    const start: Piece[] = [
      ...titlePieces(ctx, startWidth, 26, WHITE, 'start', true),
      spacePiece(2),
      ...numberPieces(ctx, view.number, startWidth, { size: 10, color: GOLD, weight: 'bold' }),
      ...referencePieces(ctx, startWidth, ON_NAVY_MUTED),
    ];
    const end: Piece[] = metaPieces(ctx, endWidth, { label: ON_NAVY_MUTED, value: WHITE });
    const band = columnsBlock(
      [
        { x: ctx.x, width: startWidth, pieces: start },
        { x: ctx.x + ctx.width - endWidth, width: endWidth, pieces: end },
      ],
      {
        paddingTop: 30,
        paddingBottom: 22,
        decorate: (c, t, h) => {
          c.rect(0, t, PAGE.width, h, theme.accent);
          c.rect(0, t + h, PAGE.width, 3, GOLD);
        },
      },
    );
    const colW = (ctx.width - 24) / 2;
    const seller: Piece[] = [];
    if (ctx.logo) seller.push(logoPiece(ctx.logo, 150, 50, 'start', 8));
    seller.push(...partyPieces(ctx, view.seller, colW));
    const buyer: Piece[] = [...partyPieces(ctx, view.buyer, colW)];
    if (view.shipTo) buyer.push(spacePiece(10), ...partyPieces(ctx, view.shipTo, colW));
    const parties = columnsBlock(
      [
        { x: ctx.x, width: colW, pieces: seller },
        { x: ctx.x + colW + 24, width: colW, pieces: buyer },
      ],
      { paddingTop: 22, flows: true },
    );
    return [band, parties];
  },
  startPage(ctx, pageIndex) {
    if (pageIndex === 0) return 0;
    ctx.c.rect(0, 0, PAGE.width, 10, ctx.theme.accent);
    ctx.c.rect(0, 10, PAGE.width, 2, GOLD);
    return runningHeader(ctx, 30, ctx.theme.accent, GOLD);
  },
};
