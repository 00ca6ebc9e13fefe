// PNG and JPEG files made in the test, inside workerd: valid ones, and ones whose header claims
// more than the file holds or whose data does not match it (H3).

/** A valid 1×1 PNG. */
export const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);

function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

function chunk(type: string, data: Uint8Array | number[] = []): Uint8Array {
  const body = concat(
    Array.from(type, (c) => c.charCodeAt(0)),
    data,
  );
  return concat(be32(data.length), body, be32(crc32(body)));
}

/** zlib-deflates `bytes` with the runtime's CompressionStream. */
export async function zlibDeflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** An RGBA PNG of `width`×`height` whose IDAT holds `idat` (the data need not match the header). */
export function pngWithData(width: number, height: number, idat: Uint8Array): Uint8Array {
  const ihdr = chunk('IHDR', [...be32(width), ...be32(height), 8, 6, 0, 0, 0]);
  return concat([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], ihdr, chunk('IDAT', idat), chunk('IEND'));
}

/** A flat RGBA PNG, optionally with `extraRawBytes` more (or, negative, fewer) inflated bytes than the header implies. */
export async function flatPng(width: number, height: number, extraRawBytes = 0): Promise<Uint8Array> {
  const raw = new Uint8Array(Math.max(0, height * (width * 4 + 1) + extraRawBytes)).fill(0);
  return pngWithData(width, height, await zlibDeflate(raw));
}

/** The signature and IHDR alone: 33 bytes describing a picture of `width`×`height`. */
export function pngHeaderOnly(width: number, height: number): Uint8Array {
  return concat(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    chunk('IHDR', [...be32(width), ...be32(height), 8, 6, 0, 0, 0]),
  );
}

/** A decodable baseline JPEG, 3 components (4: CMYK), flat grey (one-code Huffman tables). */
export function jpeg(width: number, height: number, components: 3 | 4 = 3): Uint8Array {
  const seg = (marker: number, payload: number[]) => [
    0xff,
    marker,
    (payload.length + 2) >> 8,
    (payload.length + 2) & 255,
    ...payload,
  ];
  const ids = Array.from({ length: components }, (_, i) => i + 1);
  // Two bits per block and component: the DC difference 0 and the end of block, one-bit codes each.
  const bits = Math.ceil(width / 8) * Math.ceil(height / 8) * 2 * components;
  const scan = Array.from({ length: Math.ceil(bits / 8) }, (_, i) =>
    i === Math.ceil(bits / 8) - 1 && bits % 8 ? (1 << (8 - (bits % 8))) - 1 : 0,
  );
  return Uint8Array.from([
    0xff,
    0xd8,
    ...seg(0xdb, [0, ...new Array<number>(64).fill(1)]),
    ...seg(0xc4, [0x00, 1, ...new Array<number>(15).fill(0), 0]),
    ...seg(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0]),
    ...seg(0xc0, [
      8,
      height >> 8,
      height & 255,
      width >> 8,
      width & 255,
      components,
      ...ids.flatMap((id) => [id, 0x11, 0]),
    ]),
    ...seg(0xda, [components, ...ids.flatMap((id) => [id, 0]), 0, 63, 0]),
    ...scan,
    0xff,
    0xd9,
  ]);
}

export function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}
