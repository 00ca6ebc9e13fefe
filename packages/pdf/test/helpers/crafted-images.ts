// PNG and JPEG files built byte by byte, to test the header reader on exactly the structure wanted:
// headers that claim more than they hold, truncated chains, markers in unusual places.
import { deflateSync } from 'node:zlib';
import { crc32 } from '../../src/images/crc32.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

export function pngChunk(type: string, data: Uint8Array | number[] = []): Uint8Array {
  const body = concat(
    Array.from(type, (c) => c.charCodeAt(0)),
    data,
  );
  return concat(be32(data.length), body, be32(crc32(body)));
}

export function ihdr(width: number, height: number, depth = 8, colourType = 6, interlace = 0): Uint8Array {
  return pngChunk('IHDR', [...be32(width), ...be32(height), depth, colourType, 0, 0, interlace]);
}

/** Signature + IHDR only: 33 bytes that describe a picture and hold none of it. */
export function pngHeaderOnly(width: number, height: number): Uint8Array {
  return concat(PNG_SIGNATURE, ihdr(width, height));
}

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** Filter-0 scanlines of the right total size, every sample `value`. */
export function scanlines(
  width: number,
  height: number,
  bitsPerPixel: number,
  interlaced: boolean,
  value = 0x80,
): Uint8Array {
  const passes = interlaced
    ? ADAM7.map(([xs, ys, dx, dy]) => [Math.ceil((width - xs) / dx), Math.ceil((height - ys) / dy)])
    : [[width, height]];
  const rows: number[] = [];
  for (const [w, h] of passes) {
    if (w <= 0 || h <= 0) continue;
    for (let y = 0; y < h; y++) rows.push(0, ...new Array<number>(Math.ceil((w * bitsPerPixel) / 8)).fill(value));
  }
  return Uint8Array.from(rows);
}

export interface PngSpec {
  width: number;
  height: number;
  depth?: number;
  colourType?: number;
  interlace?: number;
  /** Chunks between IHDR and IDAT. */
  before?: Uint8Array[];
  /** IDAT data; by default the deflated scanlines of a flat grey picture. */
  idat?: Uint8Array;
  iend?: boolean;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export function pngFile(spec: PngSpec): Uint8Array {
  const { width, height, depth = 8, colourType = 6, interlace = 0 } = spec;
  const idat = spec.idat ?? deflateSync(scanlines(width, height, CHANNELS[colourType] * depth, interlace === 1));
  return concat(
    PNG_SIGNATURE,
    ihdr(width, height, depth, colourType, interlace),
    ...(spec.before ?? []),
    pngChunk('IDAT', idat),
    spec.iend === false ? [] : pngChunk('IEND'),
  );
}

export function jpegSegment(marker: number, payload: Uint8Array | number[] = []): Uint8Array {
  const length = payload.length + 2;
  return concat([0xff, marker, length >> 8, length & 255], payload);
}

export interface JpegSpec {
  width: number;
  height: number;
  frameMarker?: number;
  precision?: number;
  components?: number;
  /** Segments before the frame header (APPn, COM, …). */
  before?: Uint8Array[];
  /** Replaces the entropy-coded data of the scan. */
  scan?: Uint8Array;
  eoi?: boolean;
}

/**
 * A decodable JPEG: one-code Huffman tables (DC difference 0, then end of block), so every block is
 * flat grey and the entropy-coded data is two bits per block and component.
 */
export function jpegFile(spec: JpegSpec): Uint8Array {
  const { width, height, frameMarker = 0xc0, precision = 8, components = 3 } = spec;
  const ids = Array.from({ length: components }, (_, i) => i + 1);
  const dqt = jpegSegment(0xdb, [0x00, ...new Array<number>(64).fill(1)]);
  const oneCode = (tableClass: number) => jpegSegment(0xc4, [tableClass, 1, ...new Array<number>(15).fill(0), 0x00]);
  const frame = jpegSegment(frameMarker, [
    precision,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    components,
    ...ids.flatMap((id) => [id, 0x11, 0]),
  ]);
  const sos = jpegSegment(0xda, [components, ...ids.flatMap((id) => [id, 0x00]), 0, 63, 0]);
  const bits = Math.ceil(width / 8) * Math.ceil(height / 8) * 2 * components;
  const scan =
    spec.scan
    ?? Uint8Array.from({ length: Math.ceil(bits / 8) }, (_, i) =>
      i === Math.ceil(bits / 8) - 1 && bits % 8 ? (1 << (8 - (bits % 8))) - 1 : 0,
    );
  return concat(
    [0xff, 0xd8],
    ...(spec.before ?? []),
    dqt,
    oneCode(0x00),
    oneCode(0x10),
    frame,
    sos,
    scan,
    spec.eoi === false ? [] : [0xff, 0xd9],
  );
}
