// The JPEG segment chain (ITU T.81), walked with bounds checks from SOI to EOI: every segment must
// lie within the file, the frame header (SOF0, SOF1 or SOF2: baseline, extended or progressive
// Huffman, 8-bit, 1, 3 or 4 components) gives the dimensions, and the entropy-coded data after
// each SOS is skipped to the next marker. Nothing is decoded. Before the frame header the chain
// must be exactly what pdf-lib's own reader expects (no fill bytes, no standalone markers), so a
// file that passes here embeds with the dimensions read here.
import { dimensionsProblem, HeaderProblem, type ImageHeader } from './image-limits.ts';

const DAMAGED = new HeaderProblem('damaged', 'is not a complete JPEG image (truncated or damaged)');
const UNSUPPORTED = new HeaderProblem(
  'unsupported',
  'is a lossless, hierarchical, arithmetic-coded or 12-bit JPEG, which cannot be embedded',
);

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;

function u16(b: Uint8Array, i: number): number {
  return (b[i] << 8) | b[i + 1];
}

/** Frame headers other than SOF0–2, and DAC/JPG, which pdf-lib would also take for a frame header. */
function isUnsupportedFrame(marker: number): boolean {
  return marker >= 0xc3 && marker <= 0xcf && marker !== 0xc4;
}

/** The offset of the marker that ends the entropy-coded data starting at `from`, or -1 if the file ends first. */
function endOfScan(b: Uint8Array, from: number): number {
  for (let at = from; ; ) {
    const ff = b.indexOf(0xff, at);
    if (ff < 0 || ff + 1 >= b.length) return -1;
    const next = b[ff + 1];
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7))
      at = ff + 2; // stuffed byte, restart marker
    else if (next === 0xff)
      at = ff + 1; // fill byte
    else return ff;
  }
}

export function readJpegHeader(b: Uint8Array): ImageHeader | HeaderProblem {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== SOI) return DAMAGED;
  let frame: { width: number; height: number; components: number } | undefined;
  let scanned = false;
  for (let at = 2; ; ) {
    if (at + 2 > b.length || b[at] !== 0xff) return DAMAGED;
    const marker = b[at + 1];
    if (marker === EOI) return frame && scanned ? { type: 'jpeg', ...frame } : DAMAGED;
    if (marker === SOI) return DAMAGED;
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      // Fill bytes and standalone markers: allowed after the frame header, not in the chain pdf-lib reads.
      if (!frame) return DAMAGED;
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    if (isUnsupportedFrame(marker)) return UNSUPPORTED;
    if (at + 4 > b.length) return DAMAGED;
    const length = u16(b, at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > b.length) return DAMAGED;
    if (marker >= 0xc0 && marker <= 0xc2) {
      if (frame || length < 8) return DAMAGED;
      if (b[at + 4] !== 8) return UNSUPPORTED;
      const height = u16(b, at + 5);
      const width = u16(b, at + 7);
      const components = b[at + 9];
      if (width === 0 || height === 0 || ![1, 3, 4].includes(components) || length !== 8 + 3 * components)
        return DAMAGED;
      const tooLarge = dimensionsProblem('jpeg', width, height);
      if (tooLarge) return tooLarge;
      frame = { width, height, components };
    }
    if (marker === SOS) {
      if (!frame) return DAMAGED;
      scanned = true;
      at = endOfScan(b, end);
      if (at < 0) return DAMAGED;
      continue;
    }
    at = end;
  }
}
