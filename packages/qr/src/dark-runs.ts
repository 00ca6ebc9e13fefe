import type { QrMatrix } from './qr-matrix.ts';

/** A horizontal run of dark modules: row, first column, length in modules. */
export interface DarkRun {
  row: number;
  col: number;
  length: number;
}

/**
 * Merges adjacent dark modules of each row into runs, so a renderer draws one rectangle per run
 * instead of one per module (a version-10 symbol has ~1,500 dark modules but ~500 runs).
 */
export function darkRuns(matrix: QrMatrix): DarkRun[] {
  const runs: DarkRun[] = [];
  for (let r = 0; r < matrix.size; r++) {
    const row = matrix.modules[r];
    let c = 0;
    while (c < matrix.size) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < matrix.size && row[c]) c++;
      runs.push({ row: r, col: start, length: c - start });
    }
  }
  return runs;
}

/** The quiet zone QR readers need around the symbol (ISO/IEC 18004: 4 modules). */
export const QUIET_ZONE_MODULES = 4;
