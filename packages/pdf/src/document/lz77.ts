/**
 * The LZ77 half of deflate.ts: greedy matching with a 4-byte hash and a short chain over a 32 KB
 * window, plus the RFC 1951 length/distance code tables both halves use.
 */

export const LEN_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
export const LEN_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
export const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
  8193, 12289, 16385, 24577,
];
export const DIST_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
/** Match length 3..258 → index of its length code (0..28). */
export const LEN_CODE = new Uint8Array(259);
for (let c = 0; c < 28; c++)
  for (let l = LEN_BASE[c]; l < LEN_BASE[c] + (1 << LEN_EXTRA[c]) && l < 258; l++) LEN_CODE[l] = c;
LEN_CODE[258] = 28;
/** Distance 1..32768 → distance code (0..29). */
export const DIST_CODE = new Uint8Array(32769);
for (let c = 0; c < 30; c++) for (let d = DIST_BASE[c]; d < DIST_BASE[c] + (1 << DIST_EXTRA[c]); d++) DIST_CODE[d] = c;

const WINDOW = 32768;
const HASH_BITS = 15;
const MAX_CHAIN = 4;
/** A match this long is good enough: stop looking further down the chain. */
const GOOD_ENOUGH = 24;
/** After 2^SKIP_SHIFT positions without a match the matcher starts stepping over positions. */
const SKIP_SHIFT = 5;

// Reused between calls (one compression at a time: this is synchronous). Positions are stored with an
// offset that grows per call, so stale entries from an earlier input read as "too far" without clearing.
const head = new Int32Array(1 << HASH_BITS);
const prev = new Int32Array(WINDOW);
let offset = 0;
/** LZ77 symbols of the current input, grown as needed. */
let symbols = new Int32Array(1 << 15);

/** LZ77 pass: symbols are a literal byte (< 256) or (length << 16 | distance). Counts symbol frequencies. */
export function lz77(
  data: Uint8Array,
  litFreq: Int32Array,
  distFreq: Int32Array,
): { syms: Int32Array; count: number; extraBits: number } {
  const n = data.length;
  if (offset > 0x3fffffff - n) {
    head.fill(0);
    offset = 0;
  }
  const base = offset + WINDOW + 1; // every stored position is >= base for this call; older ones are < base - WINDOW
  offset = base + n;
  if (symbols.length < n + 1) symbols = new Int32Array(n + 1);
  const syms = symbols;
  let count = 0;
  let extraBits = 0;
  let i = 0;
  // positions since the last match: in data that does not repeat (glyph outlines) the matcher looks at
  // every second, then every third… position, as LZ4's acceleration does (issue 27: font subsets were
  // a third of the deflate time for a tenth of the savings)
  let misses = 0;
  const last = n - 4; // a match needs 4 bytes to hash
  while (i < n) {
    if (i <= last) {
      const h =
        Math.imul(data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24), 0x9e3779b1)
        >>> (32 - HASH_BITS);
      let candidate = head[h] - base;
      head[h] = base + i;
      prev[i & (WINDOW - 1)] = candidate + base;
      let bestLen = 0;
      let bestDist = 0;
      const max = Math.min(258, n - i);
      const first = data[i];
      for (let chain = MAX_CHAIN; chain > 0 && candidate >= 0 && i - candidate <= WINDOW; chain--) {
        if (data[candidate + bestLen] === data[i + bestLen] && data[candidate] === first) {
          let len = 1;
          while (len < max && data[candidate + len] === data[i + len]) len++;
          if (len > bestLen) {
            bestLen = len;
            bestDist = i - candidate;
            if (len >= GOOD_ENOUGH) break;
          }
        }
        candidate = prev[candidate & (WINDOW - 1)] - base;
      }
      if (bestLen >= 3) {
        const lc = LEN_CODE[bestLen];
        const dc = DIST_CODE[bestDist];
        litFreq[257 + lc]++;
        distFreq[dc]++;
        extraBits += LEN_EXTRA[lc] + DIST_EXTRA[dc];
        syms[count++] = (bestLen << 16) | bestDist;
        // index the positions inside short matches too (long ones are skipped: speed over ratio)
        const end = i + bestLen;
        if (bestLen <= 8) {
          for (let j = i + 1; j < end && j <= last; j++) {
            const hj =
              Math.imul(data[j] | (data[j + 1] << 8) | (data[j + 2] << 16) | (data[j + 3] << 24), 0x9e3779b1)
              >>> (32 - HASH_BITS);
            prev[j & (WINDOW - 1)] = head[hj];
            head[hj] = base + j;
          }
        }
        i = end;
        misses = 0;
        continue;
      }
      const skip = (++misses >> SKIP_SHIFT) + 1;
      for (let j = 0; j < skip && i < n; j++) {
        litFreq[data[i]]++;
        syms[count++] = data[i++];
      }
      continue;
    }
    litFreq[data[i]]++;
    syms[count++] = data[i++];
  }
  return { syms, count, extraBits };
}
