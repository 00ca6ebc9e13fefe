// A PDF page as pixels (poppler's pdftoppm), and the QR code on it read back with jsQR, for the tests of the
// packages and of the Worker. pdftoppm writes raw PPM here, not PNG: encoding a 150 dpi page to PNG and decoding
// it again in JavaScript (pngjs) cost about ten times the rasterising itself (measured: docs/decisions.md, P9).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { toolOutput } from './tool-runner.ts';

export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A binary PPM (P6, maxval 255) as a pngjs image (RGBA), so callers can compare or save it as PNG. */
function readPpm(bytes: Buffer): PNG {
  const header: string[] = [];
  let at = 0;
  while (header.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[at]))) at++;
    const start = at;
    while (!/\s/.test(String.fromCharCode(bytes[at]))) at++;
    header.push(bytes.subarray(start, at).toString('latin1'));
  }
  const [magic, w, h, max] = header;
  if (magic !== 'P6' || max !== '255') throw new Error(`not a binary 8-bit PPM: ${header.join(' ')}`);
  const width = Number(w);
  const height = Number(h);
  const rgb = bytes.subarray(at + 1);
  const png = new PNG({ width, height });
  for (let p = 0, q = 0; p < width * height; p++) {
    png.data[q++] = rgb[3 * p];
    png.data[q++] = rgb[3 * p + 1];
    png.data[q++] = rgb[3 * p + 2];
    png.data[q++] = 255;
  }
  return png;
}

/** Page `page` (from 1) of `file` at `dpi`, or only the `crop` of it (in pixels at that resolution). */
export function rasterPage(file: string, page: number, dpi: number, crop?: Crop): PNG {
  const prefix = `${file}-p${page}-${dpi}${crop ? `-${crop.x}-${crop.y}` : ''}`;
  const at = String(page);
  const area = crop
    ? ['-x', String(crop.x), '-y', String(crop.y), '-W', String(crop.width), '-H', String(crop.height)]
    : [];
  toolOutput('pdftoppm', ['-r', String(dpi), '-f', at, '-l', at, ...area, '-singlefile', file, prefix]);
  const image = readPpm(readFileSync(`${prefix}.ppm`));
  rmSync(`${prefix}.ppm`);
  return image;
}

/**
 * Every page of `file` at `dpi`, in order: one pdftoppm for the document, not one a page (the same pixels: pdftoppm
 * writes each page as `-f n -l n -singlefile` does, compared byte for byte).
 */
export function rasterPages(file: string, dpi: number): PNG[] {
  const prefix = `${file}-all-${dpi}`;
  toolOutput('pdftoppm', ['-r', String(dpi), file, prefix]);
  // pdftoppm numbers the pages prefix-1.ppm, or prefix-01.ppm… when the document has ten pages or more
  const name = new RegExp(`^${path.basename(prefix).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(\\d+)\\.ppm$`);
  const pages = readdirSync(path.dirname(prefix))
    .map((f) => [f, name.exec(f)?.[1]] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map(([f]) => path.join(path.dirname(prefix), f));
  const images = pages.map((f) => readPpm(readFileSync(f)));
  for (const f of pages) rmSync(f);
  return images;
}

/** The QR code jsQR reads on `image`, if any. */
function decodeQr(image: PNG): string | undefined {
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/**
 * Where the renderer drew QR symbols on `page`, as crops in pixels at `dpi` with their quiet zone: found in the
 * uncompressed page content (qpdf), where packages/pdf draws a symbol as one path of dark-module runs under a
 * module-sized scale (`s 0 0 s x y cm`, then `col row len 1 re` lines: qr-piece.ts, swiss-payment-part.ts).
 */
function qrSymbols(file: string, page: number, dpi: number): Crop[] {
  const qdf = toolOutput('qpdf', ['--qdf', '--object-streams=disable', file, '--pages', '.', String(page), '--', '-']);
  const text = qdf.toString('latin1');
  const pageHeight = Number(/\/MediaBox \[ *0 0 [\d.]+ ([\d.]+) *\]/.exec(text)?.[1] ?? 842);
  const px = dpi / 72;
  return [...text.matchAll(/([\d.]+) 0 0 \1 ([\d.]+) ([\d.]+) cm\n((?:\d+ \d+ \d+ 1 re\n)+)f\n/g)].map((m) => {
    const [module, left, bottom] = [Number(m[1]), Number(m[2]), Number(m[3])];
    let size = 0;
    for (const run of m[4].matchAll(/(\d+) (\d+) (\d+) 1 re/g))
      size = Math.max(size, Number(run[1]) + Number(run[3]), Number(run[2]) + 1);
    const quiet = 4 * module;
    const side = size * module + 2 * quiet;
    return {
      x: Math.max(0, Math.floor((left - quiet) * px)),
      y: Math.max(0, Math.floor((pageHeight - bottom - size * module - quiet) * px)),
      width: Math.ceil(side * px),
      height: Math.ceil(side * px),
    };
  });
}

/**
 * The QR code on `pages` (numbers from 1) read as a phone reads it: rasterised at `dpi` by poppler and decoded
 * by jsQR; framed on each symbol the renderer drew first (a phone frames the code; decoding a whole page costs
 * ~20× more), then on the whole pages when that finds nothing, so a code drawn some other way is still read.
 */
export function readQrOnPages(file: string, pages: number[], dpi = 150): string | undefined {
  for (const page of pages)
    for (const crop of qrSymbols(file, page, dpi)) {
      const found = decodeQr(rasterPage(file, page, dpi, crop));
      if (found !== undefined) return found;
    }
  for (const page of pages) {
    const found = decodeQr(rasterPage(file, page, dpi));
    if (found !== undefined) return found;
  }
  return undefined;
}
