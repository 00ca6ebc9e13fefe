import type { Rgb } from '../../layout/canvas.ts';
import { PAGE } from '../../layout/canvas.ts';
import { columnsBlock } from '../../layout/columns-block.ts';
import { metaPieces } from '../../layout/meta-pieces.ts';
import { partyPieces } from '../../layout/party-pieces.ts';
import { type Piece, spacePiece } from '../../layout/pieces.ts';
import { logoPiece, runningHeader } from '../shared-pieces.ts';
import type { Template } from '../template.ts';
import { hexRgb, type Theme } from '../theme.ts';
import { alignedPartyPieces, displayPieces, placed, tracked } from './aligned-pieces.ts';

const DEFAULT_ACCENT = hexRgb('#2B2B2B');
const TEXT: Rgb = [0.2, 0.2, 0.21];
const MUTED: Rgb = [0.5, 0.5, 0.52];
const SOFT: Rgb = [0.62, 0.62, 0.64];
const LINE: Rgb = [0.82, 0.82, 0.83];
const FAINT: Rgb = [0.9, 0.9, 0.91];
const FRAME_INSET = 20;

/**
 * Elegant Gray Pro: a centred, typographic header in greys (the seller's name and the title
 * letter-spaced in capitals), thin rules, smaller refined sizes, a hairline frame around every page,
 * and no coloured fills; the accent (charcoal by default) only on the total.
 */
export const elegantGrayPro: Template = {
  name: 'elegant-gray-pro',
  theme(accent?: Rgb): Theme {
    const a = accent ?? DEFAULT_ACCENT;
    return {
      accent: a,
      text: TEXT,
      muted: MUTED,
      rule: LINE,
      size: { body: 8.5, small: 7.5, label: 7 },
      heading: { color: MUTED, size: 7, upper: true },
      table: { headerText: MUTED, headerRule: TEXT, rowRule: FAINT, padY: 6.5 },
      totals: { totalText: a, totalRule: TEXT, dueFill: [0.94, 0.94, 0.945], dueText: a },
      stamp: MUTED,
      footerText: SOFT,
    };
  },
  intro(ctx) {
    const { view } = ctx;
    const w = ctx.width * 0.8;
    const head: Piece[] = [];
    if (ctx.logo) {
      const logoW = ctx.logo.width * Math.min(120 / ctx.logo.width, 42 / ctx.logo.height);
      head.push(placed(logoPiece(ctx.logo, 120, 42, 'start', 14), logoW, 'center'));
    }
    const seller = { ...view.seller, name: tracked(view.seller.name.toLocaleUpperCase(view.language)) };
    head.push(...alignedPartyPieces(ctx, seller, w, 'center', { nameSize: 11.5, compact: true }));
    head.push(placed({ height: 26, draw: (c, x, top, width) => c.hline(x, top + 13, width, 0.6, SOFT) }, 44, 'center'));
    const title = tracked(view.title.toLocaleUpperCase(view.language));
    head.push(...displayPieces(ctx, title, w, { size: 19, color: TEXT }, 'center'));
    head.push(spacePiece(2), ...displayPieces(ctx, view.number, w, { size: 8.5, color: MUTED }, 'center'));
    const header = columnsBlock([{ x: ctx.x + (ctx.width - w) / 2, width: w, pieces: head }], { paddingBottom: 22 });

    const gap = 22;
    const third = (ctx.width - 2 * gap) / 3;
    const parties = columnsBlock(
      [
        { x: ctx.x, width: third, pieces: partyPieces(ctx, view.buyer, third, { nameSize: 9.5 }) },
        { x: ctx.x + third + gap, width: third, pieces: view.shipTo ? partyPieces(ctx, view.shipTo, third) : [] },
        { x: ctx.x + 2 * (third + gap), width: third, pieces: metaPieces(ctx, third) },
      ],
      {
        paddingTop: 14,
        paddingBottom: 14,
        flows: true,
        decorate: (c, top, height) => {
          c.hline(ctx.x, top, ctx.width, 0.5, LINE);
          c.hline(ctx.x, top + height, ctx.width, 0.5, LINE);
        },
      },
    );
    return [header, parties];
  },
  startPage(ctx, pageIndex) {
    const { c } = ctx;
    c.frame(FRAME_INSET, FRAME_INSET, PAGE.width - 2 * FRAME_INSET, PAGE.height - 2 * FRAME_INSET, 0.4, LINE);
    if (pageIndex === 0) return 46;
    return runningHeader(ctx, 38, TEXT, LINE);
  },
};
