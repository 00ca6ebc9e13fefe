import { inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zlibDeflate } from '../../src/document/deflate.ts';
import { huffmanLengths } from '../../src/document/huffman.ts';
import { loadFontFiles } from '../helpers/load-fonts.ts';

function bytes(length: number, alphabet: number, seed: number): Uint8Array {
  let s = seed >>> 0;
  return Uint8Array.from({ length }, () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 16) % alphabet;
  });
}

const roundTrip = (data: Uint8Array) => new Uint8Array(inflateSync(zlibDeflate(data)));

describe('zlib deflate for PDF streams (RFC 1950/1951)', () => {
  it('round-trips through zlib: empty, one byte, runs, random, long repeats beyond the 32 KB window, > 64 KB stored', () => {
    const cases = [
      new Uint8Array(0),
      new Uint8Array([65]),
      new Uint8Array(100_000).fill(7),
      bytes(70_000, 256, 1), // incompressible: stored blocks
      bytes(70_000, 4, 2),
      new TextEncoder().encode('x'.repeat(40_000) + 'BT /NF1 9 Tf 1 0 0 1 42 761.805 Tm <0001> Tj ET\n'.repeat(3000)),
    ];
    for (let k = 0; k < 60; k++) cases.push(bytes(Math.floor(((k * 7919) % 997) ** 1.5), 1 + ((k * 31) % 255), k + 3));
    for (const data of cases)
      expect(Buffer.from(roundTrip(data)).equals(Buffer.from(data)), `length ${data.length}`).toBe(true);
  });

  it('compresses a real font and a content stream about as well as zlib level 6 (within 8 %), random bytes by at most 0.1 % more', async () => {
    const { deflateSync } = await import('node:zlib');
    const font = new Uint8Array(Object.values(loadFontFiles().fontFiles)[0] as Uint8Array).subarray(0, 40_000);
    const content = new TextEncoder().encode(
      Array.from(
        { length: 400 },
        (_, i) =>
          `1 0 0 1 42 ${(800 - i * 1.7).toFixed(3)} Tm\n<00${(i % 200).toString(16).padStart(2, '0')}0003000400${(i % 97).toString(16).padStart(2, '0')}> Tj\n`,
      ).join(''),
    );
    for (const data of [font, content]) {
      expect(zlibDeflate(data).length).toBeLessThan(deflateSync(data, { level: 6 }).length * 1.08);
      expect(Buffer.from(roundTrip(data)).equals(Buffer.from(data))).toBe(true);
    }
    const noise = bytes(20_000, 256, 9);
    expect(zlibDeflate(noise).length).toBeLessThanOrEqual(noise.length + 11);
  });

  it('D14: the same bytes give the same compressed bytes, whatever was compressed before', () => {
    const data = bytes(30_000, 16, 5);
    const first = zlibDeflate(data);
    zlibDeflate(bytes(50_000, 8, 6));
    expect(Buffer.from(zlibDeflate(data)).equals(Buffer.from(first))).toBe(true);
  });

  it('Huffman code lengths stay within the limit and form a complete prefix code', () => {
    // Fibonacci frequencies force a deep tree: 25 symbols would need codes of up to 24 bits
    const freq = new Int32Array(25);
    let [a, b] = [1, 1];
    for (let i = 0; i < 25; i++) {
      freq[i] = a;
      [a, b] = [b, a + b];
    }
    for (const limit of [7, 15]) {
      const lengths = huffmanLengths(freq, limit);
      expect(Math.max(...lengths)).toBeLessThanOrEqual(limit);
      expect([...lengths].reduce((s, l) => s + 2 ** -l, 0)).toBe(1);
    }
  });
});

// Properties: whatever the input, zlib's own inflater gives it back (our output is zlib-wrapped).
const sameBytes = (data: Uint8Array) => Buffer.from(roundTrip(data)).equals(Buffer.from(data));

const pdfTokens = [
  'BT',
  'ET',
  '/F1',
  '9',
  'Tf',
  '1 0 0 1',
  '42',
  '761.805',
  'Tm',
  '<0001>',
  'Tj',
  'q',
  'Q',
  're',
  'f',
  '0.5',
  'g',
  '\n',
  ' ',
  'Invoice',
  'Total',
];
const runsOf = (runs: [number, number][]) => Uint8Array.from(runs.flatMap(([b, n]) => Array<number>(n).fill(b)));

/** Small inputs of every kind: random bytes, few symbols (many short matches), long runs, text. */
const smallBuffers = fc.oneof(
  fc.uint8Array({ maxLength: 4096 }),
  fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 4096 }).map((xs) => Uint8Array.from(xs)),
  fc
    .array(fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 1500 })), { maxLength: 12 })
    .map(runsOf),
  fc.array(fc.constantFrom(...pdfTokens), { maxLength: 1500 }).map((ts) => new TextEncoder().encode(ts.join(' '))),
  fc.string({ unit: 'grapheme', maxLength: 800 }).map((t) => new TextEncoder().encode(t)),
);

/** Sizes within 2 bytes of the limits: 4-byte hash, 258-byte match, 32 KB window, 65,535-byte stored block. */
const nearLimit = (limits: number[]) =>
  fc.tuple(fc.constantFrom(...limits), fc.integer({ min: -2, max: 2 })).map(([l, d]) => Math.max(0, l + d));
/** A recipe, not the bytes, so a counterexample prints short; `period` repeats the start, e.g. just inside or beyond the window. */
const largeRecipes = fc.record({
  size: nearLimit([0, 4, 258, 32_768, 65_535, 98_304, 131_070]),
  alphabet: fc.constantFrom(1, 2, 16, 256),
  seed: fc.integer({ min: 0, max: 0xffff }),
  period: fc.option(nearLimit([1, 3, 258, 32_768, 65_535]), { nil: undefined }),
});
function fromRecipe({
  size,
  alphabet,
  seed,
  period,
}: {
  size: number;
  alphabet: number;
  seed: number;
  period?: number;
}): Uint8Array {
  const start = bytes(Math.min(size, period || size), alphabet, seed);
  const out = new Uint8Array(size);
  for (let at = 0; at < size; at += start.length) out.set(start.subarray(0, size - at), at);
  return out;
}

describe('zlib deflate round-trips through node:zlib for any input (fast-check)', () => {
  it('small buffers: random, repetitive, runs, text', () => {
    fc.assert(fc.property(smallBuffers, sameBytes), { numRuns: 100 });
  });

  it('sizes and repeat distances around the match, window and stored-block limits', () => {
    fc.assert(
      fc.property(largeRecipes, (recipe) => sameBytes(fromRecipe(recipe))),
      { numRuns: 100 },
    );
  });
});
