import jsQR from 'jsqr';
import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { darkRuns, encodeQr, type QrMatrix, QUIET_ZONE_MODULES } from '../src/index.ts';

/** Rasterises a matrix with its quiet zone to RGBA, `scale` pixels per module, for jsQR. */
function rasterise(m: QrMatrix, scale = 4) {
  const side = (m.size + 2 * QUIET_ZONE_MODULES) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let r = 0; r < m.size; r++)
    for (let c = 0; c < m.size; c++)
      if (m.isDark(r, c))
        for (let y = 0; y < scale; y++)
          for (let x = 0; x < scale; x++) {
            const i = (((r + QUIET_ZONE_MODULES) * scale + y) * side + (c + QUIET_ZONE_MODULES) * scale + x) * 4;
            data[i] = data[i + 1] = data[i + 2] = 0;
          }
  return { data, side };
}

describe('QR encoding', () => {
  it('round-trips a hosted link through a real decoder', () => {
    const text = 'https://invoices.example.com/api/i/AbCdEfGhIjKlMnOpQrStUv?t=abc_DEF-123';
    const m = encodeQr(text);
    const { data, side } = rasterise(m);
    expect(jsQR(data, side, side)?.data).toBe(text);
  });

  it('D12: encodes UTF-8 text (UPI payee names, SEPA payloads) exactly', () => {
    const text =
      'BCD\n002\n1\nSCT\nBICDEFF\nMüller & Söhne GmbH\nDE89370400440532013000\nEUR12.30\n\n\nRechnung INV-1 – ä€';
    const m = encodeQr(text);
    const { data, side } = rasterise(m);
    const decoded = jsQR(data, side, side);
    expect(decoded?.data).toBe(text);
  });

  it('uses error correction M: the symbol size is the M one, not L/Q/H, and 1,000 characters (D12) decode', () => {
    const text = 'x'.repeat(1000);
    const m = encodeQr(text);
    const sizeAt = (level: 'L' | 'M' | 'Q' | 'H') => {
      const q = qrcode(0, level);
      q.addData(text, 'Byte');
      q.make();
      return q.getModuleCount();
    };
    expect(new Set([sizeAt('L'), sizeAt('M'), sizeAt('Q'), sizeAt('H')]).size).toBe(4);
    expect(m.size).toBe(sizeAt('M'));
    const { data, side } = rasterise(m, 3);
    expect(jsQR(data, side, side)?.data).toBe(text);
  });

  it('dark runs cover exactly the dark modules', () => {
    const m = encodeQr('run-length check');
    const covered = new Set<string>();
    for (const run of darkRuns(m)) {
      for (let c = run.col; c < run.col + run.length; c++) covered.add(`${run.row},${c}`);
      expect(m.isDark(run.row, run.col - 1)).toBe(false);
      expect(m.isDark(run.row, run.col + run.length)).toBe(false);
    }
    let dark = 0;
    for (let r = 0; r < m.size; r++)
      for (let c = 0; c < m.size; c++)
        if (m.isDark(r, c)) {
          dark++;
          expect(covered.has(`${r},${c}`)).toBe(true);
        }
    expect(covered.size).toBe(dark);
    expect(darkRuns(m).length).toBeLessThan(dark);
  });
});
