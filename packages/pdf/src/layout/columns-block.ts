import type { Canvas } from './canvas.ts';
import type { Block } from './flow.ts';
import type { Piece } from './pieces.ts';

export interface Column {
  x: number;
  width: number;
  pieces: Piece[];
}

export interface ColumnsOptions {
  paddingTop?: number;
  paddingBottom?: number;
  /** Drawn behind the content (a tinted box, a rule), with the block's final height. */
  decorate?: (c: Canvas, top: number, height: number) => void;
  flows?: boolean;
}

const sum = (pieces: Piece[]) => pieces.reduce((h, p) => h + p.height, 0);

/**
 * Side-by-side columns of pieces (seller | buyer | ship-to, payment | QR). When a column is longer
 * than the page (a 5,000-character address), the block splits between lines, each column keeping
 * the lines that fit.
 */
export function columnsBlock(columns: Column[], opts: ColumnsOptions = {}): Block {
  const pt = opts.paddingTop ?? 0;
  const pb = opts.paddingBottom ?? 0;
  const height = pt + pb + Math.max(0, ...columns.map((col) => sum(col.pieces)));
  return {
    height,
    flows: opts.flows,
    draw(c, top) {
      opts.decorate?.(c, top, height);
      for (const col of columns) {
        let y = top + pt;
        for (const p of col.pieces) {
          p.draw(c, col.x, y, col.width);
          y += p.height;
        }
      }
    },
    split(available) {
      const room = available - pt - pb;
      if (room <= 0) return null;
      const first: Column[] = [];
      const rest: Column[] = [];
      let moved = 0;
      for (const col of columns) {
        let h = 0;
        let n = 0;
        while (n < col.pieces.length && h + col.pieces[n].height <= room + 0.01) h += col.pieces[n++].height;
        moved += n;
        first.push({ ...col, pieces: col.pieces.slice(0, n) });
        rest.push({ ...col, pieces: col.pieces.slice(n) });
      }
      if (moved === 0) return null;
      return [columnsBlock(first, opts), columnsBlock(rest, opts)];
    },
  };
}
