import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { encodeSymbol } from '../src/qr-symbol.ts';
import { alignmentPositions, blockLayout, formatBits, versionBits } from '../src/qr-tables.ts';

/** The previous encoder, as the oracle: same version, same mask choice, same modules. */
function reference(bytes: Uint8Array) {
  const q = qrcode(0, 'M');
  q.addData(String.fromCharCode(...bytes), 'Byte');
  q.make();
  const n = q.getModuleCount();
  const modules = new Uint8Array(n * n);
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) modules[r * n + c] = q.isDark(r, c) ? 1 : 0;
  return { n, modules };
}

function pseudoRandomBytes(length: number, seed: number, printable: boolean): Uint8Array {
  let s = seed >>> 0;
  return Uint8Array.from({ length }, () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return printable ? 0x20 + ((s >>> 8) % 95) : s >>> 24;
  });
}

describe('QR symbol encoder (ISO/IEC 18004 byte mode, level M)', () => {
  it('level-M data capacities match the standard (v1 16, v5 86, v10 216, v40 2334 codewords; 40-M is 18 blocks of 47 + 31 of 48)', () => {
    expect([1, 5, 10, 40].map((v) => blockLayout(v).dataCodewords)).toEqual([16, 86, 216, 2334]);
    expect(blockLayout(5).dataPerBlock).toEqual([43, 43]);
    expect(blockLayout(40).dataPerBlock.filter((d) => d === 47).length).toBe(18);
  });

  it('alignment centres, format and version bits match the standard tables', () => {
    expect(alignmentPositions(1)).toEqual([]);
    expect(alignmentPositions(7)).toEqual([6, 22, 38]);
    expect(alignmentPositions(32)).toEqual([6, 34, 60, 86, 112, 138]);
    expect(alignmentPositions(40)).toEqual([6, 30, 58, 86, 114, 142, 170]);
    // ISO/IEC 18004 Annex C: M, mask 0 → 101010000010010; version 7 → 000111110010010100
    expect(formatBits(0).toString(2).padStart(15, '0')).toBe('101010000010010');
    expect(versionBits(7).toString(2).padStart(18, '0')).toBe('000111110010010100');
  });

  it('gives module-for-module the symbol qrcode-generator gave, at every length band up to version 40', () => {
    const lengths = [
      0, 1, 14, 15, 26, 42, 62, 63, 84, 85, 106, 122, 180, 213, 251, 365, 520, 700, 858, 1000, 1300, 1700, 2000, 2331,
    ];
    const versions = new Set<number>();
    lengths.forEach((length, i) => {
      for (const printable of [true, false]) {
        const bytes = pseudoRandomBytes(length, i * 7 + (printable ? 1 : 2), printable);
        const mine = encodeSymbol(bytes);
        const ref = reference(bytes);
        versions.add(mine.version);
        expect(mine.size, `length ${length}`).toBe(ref.n);
        expect(Buffer.from(mine.modules).equals(Buffer.from(ref.modules)), `length ${length}, mask ${mine.mask}`).toBe(
          true,
        );
      }
    });
    expect(versions.size).toBeGreaterThan(18);
    expect(versions.has(40)).toBe(true);
  });

  it('gives the same symbols for hosted links, the production text', () => {
    for (let i = 0; i < 40; i++) {
      const link = `https://invoices.example.com/api/i/${i.toString(36).padStart(22, 'x')}?t=${(i * 7919).toString(36)}`;
      const bytes = new TextEncoder().encode(link);
      const ref = reference(bytes);
      expect(Buffer.from(encodeSymbol(bytes).modules).equals(Buffer.from(ref.modules))).toBe(true);
    }
  });

  it('refuses text beyond version 40-M (2,331 bytes)', () => {
    expect(() => encodeSymbol(new Uint8Array(2332))).toThrow(/too long/);
  });
});
