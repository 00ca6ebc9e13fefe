/**
 * A small, fast zlib (RFC 1950/1951) compressor for PDF streams. Greedy LZ77 with a short hash chain
 * and one block per stream (dynamic, fixed or stored Huffman, whichever is smallest). For the 2–30 KB
 * content streams and font subsets of an invoice it is several times faster than fflate's level 1
 * (which allocates ~200 KB of tables per call) at a few per cent larger output. Deterministic: the
 * same bytes always compress to the same bytes (D14).
 */
import { huffmanLengths, reversedCodes } from './huffman.ts';

const LEN_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LEN_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
/** Order in which the code length code lengths are sent. */
const CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** Match length 3..258 → index of its length code (0..28). */
const LEN_CODE = new Uint8Array(259);
for (let c = 0; c < 28; c++) for (let l = LEN_BASE[c]; l < LEN_BASE[c] + (1 << LEN_EXTRA[c]) && l < 258; l++) LEN_CODE[l] = c;
LEN_CODE[258] = 28;
/** Distance 1..32768 → distance code (0..29). */
const DIST_CODE = new Uint8Array(32769);
for (let c = 0; c < 30; c++) for (let d = DIST_BASE[c]; d < DIST_BASE[c] + (1 << DIST_EXTRA[c]); d++) DIST_CODE[d] = c;

/** The fixed Huffman code of RFC 1951 §3.2.6. */
const FIXED_LIT_LEN = Uint8Array.from({ length: 288 }, (_, s) => (s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8));
const FIXED_DIST_LEN = new Uint8Array(30).fill(5);
const FIXED_LIT = reversedCodes(FIXED_LIT_LEN);
const FIXED_DIST = reversedCodes(FIXED_DIST_LEN);

const WINDOW = 32768;
const HASH_BITS = 15;
const MAX_CHAIN = 4;
/** A match this long is good enough: stop looking further down the chain. */
const GOOD_ENOUGH = 24;

// Reused between calls (one compression at a time: this is synchronous). Positions are stored with an
// offset that grows per call, so stale entries from an earlier input read as "too far" without clearing.
const head = new Int32Array(1 << HASH_BITS);
const prev = new Int32Array(WINDOW);
let offset = 0;
/** LZ77 symbols of the current input, grown as needed. */
let symbols = new Int32Array(1 << 15);

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; ) {
    const end = Math.min(i + 5552, data.length);
    for (; i < end; i++) { a += data[i]; b += a; }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** LZ77 pass: symbols are a literal byte (< 256) or (length << 16 | distance). Counts symbol frequencies. */
function lz77(data: Uint8Array, litFreq: Int32Array, distFreq: Int32Array): { syms: Int32Array; count: number; extraBits: number } {
  const n = data.length;
  if (offset > 0x3fffffff - n) { head.fill(0); offset = 0; }
  const base = offset + WINDOW + 1; // every stored position is >= base for this call; older ones are < base - WINDOW
  offset = base + n;
  if (symbols.length < n + 1) symbols = new Int32Array(n + 1);
  const syms = symbols;
  let count = 0;
  let extraBits = 0;
  let i = 0;
  const last = n - 4; // a match needs 4 bytes to hash
  while (i < n) {
    if (i <= last) {
      const h = Math.imul(data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24), 0x9e3779b1) >>> (32 - HASH_BITS);
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
            const hj = Math.imul(data[j] | (data[j + 1] << 8) | (data[j + 2] << 16) | (data[j + 3] << 24), 0x9e3779b1) >>> (32 - HASH_BITS);
            prev[j & (WINDOW - 1)] = head[hj];
            head[hj] = base + j;
          }
        }
        i = end;
        continue;
      }
    }
    litFreq[data[i]]++;
    syms[count++] = data[i++];
  }
  return { syms, count, extraBits };
}

class BitWriter {
  readonly out: Uint8Array;
  pos = 0;
  buf = 0;
  bits = 0;
  constructor(capacity: number) { this.out = new Uint8Array(capacity); }
  /** Writes the low `n` (<= 16) bits of `value`, least significant first. */
  write(value: number, n: number): void {
    this.buf |= value << this.bits;
    this.bits += n;
    while (this.bits >= 8) { this.out[this.pos++] = this.buf & 0xff; this.buf >>>= 8; this.bits -= 8; }
  }
  align(): void { if (this.bits > 0) this.write(0, 8 - this.bits); }
}

function writeSymbols(w: BitWriter, syms: Int32Array, count: number, litCodes: Uint16Array, litLens: Uint8Array, distCodes: Uint16Array, distLens: Uint8Array) {
  // the bit buffer in locals: this loop runs once per symbol
  const out = w.out;
  let pos = w.pos;
  let buf = w.buf;
  let bits = w.bits;
  for (let k = 0; k < count; k++) {
    const s = syms[k];
    if (s < 256) {
      buf |= litCodes[s] << bits;
      bits += litLens[s];
    } else {
      const len = s >>> 16;
      const dist = s & 0xffff;
      const lc = LEN_CODE[len];
      buf |= litCodes[257 + lc] << bits;
      bits += litLens[257 + lc];
      buf |= (len - LEN_BASE[lc]) << bits; // 0 when the code has no extra bits
      bits += LEN_EXTRA[lc];
      while (bits >= 8) { out[pos++] = buf & 0xff; buf >>>= 8; bits -= 8; }
      const dc = DIST_CODE[dist];
      buf |= distCodes[dc] << bits;
      bits += distLens[dc];
      while (bits >= 8) { out[pos++] = buf & 0xff; buf >>>= 8; bits -= 8; }
      buf |= (dist - DIST_BASE[dc]) << bits;
      bits += DIST_EXTRA[dc];
    }
    while (bits >= 8) { out[pos++] = buf & 0xff; buf >>>= 8; bits -= 8; }
  }
  w.pos = pos;
  w.buf = buf;
  w.bits = bits;
  w.write(litCodes[256], litLens[256]);
}

/** Run-length codes (16/17/18) for the code lengths of both trees, as RFC 1951 §3.2.7 sends them. */
function runLengths(lengths: Uint8Array): { codes: number[]; extras: number[]; freq: Int32Array } {
  const codes: number[] = [];
  const extras: number[] = [];
  const freq = new Int32Array(19);
  const emit = (code: number, extra = 0) => { codes.push(code); extras.push(extra); freq[code]++; };
  for (let i = 0; i < lengths.length; ) {
    const cur = lengths[i];
    let run = 1;
    while (i + run < lengths.length && lengths[i + run] === cur) run++;
    i += run;
    if (cur === 0) {
      while (run >= 11) { const r = Math.min(run, 138); emit(18, r - 11); run -= r; }
      if (run >= 3) { emit(17, run - 3); run = 0; }
    } else {
      emit(cur);
      run--;
      while (run >= 3) { const r = Math.min(run, 6); emit(16, r - 3); run -= r; }
    }
    while (run-- > 0) emit(cur);
  }
  return { codes, extras, freq };
}

const CL_EXTRA_BITS = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7];

/** zlib-wrapped deflate of `data`. */
export function zlibDeflate(data: Uint8Array): Uint8Array {
  const n = data.length;
  const litFreq = new Int32Array(286);
  const distFreq = new Int32Array(30);
  const { syms, count, extraBits } = lz77(data, litFreq, distFreq);
  litFreq[256] = 1;
  // keep both trees at two or more symbols: every inflater accepts complete codes
  if (count === 0) litFreq[0] = 1;
  let distUsed = 0;
  for (let s = 0; s < 30; s++) if (distFreq[s]) distUsed++;
  if (distUsed < 2) { distFreq[0] ||= 1; distFreq[1] ||= 1; }

  const litLens = huffmanLengths(litFreq, 15);
  const distLens = huffmanLengths(distFreq, 15);
  let hlit = 286;
  while (hlit > 257 && litLens[hlit - 1] === 0) hlit--;
  let hdist = 30;
  while (hdist > 1 && distLens[hdist - 1] === 0) hdist--;
  const all = new Uint8Array(hlit + hdist);
  all.set(litLens.subarray(0, hlit));
  all.set(distLens.subarray(0, hdist), hlit);
  const rl = runLengths(all);
  const clLens = huffmanLengths(rl.freq, 7);
  let hclen = 19;
  while (hclen > 4 && clLens[CL_ORDER[hclen - 1]] === 0) hclen--;

  // sizes in bits of the three block types
  let dataBits = extraBits;
  let fixedBits = extraBits;
  for (let s = 0; s < 286; s++) { dataBits += litFreq[s] * litLens[s]; fixedBits += litFreq[s] * FIXED_LIT_LEN[s]; }
  for (let s = 0; s < 30; s++) { dataBits += distFreq[s] * distLens[s]; fixedBits += distFreq[s] * 5; }
  let headerBits = 14 + 3 * hclen;
  for (let s = 0; s < 19; s++) headerBits += rl.freq[s] * (clLens[s] + CL_EXTRA_BITS[s]);
  const dynamicBits = 3 + headerBits + dataBits;
  fixedBits += 3;
  const storedBytes = n + 5 * Math.max(1, Math.ceil(n / 65535));

  const w = new BitWriter(2 + storedBytes + 4 + 8);
  w.write(0x78, 8);
  w.write(0x01, 8); // zlib header: deflate, 32 KB window, fastest-compression hint; (0x7801 % 31 === 0)
  if (storedBytes * 8 <= Math.min(dynamicBits, fixedBits)) {
    let at = 0;
    do {
      const len = Math.min(65535, n - at);
      w.write(at + len >= n ? 1 : 0, 3); // final?, stored
      w.align();
      w.write(len & 0xff, 8); w.write(len >>> 8, 8); w.write(~len & 0xff, 8); w.write((~len >>> 8) & 0xff, 8);
      w.out.set(data.subarray(at, at + len), w.pos);
      w.pos += len;
      at += len;
    } while (at < n);
  } else if (fixedBits <= dynamicBits) {
    w.write(0b011, 3); // final, fixed
    writeSymbols(w, syms, count, FIXED_LIT, FIXED_LIT_LEN, FIXED_DIST, FIXED_DIST_LEN);
  } else {
    w.write(0b101, 3); // final, dynamic
    w.write(hlit - 257, 5);
    w.write(hdist - 1, 5);
    w.write(hclen - 4, 4);
    for (let k = 0; k < hclen; k++) w.write(clLens[CL_ORDER[k]], 3);
    const clCodes = reversedCodes(clLens);
    for (let k = 0; k < rl.codes.length; k++) {
      const c = rl.codes[k];
      w.write(clCodes[c], clLens[c]);
      if (c >= 16) w.write(rl.extras[k], CL_EXTRA_BITS[c]);
    }
    writeSymbols(w, syms, count, reversedCodes(litLens), litLens, reversedCodes(distLens), distLens);
  }
  w.align();
  const sum = adler32(data);
  w.write(sum >>> 24, 8); w.write((sum >>> 16) & 0xff, 8); w.write((sum >>> 8) & 0xff, 8); w.write(sum & 0xff, 8);
  return w.out.slice(0, w.pos);
}
