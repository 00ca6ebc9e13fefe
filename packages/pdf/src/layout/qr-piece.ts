import { fill, popGraphicsState, pushGraphicsState, rectangle, setFillingRgbColor } from '@cantoo/pdf-lib';
import { QUIET_ZONE_MODULES, darkRuns, type QrMatrix } from '@invoice/qr';
import { PAGE, type Canvas } from './canvas.ts';
import type { Piece } from './pieces.ts';

/** Side of the QR symbol with its quiet zone, in points: at least 1.2 pt per module so it scans. */
export function qrSide(matrix: QrMatrix): number {
  return Math.min(180, Math.max(92, (matrix.size + 2 * QUIET_ZONE_MODULES) * 1.2));
}

/**
 * Draws the symbol as vector rectangles, one per run of dark modules in a row, all in one path
 * with one fill, on a white square that holds the 4-module quiet zone. The symbol itself is never
 * mirrored (a mirrored QR code does not scan): in RTL only its position moves.
 */
export function drawQr(c: Canvas, matrix: QrMatrix, x: number, top: number, side: number): void {
  const module = side / (matrix.size + 2 * QUIET_ZONE_MODULES);
  const left = c.px(x, side);
  const pageTop = PAGE.height - top;
  const ops = [pushGraphicsState(), setFillingRgbColor(1, 1, 1), rectangle(left, pageTop - side, side, side), fill(), setFillingRgbColor(0, 0, 0)];
  const r3 = (n: number) => Math.round(n * 1000) / 1000;
  for (const run of darkRuns(matrix)) {
    const rx = left + (run.col + QUIET_ZONE_MODULES) * module;
    const ry = pageTop - (run.row + QUIET_ZONE_MODULES + 1) * module;
    ops.push(rectangle(r3(rx), r3(ry), r3(run.length * module), r3(module)));
  }
  ops.push(fill(), popGraphicsState());
  c.page.pushOperators(...ops);
}

export function qrPiece(matrix: QrMatrix, align: 'start' | 'end'): Piece {
  const side = qrSide(matrix);
  return {
    height: side,
    draw(c, x, top, width) {
      drawQr(c, matrix, align === 'end' ? x + width - side : x, top, side);
    },
  };
}
