import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zlibDeflate } from '../../src/document/deflate.ts';
import { huffmanLengths } from '../../src/document/huffman.ts';
import { loadFontFiles } from '../helpers/load-fonts.ts';

function bytes(length: number, alphabet: number, seed: number): Uint8Array {
  let s = seed >>> 0;
  return Uint8Array.from({ length }, () => { s = (Math.imul(s, 1103515245) + 12345) >>> 0; return (s >>> 16) % alphabet; });
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
    for (const data of cases) expect(Buffer.from(roundTrip(data)).equals(Buffer.from(data)), `length ${data.length}`).toBe(true);
  });

  it('compresses a real font and a content stream about as well as zlib level 6 (within 8 %), random bytes by at most 0.1 % more', async () => {
    const { deflateSync } = await import('node:zlib');
    const font = new Uint8Array(Object.values(loadFontFiles().fontFiles)[0] as Uint8Array).subarray(0, 40_000);
    const content = new TextEncoder().encode(Array.from({ length: 400 }, (_, i) => `1 0 0 1 42 ${(800 - i * 1.7).toFixed(3)} Tm\n<00${(i % 200).toString(16).padStart(2, '0')}0003000400${(i % 97).toString(16).padStart(2, '0')}> Tj\n`).join(''));
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
    for (let i = 0; i < 25; i++) { freq[i] = a; [a, b] = [b, a + b]; }
    for (const limit of [7, 15]) {
      const lengths = huffmanLengths(freq, limit);
      expect(Math.max(...lengths)).toBeLessThanOrEqual(limit);
      expect([...lengths].reduce((s, l) => s + 2 ** -l, 0)).toBe(1);
    }
  });
});
