import type { Rgb } from '../layout/canvas.ts';
import { PAGE } from '../layout/canvas.ts';
import { columnsBlock } from '../layout/columns-block.ts';
import { metaPieces } from '../layout/meta-pieces.ts';
import { headingPiece, partyPieces } from '../layout/party-pieces.ts';
import { type Piece, spacePiece } from '../layout/pieces.ts';
import { logoPiece, referencePieces, runningHeader, titlePieces } from './shared-pieces.ts';
import type { Template } from './template.ts';
import { HAIRLINE, hexRgb, INK, onFill, standardTheme, type Theme, WHITE } from './theme.ts';

const DEFAULT_ACCENT = hexRgb('#E4572E');
const BAND: Rgb = hexRgb('#1C1C1E');
const BAND_MUTED: Rgb = [0.72, 0.73, 0.76];

/**
 * Bold: a full-width dark band with a very large title, the seller in white and the logo on a
 * white tile; the accent colour underlines the band, fills the balance due and heads the table.
 */
export const bold: Template = {
  name: 'bold',
  theme(accent?: Rgb): Theme {
    const a = accent ?? DEFAULT_ACCENT;
    return {
      ...standardTheme(a),
      heading: { color: INK, size: 8.5, upper: true },
      table: { headerFill: BAND, headerText: WHITE, rowRule: HAIRLINE, padY: 6 },
      totals: { totalText: INK, totalRule: BAND, dueFill: a, dueText: onFill(a) },
      stamp: a,
    };
  },
  intro(ctx) {
    const { view, theme } = ctx;
    const startWidth = ctx.width * 0.58;
    const endWidth = ctx.width - startWidth - 20;
    const start: Piece[] = [
      ...titlePieces(ctx, startWidth, 34, WHITE, 'start', true),
      ...referencePieces(ctx, startWidth, BAND_MUTED),
      spacePiece(6),
      ...partyPieces(ctx, view.seller, startWidth, {
        heading: false,
        nameSize: 11,
        color: WHITE,
        mutedColor: BAND_MUTED,
      }),
    ];
    const end: Piece[] = [];
    if (ctx.logo) {
      const tile = logoPiece(ctx.logo, endWidth - 16, 56, 'end', 0);
      end.push({
        height: tile.height + 16 + 10,
        draw(c, x, top, width) {
          const w = Math.min(width, ctx.logo!.width * (tile.height / ctx.logo!.height) + 16);
          c.rect(x + width - w, top, w, tile.height + 16, WHITE);
          tile.draw(c, x, top + 8, width - 8);
        },
      });
    }
    end.push(...metaPieces(ctx, endWidth, { label: BAND_MUTED, value: WHITE }));
    const band = columnsBlock(
      [
        { x: ctx.x, width: startWidth, pieces: start },
        { x: ctx.x + ctx.width - endWidth, width: endWidth, pieces: end },
      ],
      {
        paddingTop: 36,
        paddingBottom: 24,
        decorate: (c, t, h) => {
          c.rect(0, t, PAGE.width, h, BAND);
          c.rect(0, t + h - 5, PAGE.width, 5, theme.accent);
        },
      },
    );
    const colW = (ctx.width - 30) / 2;
    const shipPieces: Piece[] = view.shipTo ? partyPieces(ctx, view.shipTo, colW) : [];
    const parties = columnsBlock(
      [
        { x: ctx.x, width: colW, pieces: partyPieces(ctx, view.buyer, colW, { nameSize: 12 }) },
        { x: ctx.x + colW + 30, width: colW, pieces: shipPieces },
      ],
      { paddingTop: 20, flows: true },
    );
    void headingPiece;
    return [band, parties];
  },
  startPage(ctx, pageIndex) {
    if (pageIndex === 0) return 0;
    ctx.c.rect(0, 0, PAGE.width, 8, BAND);
    return runningHeader(ctx, 30, INK, ctx.theme.accent);
  },
};
