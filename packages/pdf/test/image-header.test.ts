// H3: image headers are read and held to the limits before anything is decoded.
import { deflateSync, inflateSync } from 'node:zlib';
import { PDFDocument } from '@cantoo/pdf-lib';
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import { embedImage } from '../src/images/embed-image.ts';
import { inspectImage } from '../src/images/image-header.ts';
import { IMAGE_LIMITS, type ImageHeader } from '../src/images/image-limits.ts';
import { inflatedPngBytes } from '../src/images/png-data.ts';
import { readPngHeader } from '../src/images/png-header.ts';
import {
  concat,
  ihdr,
  jpegFile,
  jpegSegment,
  pngChunk,
  pngFile,
  pngHeaderOnly,
  scanlines,
} from './helpers/crafted-images.ts';
import { sampleLogoPng, sampleSignaturePng } from './helpers/sample-images.ts';

function problem(bytes: Uint8Array) {
  const r = inspectImage(bytes);
  return r.ok ? 'ok' : r.problem;
}

function header(bytes: Uint8Array) {
  const r = inspectImage(bytes);
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r.header;
}

/** The IDAT data of a PNG, inflated by Node's zlib. */
function inflatedIdat(bytes: Uint8Array): number {
  const h = header(bytes);
  return inflateSync(concat(...h.pngData!.parts.map(([s, e]) => bytes.subarray(s, e)))).length;
}

describe('H3: PNG headers', () => {
  it('reads real PNGs (pngjs, all colour types and depths) and predicts exactly what their data inflates to', () => {
    const samples = [sampleLogoPng(), sampleSignaturePng()];
    for (const [colorType, bitDepth] of [
      [0, 8],
      [0, 16],
      [2, 8],
      [2, 16],
      [4, 8],
      [6, 8],
      [6, 16],
    ] as const) {
      const png = new PNG({ width: 37, height: 11, colorType, bitDepth, inputColorType: 6, inputHasAlpha: true });
      png.data.fill(200);
      samples.push(
        new Uint8Array(PNG.sync.write(png, { colorType, bitDepth, inputColorType: 6, inputHasAlpha: true })),
      );
    }
    for (const bytes of samples) {
      const h = header(bytes);
      expect(h.type).toBe('png');
      expect(h.pngData!.inflatedBytes).toBe(inflatedIdat(bytes));
    }
    expect(header(samples[0])).toMatchObject({ width: 360, height: 120 });
  });

  it.each([
    [13, 7, 8, 2],
    [1, 1, 8, 6],
    [9, 17, 1, 0],
    [5, 3, 16, 6],
    [8, 8, 4, 3],
  ])(
    'predicts the Adam7 data size of an interlaced %i×%i PNG (depth %i, colour %i), which pdf-lib then decodes',
    async (w, h, depth, colourType) => {
      const before = colourType === 3 ? [pngChunk('PLTE', [0, 0, 0, 255, 255, 255])] : [];
      const bytes = pngFile({ width: w, height: h, depth, colourType, interlace: 1, before });
      expect(header(bytes).pngData!.inflatedBytes).toBe(inflatedIdat(bytes));
      const doc = await PDFDocument.create();
      await expect(doc.embedPng(bytes)).resolves.toMatchObject({ width: w, height: h });
    },
  );

  it('refuses a 33-byte header claiming 3000×3000 pixels, before looking at anything else', () => {
    const bytes = pngHeaderOnly(3000, 3000);
    expect(bytes.length).toBe(33);
    const r = inspectImage(bytes);
    expect(r).toEqual({
      ok: false,
      problem: 'too-large',
      message: expect.stringMatching(
        /^is 3000×3000 pixels; an image may be at most 4096 pixels a side, a PNG at most 2 megapixels/,
      ),
    });
    // the 35-byte variant of the issue (two stray bytes after IHDR) too
    expect(problem(concat(bytes, [0, 0]))).toBe('too-large');
  });

  it('holds PNGs to 4096 pixels a side and 2 097 152 pixels in all', () => {
    const max = IMAGE_LIMITS.maxPngPixels;
    expect(problem(pngFile({ width: 2048, height: max / 2048 }))).toBe('ok');
    expect(problem(pngHeaderOnly(2049, 1024))).toBe('too-large');
    expect(problem(pngHeaderOnly(4097, 1))).toBe('too-large');
    expect(problem(pngHeaderOnly(1, 4097))).toBe('too-large');
    expect(problem(pngHeaderOnly(0xffffffff, 0xffffffff))).not.toBe('ok');
  });

  it('refuses every truncation of a valid PNG', () => {
    const bytes = sampleSignaturePng();
    expect(problem(bytes)).toBe('ok');
    for (let n = 0; n < bytes.length; n += n < 64 ? 1 : 97)
      expect(problem(bytes.subarray(0, n)), `first ${n} bytes`).not.toBe('ok');
    expect(problem(bytes.subarray(0, bytes.length - 1))).toBe('damaged');
  });

  it.each([
    [
      'a wrong IHDR CRC',
      () => {
        const b = pngFile({ width: 4, height: 4 });
        b[29] ^= 1;
        return b;
      },
    ],
    [
      'an IHDR of the wrong length',
      () => concat(pngHeaderOnly(4, 4).subarray(0, 8), pngChunk('IHDR', new Uint8Array(12)), pngChunk('IEND')),
    ],
    [
      'IDAT before IHDR',
      () => concat(pngHeaderOnly(1, 1).subarray(0, 8), pngChunk('IDAT', [1]), ihdr(1, 1), pngChunk('IEND')),
    ],
    ['a second IHDR', () => pngFile({ width: 4, height: 4, before: [ihdr(4, 4)] })],
    [
      'colour type 2 at depth 4',
      () => pngFile({ width: 4, height: 4, depth: 4, colourType: 2, idat: new Uint8Array([1]) }),
    ],
    ['colour type 5', () => pngFile({ width: 4, height: 4, colourType: 5, idat: new Uint8Array([1]) })],
    ['interlace method 2', () => pngFile({ width: 4, height: 4, interlace: 2, idat: new Uint8Array([1]) })],
    ['a zero width', () => pngFile({ width: 0, height: 4, idat: new Uint8Array([1]) })],
    ['no IDAT', () => concat(pngHeaderOnly(4, 4), pngChunk('IEND'))],
    ['no IEND', () => pngFile({ width: 4, height: 4, iend: false })],
    ['a palette image without PLTE', () => pngFile({ width: 4, height: 4, depth: 8, colourType: 3 })],
    [
      'a chunk longer than the file',
      () =>
        concat(
          pngHeaderOnly(4, 4),
          [0, 0, 0x10, 0],
          Array.from('IDAT', (c) => c.charCodeAt(0)),
          new Uint8Array(100),
        ),
    ],
    ['a chunk type that is not letters', () => pngFile({ width: 4, height: 4, before: [pngChunk('ab1d', [1])] })],
  ])('calls a PNG with %s damaged', (_, make) => {
    expect(problem(make())).toBe('damaged');
  });

  it('refuses animated and Apple-optimised PNGs, which pdf-lib cannot embed', () => {
    expect(problem(pngFile({ width: 4, height: 4, before: [pngChunk('acTL', [0, 0, 0, 1, 0, 0, 0, 0])] }))).toBe(
      'unsupported',
    );
    expect(
      problem(
        concat(
          pngHeaderOnly(4, 4).subarray(0, 8),
          pngChunk('CgBI', [0, 0, 0, 0]),
          pngFile({ width: 4, height: 4 }).subarray(8),
        ),
      ),
    ).not.toBe('ok');
  });
});

describe('H3: PNG data must inflate to exactly what the header implies', () => {
  const rgba = (w: number, h: number, extra = 0) => {
    const raw = scanlines(w, h, 32, false);
    return extra >= 0 ? concat(raw, new Uint8Array(extra)) : raw.subarray(0, raw.length + extra);
  };

  it('a PNG at the pixel limit passes', () => {
    expect(problem(pngFile({ width: 2048, height: 1024 }))).toBe('ok');
    expect(problem(pngFile({ width: 1448, height: 1448, depth: 16, colourType: 2 }))).toBe('ok');
  });

  it('a 64 KB PNG whose data inflates to 64 MB is refused at the first byte too many', () => {
    const data = deflateSync(new Uint8Array(64 * 1024 * 1024), { level: 9 });
    const bomb = pngFile({ width: 100, height: 100, idat: data });
    expect(bomb.length).toBeLessThan(100_000);
    expect(inspectImage(bomb)).toEqual({
      ok: false,
      problem: 'damaged',
      message: expect.stringMatching(/^is not a complete PNG image/),
    });
    // The work is bounded by the header, not the data: inflating stops within one piece's output past the
    // 40,100 bytes 100 × 100 RGBA implies (a piece of 16 KB inflates to at most about 16 MB), far from 64 MB.
    const header = readPngHeader(bomb) as ImageHeader;
    const { total, ended } = inflatedPngBytes(bomb, header.pngData!);
    expect(ended).toBe(false);
    expect(total).toBeGreaterThan(header.pngData!.inflatedBytes);
    expect(total).toBeLessThan(17 * 1024 * 1024);
    // and one at the pixel limit, which may inflate to 8 MiB but not beyond
    expect(problem(pngFile({ width: 2048, height: 1024, idat: data }))).toBe('damaged');
  });

  it.each([
    ['one byte too few', () => pngFile({ width: 40, height: 30, idat: deflateSync(rgba(40, 30, -1)) })],
    ['one byte too many', () => pngFile({ width: 40, height: 30, idat: deflateSync(rgba(40, 30, 1)) })],
    ['no zlib stream at all', () => pngFile({ width: 40, height: 30, idat: new Uint8Array([0, 0, 1, 2]) })],
    [
      'a cut zlib stream',
      () => {
        const d = deflateSync(rgba(40, 30));
        return pngFile({ width: 40, height: 30, idat: d.subarray(0, d.length - 6) });
      },
    ],
    ['an empty zlib stream', () => pngFile({ width: 40, height: 30, idat: deflateSync(new Uint8Array(0)) })],
  ])('a PNG with a sound header and %s is refused', (_, make) => {
    expect(problem(make())).toBe('damaged');
  });

  it('reads data split over many IDAT chunks', () => {
    const d = deflateSync(rgba(64, 64));
    const parts = Array.from({ length: Math.ceil(d.length / 7) }, (_, i) =>
      pngChunk('IDAT', d.subarray(i * 7, i * 7 + 7)),
    );
    const bytes = concat(pngHeaderOnly(64, 64), ...parts, pngChunk('IEND'));
    expect(header(bytes).pngData!.parts).toHaveLength(parts.length);
    expect(problem(bytes)).toBe('ok');
  });
});

describe('H3: JPEG headers', () => {
  it('reads the frame header of a crafted JPEG, as pdf-lib reads it', async () => {
    for (const [w, h, components] of [
      [16, 8, 3],
      [1, 1, 1],
      [4096, 4096, 3],
      [300, 100, 4],
    ]) {
      const bytes = jpegFile({ width: w, height: h, components });
      expect(header(bytes)).toEqual({ type: 'jpeg', width: w, height: h, components });
      const doc = await PDFDocument.create();
      await expect(doc.embedJpg(bytes)).resolves.toMatchObject({ width: w, height: h });
    }
  });

  it('finds a frame header after 2 000 segments, and progressive frames', () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      i % 2 ? jpegSegment(0xfe, [0x41, 0x42]) : jpegSegment(0xe1, new Uint8Array(40)),
    );
    expect(header(jpegFile({ width: 640, height: 480, before: many }))).toMatchObject({ width: 640, height: 480 });
    expect(header(jpegFile({ width: 64, height: 48, frameMarker: 0xc2 }))).toMatchObject({ width: 64, height: 48 });
    expect(header(jpegFile({ width: 64, height: 48, frameMarker: 0xc1 }))).toMatchObject({ width: 64, height: 48 });
  });

  it('skips entropy-coded data with stuffed bytes, restart markers and fill bytes, and ignores bytes after EOI', () => {
    const scan = Uint8Array.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xff, 0xd7, 0x00]);
    expect(problem(concat(jpegFile({ width: 8, height: 8, scan }), [1, 2, 3]))).toBe('ok');
  });

  it('holds JPEGs to 4096 pixels a side (they are embedded without decoding)', () => {
    expect(problem(jpegFile({ width: 4097, height: 10 }))).toBe('too-large');
    expect(problem(jpegFile({ width: 10, height: 65535 }))).toBe('too-large');
  });

  it('refuses every truncation of a valid JPEG', () => {
    const bytes = jpegFile({ width: 40, height: 24 });
    expect(problem(bytes)).toBe('ok');
    for (let n = 0; n < bytes.length; n++) expect(problem(bytes.subarray(0, n)), `first ${n} bytes`).not.toBe('ok');
  });

  it.each([
    ['no EOI', () => jpegFile({ width: 8, height: 8, eoi: false })],
    ['a segment longer than the file', () => concat([0xff, 0xd8], [0xff, 0xe0, 0x40, 0x00], new Uint8Array(10))],
    [
      'a segment length below 2',
      () => concat([0xff, 0xd8], [0xff, 0xe0, 0x00, 0x01], jpegFile({ width: 8, height: 8 }).subarray(2)),
    ],
    [
      'a scan before the frame header',
      () => concat([0xff, 0xd8], jpegSegment(0xda, [1, 1, 0, 0, 63, 0]), [0, 0xff, 0xd9]),
    ],
    ['EOI right after SOI', () => Uint8Array.from([0xff, 0xd8, 0xff, 0xd9])],
    [
      'fill bytes before the frame header',
      () => concat([0xff, 0xd8, 0xff], jpegFile({ width: 8, height: 8 }).subarray(2)),
    ],
    [
      'a restart marker before the frame header',
      () => concat([0xff, 0xd8, 0xff, 0xd0], jpegFile({ width: 8, height: 8 }).subarray(2)),
    ],
    ['a second SOI', () => concat([0xff, 0xd8], jpegFile({ width: 8, height: 8 }))],
    ['two components', () => jpegFile({ width: 8, height: 8, components: 2 })],
    ['a zero height', () => jpegFile({ width: 8, height: 0 })],
    [
      'bytes that are not a marker',
      () =>
        concat([0xff, 0xd8], jpegSegment(0xe0, [1, 2]), [0x00, 0x00], jpegFile({ width: 8, height: 8 }).subarray(2)),
    ],
  ])('calls a JPEG with %s damaged', (_, make) => {
    expect(problem(make())).toBe('damaged');
  });

  it.each([
    ['lossless (SOF3)', () => jpegFile({ width: 8, height: 8, frameMarker: 0xc3 })],
    ['arithmetic-coded (SOF9)', () => jpegFile({ width: 8, height: 8, frameMarker: 0xc9 })],
    ['hierarchical (SOF5)', () => jpegFile({ width: 8, height: 8, frameMarker: 0xc5 })],
    [
      'a DAC segment before the frame header',
      () => jpegFile({ width: 8, height: 8, before: [jpegSegment(0xcc, [0, 0x10])] }),
    ],
    ['12-bit samples', () => jpegFile({ width: 8, height: 8, frameMarker: 0xc1, precision: 12 })],
  ])('refuses a %s JPEG, which pdf-lib would misread', (_, make) => {
    expect(problem(make())).toBe('unsupported');
  });
});

describe('H3: embedding', () => {
  it('never hands an over-limit or damaged file to pdf-lib', async () => {
    const doc = await PDFDocument.create();
    const png = vi.spyOn(doc, 'embedPng');
    const jpg = vi.spyOn(doc, 'embedJpg');
    await expect(embedImage(doc, pngHeaderOnly(3000, 3000), 'logo', 'fail')).rejects.toMatchObject({
      name: 'ImageEmbedError',
      slot: 'logo',
      problem: expect.stringContaining('3000×3000'),
    });
    await expect(
      embedImage(doc, jpegFile({ width: 8, height: 8, eoi: false }), 'signature', 'fail'),
    ).rejects.toMatchObject({ slot: 'signature', problem: expect.stringContaining('truncated') });
    await expect(embedImage(doc, pngHeaderOnly(3000, 3000), 'logo', 'omit')).resolves.toBeNull();
    expect(png).not.toHaveBeenCalled();
    expect(jpg).not.toHaveBeenCalled();
  });

  it('a PNG whose header is sound but whose data does not decode fails naming the slot', async () => {
    const doc = await PDFDocument.create();
    // Not a zlib stream. (pdf-lib's decoder is lenient beyond that: data that inflates short, long or
    // to nonsense embeds silently, which is why inspectImage inflates the data first.)
    const bytes = pngFile({ width: 16, height: 16, idat: new Uint8Array([0x00, 0x00, 0x01, 0x02]) });
    const doc2 = await PDFDocument.create();
    // (inspectImage refuses it first; past that check, pdf-lib's own failure is caught the same way)
    vi.spyOn(doc2, 'embedPng').mockRejectedValue(new Error('invalid zlib data'));
    await expect(embedImage(doc2, pngFile({ width: 16, height: 16 }), 'logo', 'fail')).rejects.toMatchObject({
      slot: 'logo',
      problem: 'could not be decoded (a damaged or unsupported PNG or JPEG)',
    });
    await expect(embedImage(doc, bytes, 'logo', 'fail')).rejects.toMatchObject({
      slot: 'logo',
      problem: expect.stringMatching(/^is not a complete PNG image/),
    });
    await expect(embedImage(doc, bytes, 'logo', 'omit')).resolves.toBeNull();
  });
});
