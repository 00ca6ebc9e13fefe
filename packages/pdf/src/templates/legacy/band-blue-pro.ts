import type { PDFImage } from '@cantoo/pdf-lib';
import type { Rgb } from '../../layout/canvas.ts';
import { PAGE } from '../../layout/canvas.ts';
import { columnsBlock } from '../../layout/columns-block.ts';
import type { Block } from '../../layout/flow.ts';
import { partyPieces } from '../../layout/party-pieces.ts';
import type { Piece } from '../../layout/pieces.ts';
import { logoPiece, numberPieces, runningHeader, titlePieces } from '../shared-pieces.ts';
import type { Template } from '../template.ts';
import { hexRgb, INK, onFill, standardTheme, type Theme, tint, WHITE } from '../theme.ts';
import { alignedPartyPieces } from './aligned-pieces.ts';
import { metaStrip } from './meta-strip.ts';

const DEFAULT_BLUE = hexRgb('#1D5FD1');

/** The logo on a white tile, so that any logo reads on the blue band. */
function logoTile(logo: PDFImage): Piece {
  const inner = logoPiece(logo, 120, 40, 'start', 0);
  const w = logo.width * Math.min(120 / logo.width, 40 / logo.height) + 16;
  return {
    height: inner.height + 16 + 12,
    draw(c, x, top) {
      c.rect(x, top, w, inner.height + 16, WHITE);
      inner.draw(c, x + 8, top + 8, w - 16);
    },
  };
}

const spacer = (height: number): Block => ({ height, draw: () => {} });

/**
 * Band Blue Pro: a bright blue band across the top of the page (seller and logo at the start, the
 * title at the end) over a lighter stripe, the dates on a pale blue bar, blue table header and balance.
 */
export const bandBluePro: Template = {
  name: 'band-blue-pro',
  theme(accent?: Rgb): Theme {
    const a = accent ?? DEFAULT_BLUE;
    return {
      ...standardTheme(a),
      heading: { color: a, size: 8, upper: true },
      table: { headerFill: a, headerText: onFill(a), rowRule: tint(a, 0.85), padY: 5.5 },
      totals: { totalText: INK, totalRule: a, dueFill: a, dueText: onFill(a) },
      stamp: a,
    };
  },
  intro(ctx) {
    const { view, theme } = ctx;
    const on = onFill(theme.accent);
    const soft = tint(theme.accent, 0.7);
    const startWidth = ctx.width * 0.5;
    const endWidth = ctx.width - startWidth - 24;
    const start: Piece[] = ctx.logo ? [logoTile(ctx.logo)] : [];
    start.push(
      ...alignedPartyPieces(ctx, view.seller, startWidth, 'start', {
        nameSize: 13,
        color: on,
        mutedColor: soft,
        compact: true,
      }),
    );
    const end: Piece[] = [
      ...titlePieces(ctx, endWidth, 28, on, 'end', true),
      ...numberPieces(ctx, view.number, endWidth, { size: 10.5, weight: 'bold', color: soft }, 'end'),
    ];
    const band = columnsBlock(
      [
        { x: ctx.x, width: startWidth, pieces: start },
        { x: ctx.x + ctx.width - endWidth, width: endWidth, pieces: end },
      ],
      {
        paddingTop: 26,
        paddingBottom: 20,
        decorate: (c, top, height) => {
          c.rect(0, top, PAGE.width, height, theme.accent);
          c.rect(0, top + height, PAGE.width, 5, tint(theme.accent, 0.45));
        },
      },
    );
    const colW = (ctx.width - 30) / 2;
    const parties = columnsBlock(
      [
        { x: ctx.x, width: colW, pieces: partyPieces(ctx, view.buyer, colW, { nameSize: 11 }) },
        { x: ctx.x + colW + 30, width: colW, pieces: view.shipTo ? partyPieces(ctx, view.shipTo, colW) : [] },
      ],
      { paddingTop: 18, flows: true },
    );
    const strip = metaStrip(ctx, { fill: tint(theme.accent, 0.92), valueColor: INK, padY: 9 });
    return [band, spacer(16), strip, parties];
  },
  startPage(ctx, pageIndex) {
    if (pageIndex === 0) return 0;
    ctx.c.rect(0, 0, PAGE.width, 16, ctx.theme.accent);
    ctx.c.rect(0, 16, PAGE.width, 3, tint(ctx.theme.accent, 0.45));
    return runningHeader(ctx, 34, ctx.theme.accent, tint(ctx.theme.accent, 0.7));
  },
};
