import type { Rgb } from '../../layout/canvas.ts';
import { columnsBlock } from '../../layout/columns-block.ts';
import { metaPieces } from '../../layout/meta-pieces.ts';
import { partyPieces } from '../../layout/party-pieces.ts';
import { type Piece, spacePiece } from '../../layout/pieces.ts';
import { logoPiece, numberPieces, runningHeader, titlePieces } from '../shared-pieces.ts';
import type { RenderContext, Template } from '../template.ts';
import { hexRgb, onFill, standardTheme, type Theme, tint } from '../theme.ts';
import { drawWaves, type Wave } from './waves.ts';

const DEFAULT_OCEAN = hexRgb('#0E5A8A');
const AQUA: Rgb = hexRgb('#2EC4D6');
const TOP_CONTENT = 92;

function topWaves(ocean: Rgb): Wave[] {
  return [
    { depth: 58, amplitude: 11, crests: 1.4, phase: 0.2, color: tint(AQUA, 0.7) },
    { depth: 48, amplitude: 13, crests: 1.1, phase: 0.55, color: tint(ocean, 0.45) },
    { depth: 28, amplitude: 13, crests: 0.75, phase: 0.05, color: ocean },
  ];
}

// Low at the foot: the page number is written over the palest layer only.
function bottomWaves(ocean: Rgb): Wave[] {
  return [
    { depth: 30, amplitude: 6, crests: 1.25, phase: 0.6, color: tint(AQUA, 0.75) },
    { depth: 15, amplitude: 5, crests: 1, phase: 0.2, color: ocean },
  ];
}

/** Each party column is topped by a short aqua stroke, echoing the waves. */
function accentedColumns(ctx: RenderContext, columns: Piece[][], gap: number) {
  const w = (ctx.width - gap * (columns.length - 1)) / columns.length;
  return columnsBlock(
    columns.map((pieces, i) => ({ x: ctx.x + i * (w + gap), width: w, pieces: [spacePiece(10), ...pieces] })),
    {
      paddingTop: 20,
      flows: true,
      decorate: (c, top) =>
        columns.forEach((p, i) => p.length && c.hline(ctx.x + i * (w + gap), top + 20, 28, 2.4, AQUA)),
    },
  );
}

/**
 * Cool Waves Pro: layered ocean and aqua waves (Bézier curves) across the top and the foot of every
 * page; the title in ocean blue with the logo beside it, From / Bill to / Ship to under aqua strokes
 * (the dates under the delivery address), a pale aqua table header.
 */
export const coolWavesPro: Template = {
  name: 'cool-waves-pro',
  theme(accent?: Rgb): Theme {
    const a = accent ?? DEFAULT_OCEAN;
    return {
      ...standardTheme(a),
      heading: { color: a, size: 7.5, upper: true },
      table: { headerFill: tint(AQUA, 0.8), headerText: a, rowRule: tint(AQUA, 0.7), padY: 6 },
      totals: { totalText: a, totalRule: AQUA, dueFill: a, dueText: onFill(a) },
      stamp: a,
    };
  },
  intro(ctx) {
    const { view, theme } = ctx;
    const startWidth = ctx.width * 0.5;
    const endWidth = Math.min(ctx.width * 0.42, 220);
    const start: Piece[] = [
      ...titlePieces(ctx, startWidth, 30, theme.accent, 'start', true),
      spacePiece(2),
      ...numberPieces(ctx, view.number, startWidth, { size: 11, weight: 'bold', color: tint(theme.accent, 0.25) }),
    ];
    const end: Piece[] = ctx.logo ? [logoPiece(ctx.logo, endWidth, 52, 'end', 0)] : [];
    const head = columnsBlock([
      { x: ctx.x, width: startWidth, pieces: start },
      { x: ctx.x + ctx.width - endWidth, width: endWidth, pieces: end },
    ]);
    const gap = 20;
    const w = (ctx.width - 2 * gap) / 3;
    // the dates go under the (short) delivery address, so the three columns end close together
    const third = view.shipTo ? [...partyPieces(ctx, view.shipTo, w), spacePiece(12)] : [];
    third.push(...metaPieces(ctx, w));
    const parties = accentedColumns(
      ctx,
      [partyPieces(ctx, view.seller, w), partyPieces(ctx, view.buyer, w), third],
      gap,
    );
    return [head, parties];
  },
  startPage(ctx, pageIndex) {
    drawWaves(ctx.c, topWaves(ctx.theme.accent), 'top');
    drawWaves(ctx.c, bottomWaves(ctx.theme.accent), 'bottom');
    if (pageIndex === 0) return TOP_CONTENT;
    return runningHeader(ctx, TOP_CONTENT - 10, ctx.theme.accent, tint(AQUA, 0.5));
  },
};
