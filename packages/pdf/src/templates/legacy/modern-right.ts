import type { Rgb } from '../../layout/canvas.ts';
import { columnsBlock } from '../../layout/columns-block.ts';
import { metaPieces } from '../../layout/meta-pieces.ts';
import { partyPieces } from '../../layout/party-pieces.ts';
import { type Piece, spacePiece } from '../../layout/pieces.ts';
import { logoPiece, numberPieces, runningHeader } from '../shared-pieces.ts';
import type { Template } from '../template.ts';
import { HAIRLINE, hexRgb, INK, onFill, standardTheme, type Theme, tint } from '../theme.ts';
import { alignedPartyPieces, displayPieces, placed } from './aligned-pieces.ts';

const DEFAULT_ACCENT = hexRgb('#3730A3');
const BAR = 4;

/**
 * Modern Right: the header block (title, number, dates, seller) stacked against the end margin with
 * an accent bar beside it; the logo and the customer at the start. Accent table header, zebra rows.
 */
export const modernRight: Template = {
  name: 'modern-right',
  theme(accent?: Rgb): Theme {
    const a = accent ?? DEFAULT_ACCENT;
    return {
      ...standardTheme(a),
      heading: { color: a, size: 7.5, upper: true },
      table: { headerFill: a, headerText: onFill(a), zebra: tint(a, 0.95), padY: 6 },
      totals: { totalText: INK, totalRule: HAIRLINE, dueFill: a, dueText: onFill(a) },
      stamp: a,
    };
  },
  intro(ctx) {
    const { view, theme } = ctx;
    const startWidth = ctx.width * 0.44;
    const endWidth = ctx.width * 0.5;
    const metaWidth = Math.min(endWidth, 230);
    const start: Piece[] = [];
    if (ctx.logo) start.push(logoPiece(ctx.logo, 150, 60, 'start', 26));
    start.push(...partyPieces(ctx, view.buyer, startWidth, { nameSize: 11 }));
    if (view.shipTo) start.push(spacePiece(12), ...partyPieces(ctx, view.shipTo, startWidth));
    const end: Piece[] = [
      ...displayPieces(
        ctx,
        view.title.toLocaleUpperCase(view.language),
        endWidth,
        { size: 30, weight: 'bold', color: theme.accent },
        'end',
      ),
      ...numberPieces(ctx, view.number, endWidth, { size: 11, weight: 'bold', color: INK }, 'end'),
      spacePiece(12),
      ...metaPieces(ctx, metaWidth).map((p) => placed(p, metaWidth, 'end')),
      spacePiece(16),
      ...alignedPartyPieces(ctx, view.seller, endWidth, 'end', { heading: view.seller.heading, nameSize: 10.5 }),
    ];
    const block = columnsBlock(
      [
        { x: ctx.x, width: startWidth, pieces: start },
        { x: ctx.x + ctx.width - endWidth, width: endWidth, pieces: end },
      ],
      {
        flows: true,
        // the bar sits in the end margin, beside the stacked block
        decorate: (c, top, height) => c.rect(ctx.x + ctx.width + 14, top + 4, BAR, height - 8, theme.accent),
      },
    );
    return [block];
  },
  startPage(ctx, pageIndex) {
    if (pageIndex === 0) return 46;
    return runningHeader(ctx, 36, ctx.theme.accent, ctx.theme.rule);
  },
};
