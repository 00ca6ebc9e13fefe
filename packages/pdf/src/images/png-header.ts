// The PNG header and chunk chain (ISO/IEC 15948), read without inflating anything: IHDR first,
// with a valid CRC and field values; dimensions within the limits (checked before the rest of the
// file is looked at, so a bare header describing a huge picture is refused at once); then every
// chunk within the file up to IEND. Animated (acTL) and Apple (CgBI) PNGs are refused: pdf-lib
// cannot embed them.
import { crc32 } from './crc32.ts';
import { dimensionsProblem, HeaderProblem, type ImageHeader } from './image-limits.ts';

const DAMAGED = new HeaderProblem('damaged', 'is not a complete PNG image (truncated or damaged)');

/** Samples per pixel by colour type, and the bit depths each allows. */
const COLOUR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

function u32(b: Uint8Array, i: number): number {
  return ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
}

function chunkType(b: Uint8Array, i: number): string {
  return String.fromCharCode(b[i], b[i + 1], b[i + 2], b[i + 3]);
}

/** Bytes the filtered scanlines take: what the zlib stream must inflate to exactly. */
function inflatedSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (Math.ceil((w * bitsPerPixel) / 8) + 1) : 0);
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce(
    (sum, [xs, ys, dx, dy]) => sum + rows(Math.ceil((width - xs) / dx), Math.ceil((height - ys) / dy)),
    0,
  );
}

export function readPngHeader(b: Uint8Array): ImageHeader | HeaderProblem {
  // signature (8) + IHDR chunk (4 length, 4 type, 13 data, 4 CRC)
  if (b.length < 33 || u32(b, 8) !== 13 || chunkType(b, 12) !== 'IHDR' || u32(b, 29) !== crc32(b, 12, 29))
    return DAMAGED;
  const width = u32(b, 16);
  const height = u32(b, 20);
  const [depth, colourType, compression, filter, interlace] = b.subarray(24, 29);
  const colour = COLOUR_TYPES[colourType];
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return DAMAGED;
  if (!colour?.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return DAMAGED;
  const tooLarge = dimensionsProblem('png', width, height);
  if (tooLarge) return tooLarge;

  const parts: [number, number][] = [];
  let palette = false;
  for (let at = 33; ; ) {
    if (at + 12 > b.length) return DAMAGED; // no IEND: truncated
    const length = u32(b, at);
    const type = chunkType(b, at + 4);
    if (length > 0x7fffffff || at + 12 + length > b.length || !/^[A-Za-z]{4}$/.test(type)) return DAMAGED;
    if (type === 'acTL' || type === 'CgBI')
      return new HeaderProblem('unsupported', 'is an animated or Apple-optimised PNG, which cannot be embedded');
    if (type === 'IHDR' || (type === 'PLTE' && parts.length > 0)) return DAMAGED;
    if (type === 'PLTE') palette = true;
    if (type === 'IDAT') parts.push([at + 8, at + 8 + length]);
    if (type === 'IEND') break;
    at += 12 + length;
  }
  if (parts.length === 0 || (colourType === 3 && !palette)) return DAMAGED;
  return {
    type: 'png',
    width,
    height,
    pngData: { parts, inflatedBytes: inflatedSize(width, height, colour.channels * depth, interlace === 1) },
  };
}
