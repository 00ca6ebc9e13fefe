import type { Rgb } from '../../layout/canvas.ts';
import { PAGE } from '../../layout/canvas.ts';
import { columnsBlock } from '../../layout/columns-block.ts';
import { partyPieces } from '../../layout/party-pieces.ts';
import type { Piece } from '../../layout/pieces.ts';
import { logoPiece, runningHeader, titlePieces } from '../shared-pieces.ts';
import type { Template } from '../template.ts';
import { hexRgb, INK, standardTheme, type Theme, tint } from '../theme.ts';
import { alignedPartyPieces } from './aligned-pieces.ts';
import { metaStrip } from './meta-strip.ts';

const DEFAULT_ACCENT = hexRgb('#2F6F8F');
const LIGHT_RULE: Rgb = [0.88, 0.89, 0.9];

/**
 * Neat Pro: clean and airy. A thin accent line along the top edge, the logo and a right-hand seller
 * block, a large quiet title, the dates as one row between hairlines, wide margins between the
 * sections, an unfilled table with an accent header rule.
 */
export const neatPro: Template = {
  name: 'neat-pro',
  theme(accent?: Rgb): Theme {
    const a = accent ?? DEFAULT_ACCENT;
    return {
      ...standardTheme(a),
      rule: LIGHT_RULE,
      heading: { color: a, size: 7.5, upper: true },
      table: { headerText: a, headerRule: a, rowRule: LIGHT_RULE, padY: 7 },
      totals: { totalText: INK, totalRule: LIGHT_RULE, dueFill: tint(a, 0.92), dueText: a },
      stamp: a,
    };
  },
  intro(ctx) {
    const { view } = ctx;
    const startWidth = ctx.width * 0.46;
    const endWidth = ctx.width * 0.46;
    const start: Piece[] = [];
    if (ctx.logo) start.push(logoPiece(ctx.logo, 130, 48, 'start', 22));
    start.push(...titlePieces(ctx, startWidth, 28, INK));
    const end = alignedPartyPieces(ctx, view.seller, endWidth, 'end', { nameSize: 11 });
    const head = columnsBlock(
      [
        { x: ctx.x, width: startWidth, pieces: start },
        { x: ctx.x + ctx.width - endWidth, width: endWidth, pieces: end },
      ],
      { paddingBottom: 22 },
    );
    const colW = (ctx.width - 40) / 2;
    const parties = columnsBlock(
      [
        { x: ctx.x, width: colW, pieces: partyPieces(ctx, view.buyer, colW, { nameSize: 10.5 }) },
        { x: ctx.x + colW + 40, width: colW, pieces: view.shipTo ? partyPieces(ctx, view.shipTo, colW) : [] },
      ],
      { paddingTop: 20, flows: true },
    );
    return [head, metaStrip(ctx, { rule: LIGHT_RULE, padY: 10 }), parties];
  },
  startPage(ctx, pageIndex) {
    ctx.c.rect(0, 0, PAGE.width, 3, ctx.theme.accent);
    if (pageIndex === 0) return 48;
    return runningHeader(ctx, 38, INK, LIGHT_RULE);
  },
};
