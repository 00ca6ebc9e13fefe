/**
 * Byte-mode segment → final codeword sequence: mode and count indicators, terminator, pad bytes
 * 0xEC/0x11, then the data and error correction codewords of every block interleaved (ISO/IEC 18004 §7.6).
 */

import { blockLayout, byteCountBits } from './qr-tables.ts';
import { reedSolomon } from './reed-solomon.ts';

/** The smallest version whose level-M capacity holds `byteLength` bytes in byte mode. */
export function versionFor(byteLength: number): number {
  for (let v = 1; v <= 40; v++) if (4 + byteCountBits(v) + 8 * byteLength <= blockLayout(v).dataCodewords * 8) return v;
  throw new Error(`QR payload too long: ${byteLength} bytes (version 40-M holds 2331)`);
}

export function codewords(bytes: Uint8Array, version: number): Uint8Array {
  const layout = blockLayout(version);
  const data = new Uint8Array(layout.dataCodewords);
  let bitLen = 0;
  const put = (value: number, bits: number) => {
    for (let i = bits - 1; i >= 0; i--, bitLen++) if ((value >>> i) & 1) data[bitLen >> 3] |= 0x80 >> (bitLen & 7);
  };
  put(0b0100, 4);
  put(bytes.length, byteCountBits(version));
  for (const b of bytes) put(b, 8);
  const capacity = layout.dataCodewords * 8;
  if (bitLen + 4 <= capacity) bitLen += 4; // terminator (zeros are already there)
  for (let i = (bitLen + 7) >> 3, pad = 0xec; i < layout.dataCodewords; i++, pad ^= 0xec ^ 0x11) data[i] = pad;

  const blocks: Uint8Array[] = [];
  const ecBlocks: Uint8Array[] = [];
  let offset = 0;
  for (const n of layout.dataPerBlock) {
    const block = data.subarray(offset, offset + n);
    offset += n;
    blocks.push(block);
    ecBlocks.push(reedSolomon(block, layout.ecPerBlock));
  }
  const out = new Uint8Array(layout.dataCodewords + layout.ecPerBlock * blocks.length);
  let k = 0;
  const maxData = layout.dataPerBlock[layout.dataPerBlock.length - 1];
  for (let i = 0; i < maxData; i++) for (const b of blocks) if (i < b.length) out[k++] = b[i];
  for (let i = 0; i < layout.ecPerBlock; i++) for (const e of ecBlocks) out[k++] = e[i];
  return out;
}
