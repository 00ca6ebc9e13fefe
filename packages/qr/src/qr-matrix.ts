import { encodeSymbol } from './qr-symbol.ts';

/** A QR symbol as a square grid of modules, row-major; `true` is a dark module. No quiet zone. */
export interface QrMatrix {
  size: number;
  modules: boolean[][];
  isDark(row: number, col: number): boolean;
}

const utf8 = new TextEncoder();

// A fresh symbol costs ~0.1 ms; the same text (a merchant's UPI payload, a hosted link rendered
// again) is common, so recent symbols are still kept, isolate-wide.
const recent = new Map<string, QrMatrix>();
const RECENT_MAX = 64;

/** Encodes text (as UTF-8) in byte mode with error correction M at the smallest version that fits. */
export function encodeQr(text: string): QrMatrix {
  const hit = recent.get(text);
  if (hit) return hit;
  const matrix = encodeUncached(text);
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  recent.set(text, matrix);
  return matrix;
}

function encodeUncached(text: string): QrMatrix {
  const { size, modules: flat } = encodeSymbol(utf8.encode(text));
  const modules: boolean[][] = [];
  for (let r = 0; r < size; r++) {
    const row: boolean[] = new Array(size);
    for (let c = 0; c < size; c++) row[c] = flat[r * size + c] === 1;
    modules.push(row);
  }
  return { size, modules, isDark: (row, col) => modules[row]?.[col] === true };
}
