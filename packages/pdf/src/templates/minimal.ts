import type { Rgb } from '../layout/canvas.ts';
import { columnsBlock } from '../layout/columns-block.ts';
import { metaPieces } from '../layout/meta-pieces.ts';
import { partyPieces } from '../layout/party-pieces.ts';
import { type Piece, spacePiece } from '../layout/pieces.ts';
import { logoPiece, referencePieces, runningHeader, titlePieces } from './shared-pieces.ts';
import type { Template } from './template.ts';
import { hexRgb, INK, type Theme } from './theme.ts';

const DEFAULT_ACCENT = hexRgb('#111111');
const SOFT: Rgb = [0.55, 0.56, 0.58];
const LINE: Rgb = [0.9, 0.9, 0.91];

/**
 * Minimal: no fills at all. A small spaced title, generous white space, hairline rules, grey
 * labels; the accent colour appears only on the balance due.
 */
export const minimal: Template = {
  name: 'minimal',
  theme(accent?: Rgb): Theme {
    const a = accent ?? DEFAULT_ACCENT;
    return {
      accent: a,
      text: INK,
      muted: SOFT,
      rule: LINE,
      size: { body: 8.5, small: 7.5, label: 7 },
      heading: { color: SOFT, size: 7, upper: true },
      table: { headerText: SOFT, headerRule: LINE, rowRule: LINE, padY: 7 },
      totals: { totalText: INK, totalRule: LINE, dueText: a },
      stamp: a,
      footerText: SOFT,
    };
  },
  intro(ctx) {
    const { view, theme } = ctx;
    const startWidth = ctx.width * 0.5;
    const endWidth = ctx.width - startWidth - 30;
    const start: Piece[] = [];
    if (ctx.logo) start.push(logoPiece(ctx.logo, 120, 44, 'start', 18));
    start.push(
      ...titlePieces(ctx, startWidth, 15, INK, 'start', true),
      ...referencePieces(ctx, startWidth, theme.muted),
      spacePiece(14),
      ...metaPieces(ctx, Math.min(startWidth, 220)),
    );
    const end: Piece[] = partyPieces(ctx, view.seller, endWidth, { nameSize: 10 });
    const head = columnsBlock(
      [
        { x: ctx.x, width: startWidth, pieces: start },
        { x: ctx.x + ctx.width - endWidth, width: endWidth, pieces: end },
      ],
      { paddingBottom: 26 },
    );
    const colW = (ctx.width - 30) / 2;
    const parties = columnsBlock(
      [
        { x: ctx.x, width: colW, pieces: partyPieces(ctx, view.buyer, colW, { nameSize: 10 }) },
        {
          x: ctx.x + colW + 30,
          width: colW,
          pieces: view.shipTo ? partyPieces(ctx, view.shipTo, colW, { nameSize: 10 }) : [],
        },
      ],
      { paddingBottom: 6, flows: true },
    );
    return [head, parties];
  },
  startPage(ctx, pageIndex) {
    if (pageIndex === 0) return 56;
    return runningHeader(ctx, 40, INK, ctx.theme.rule);
  },
};
