import { darkRuns, type QrMatrix, QUIET_ZONE_MODULES } from '@invoice/qr';
import { pdfNumber as n } from '../document/pdf-number.ts';
import { type Canvas, PAGE } from './canvas.ts';
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
function drawQr(c: Canvas, matrix: QrMatrix, x: number, top: number, side: number): void {
  const module = side / (matrix.size + 2 * QUIET_ZONE_MODULES);
  const left = c.px(x, side);
  const pageTop = PAGE.height - top;
  // One white square, then the dark runs in module units under a matrix that maps module (col, row)
  // to its place on the page: one short "col y len 1 re" per run (y counted up from the last row), one fill.
  let ops = `q\n1 1 1 rg\n${n(left)} ${n(pageTop - side)} ${n(side)} ${n(side)} re\nf\n0 0 0 rg\n`;
  // the scale with 6 decimals: a 3-decimal module size would drift by up to 0.02 pt across the symbol
  const scale = String(Math.round(module * 1e6) / 1e6);
  ops += `${scale} 0 0 ${scale} ${n(left + QUIET_ZONE_MODULES * module)} ${n(pageTop - (QUIET_ZONE_MODULES + matrix.size) * module)} cm\n`;
  const lastRow = matrix.size - 1;
  for (const run of darkRuns(matrix)) ops += `${run.col} ${lastRow - run.row} ${run.length} 1 re\n`;
  c.content.graphics(ops + 'f\nQ\n');
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
