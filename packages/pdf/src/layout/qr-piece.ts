import { QUIET_ZONE_MODULES, darkRuns, type QrMatrix } from '@invoice/qr';
import { pdfNumber as n } from '../document/pdf-number.ts';
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
  let ops = `q\n1 1 1 rg\n${n(left)} ${n(pageTop - side)} ${n(side)} ${n(side)} re\nf\n0 0 0 rg\n`;
  const h = n(module);
  for (const run of darkRuns(matrix)) {
    const rx = left + (run.col + QUIET_ZONE_MODULES) * module;
    const ry = pageTop - (run.row + QUIET_ZONE_MODULES + 1) * module;
    ops += `${n(rx)} ${n(ry)} ${n(run.length * module)} ${h} re\n`;
  }
  c.content.ops += ops + 'f\nQ\n';
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
