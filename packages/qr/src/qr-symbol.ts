/**
 * Builds a QR symbol (ISO/IEC 18004, byte mode, level M) on flat typed arrays: function patterns,
 * the codeword zigzag, then each of the 8 masks scored (format/version areas light while scoring,
 * as qrcode-generator did) and the best one kept with its format and version information.
 */

import { maskPenalty } from './mask-penalty.ts';
import { codewords, versionFor } from './qr-codewords.ts';
import { alignmentPositions, formatBits, versionBits } from './qr-tables.ts';

const MASKS: ((r: number, c: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_r, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r * c) % 3) + ((r + c) % 2)) % 2 === 0,
];

export interface QrSymbol {
  version: number;
  size: number;
  mask: number;
  /** size × size, row-major, 1 = dark. */
  modules: Uint8Array;
}

/** Function patterns of a version: `value` holds their colours, `reserved` marks every non-data module. */
function functionPatterns(version: number) {
  const n = version * 4 + 17;
  const value = new Uint8Array(n * n);
  const reserved = new Uint8Array(n * n);
  const set = (r: number, c: number, dark: boolean) => {
    value[r * n + c] = dark ? 1 : 0;
    reserved[r * n + c] = 1;
  };

  for (const [row, col] of [
    [0, 0],
    [n - 7, 0],
    [0, n - 7],
  ]) {
    for (let r = -1; r <= 7; r++) {
      if (row + r < 0 || row + r >= n) continue;
      for (let c = -1; c <= 7; c++) {
        if (col + c < 0 || col + c >= n) continue;
        const ring = (r >= 0 && r <= 6 && (c === 0 || c === 6)) || (c >= 0 && c <= 6 && (r === 0 || r === 6));
        set(row + r, col + c, ring || (r >= 2 && r <= 4 && c >= 2 && c <= 4));
      }
    }
  }
  const pos = alignmentPositions(version);
  for (const row of pos) {
    for (const col of pos) {
      if (reserved[row * n + col]) continue; // overlaps a finder pattern
      for (let r = -2; r <= 2; r++)
        for (let c = -2; c <= 2; c++) set(row + r, col + c, Math.max(Math.abs(r), Math.abs(c)) !== 1);
    }
  }
  for (let i = 8; i < n - 8; i++) {
    if (!reserved[i * n + 6]) set(i, 6, i % 2 === 0);
    if (!reserved[6 * n + i]) set(6, i, i % 2 === 0);
  }
  // format information, the dark module and version information: reserved, light until the mask is known
  for (const [r, c] of formatCells(n)) set(r, c, false);
  set(n - 8, 8, false);
  if (version >= 7) for (const [r, c] of versionCells(n)) set(r, c, false);
  return { n, value, reserved };
}

/** Cells of the 15 format bits, twice: bit i is at cells[i] and cells[15 + i]. */
function formatCells(n: number): [number, number][] {
  const cells: [number, number][] = [];
  for (let i = 0; i < 15; i++) cells.push(i < 6 ? [i, 8] : i < 8 ? [i + 1, 8] : [n - 15 + i, 8]);
  for (let i = 0; i < 15; i++) cells.push(i < 8 ? [8, n - i - 1] : i < 9 ? [8, 7] : [8, 14 - i]);
  return cells;
}

/** Cells of the 18 version bits, twice: bit i is at cells[i] and cells[18 + i]. */
function versionCells(n: number): [number, number][] {
  const cells: [number, number][] = [];
  for (let i = 0; i < 18; i++) cells.push([Math.floor(i / 3), (i % 3) + n - 11]);
  for (let i = 0; i < 18; i++) cells.push([(i % 3) + n - 11, Math.floor(i / 3)]);
  return cells;
}

interface VersionGrid {
  n: number;
  /** Colours of the function patterns (format and version areas light). */
  value: Uint8Array;
  /** Data module indices in codeword-bit order (the zigzag). */
  cells: Int32Array;
  /** Per mask, 1 where the mask flips the data cell cells[k]. */
  flips: Uint8Array[];
}

// Everything that depends only on the version is built once per isolate (a hosted link is version 5).
const grids = new Map<number, VersionGrid>();

function versionGrid(version: number): VersionGrid {
  let g = grids.get(version);
  if (g) return g;
  const { n, value, reserved } = functionPatterns(version);
  const all = new Int32Array(n * n);
  let count = 0;
  for (let right = n - 1, upward = true; right > 0; right -= 2, upward = !upward) {
    if (right === 6) right = 5;
    for (let k = 0; k < n; k++) {
      const r = upward ? n - 1 - k : k;
      for (let c = right; c >= right - 1; c--) if (!reserved[r * n + c]) all[count++] = r * n + c;
    }
  }
  const cells = all.slice(0, count);
  const flips = MASKS.map((fn) => {
    const f = new Uint8Array(count);
    for (let k = 0; k < count; k++) {
      const r = (cells[k] / n) | 0;
      f[k] = fn(r, cells[k] - r * n) ? 1 : 0;
    }
    return f;
  });
  g = { n, value, cells, flips };
  grids.set(version, g);
  return g;
}

export function encodeSymbol(bytes: Uint8Array): QrSymbol {
  const version = versionFor(bytes.length);
  const data = codewords(bytes, version);
  const { n, value, cells, flips } = versionGrid(version);
  const count = cells.length;
  // codeword bits in placement order; remainder bits past the last codeword are 0
  const bits = new Uint8Array(count);
  const totalBits = Math.min(count, data.length * 8);
  for (let k = 0; k < totalBits; k++) bits[k] = (data[k >> 3] >> (7 - (k & 7))) & 1;

  const apply = (mask: number, out: Uint8Array) => {
    out.set(value);
    const f = flips[mask];
    for (let k = 0; k < count; k++) out[cells[k]] = bits[k] ^ f[k];
  };
  const masked = new Uint8Array(n * n);
  let best = 0;
  let bestScore = 0;
  for (let mask = 0; mask < 8; mask++) {
    apply(mask, masked);
    const score = maskPenalty(masked, n);
    if (mask === 0 || score < bestScore) {
      best = mask;
      bestScore = score;
    }
  }

  const modules = masked;
  apply(best, modules);
  const fmt = formatBits(best);
  formatCells(n).forEach(([r, c], i) => {
    modules[r * n + c] = (fmt >> (i % 15)) & 1;
  });
  modules[(n - 8) * n + 8] = 1;
  if (version >= 7) {
    const ver = versionBits(version);
    versionCells(n).forEach(([r, c], i) => {
      modules[r * n + c] = (ver >> (i % 18)) & 1;
    });
  }
  return { version, size: n, mask: best, modules };
}
