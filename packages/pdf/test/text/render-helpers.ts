/** Test helpers: render sample text into a PDF and inspect it with poppler (pdffonts, pdftotext, pdftoppm). */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PNG } from 'pngjs';
import { rasterPage } from '../../../../test/support/page-raster.ts';
import { toolText } from '../../../../test/support/tool-runner.ts';
import { createInvoiceDocument, finishDocument } from '../../src/document/create-document.ts';
import { type FontSet, loadFontSet } from '../../src/text/font-set.ts';
import { createTextEngine, type TextStyle } from '../../src/text/text-engine.ts';
import { loadFontFiles } from '../helpers/load-fonts.ts';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../test/.out/pdf-text');

export function fontSet(): FontSet {
  const { fontFiles, harfbuzzWasm } = loadFontFiles();
  return loadFontSet(fontFiles, { harfbuzz: harfbuzzWasm });
}

export interface Sample {
  language: string;
  text: string;
  rtl?: boolean;
  style?: TextStyle;
}
export interface DrawnLine {
  sample: Sample;
  x: number;
  y: number;
  width: number;
}

/** One line per sample, 30 pt apart, each with the engine of its language. */
export async function renderSamples(samples: Sample[], creationDate = new Date('2026-03-01T00:00:00Z')) {
  const fonts = fontSet();
  const doc = await createInvoiceDocument({
    title: 'Samples',
    author: 'Test',
    subject: 'Text engine',
    language: 'en',
    creationDate,
  });
  const page = doc.addPage([595, 60 + samples.length * 30]);
  const drawn: DrawnLine[] = [];
  let y = page.getHeight() - 40;
  for (const sample of samples) {
    const engine = createTextEngine(doc, fonts, { language: sample.language });
    const style = sample.style ?? { size: 14 };
    const width = engine.measure(sample.text, style);
    engine.draw(page, sample.text, 40, y, style, sample.rtl ? { direction: 'rtl', align: 'right', width: 515 } : {});
    drawn.push({ sample, x: sample.rtl ? 555 - width : 40, y, width });
    y -= 30;
  }
  return { bytes: await finishDocument(doc), drawn, pageHeight: page.getHeight() };
}

export function writeOut(name: string, bytes: Uint8Array): string {
  mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, name);
  writeFileSync(file, bytes);
  return file;
}

export const pdffonts = (file: string) => toolText('pdffonts', [file]);
/** pdftotext output without the bidi embedding marks poppler wraps around right-to-left words. */
export const pdftotext = (file: string) =>
  toolText('pdftotext', ['-layout', file, '-']).replace(/[\u202a-\u202e]/g, '');
export const pdfinfo = (file: string) => toolText('pdfinfo', ['-isodates', file]);

/** Page 1 at `dpi` as pixels (test/support/page-raster.ts, shared with the other PDF tests). */
export function renderPng(file: string, dpi = 80): { image: PNG } {
  return { image: rasterPage(file, 1, dpi) };
}

/** Fraction of pixel columns between x0 and x1 (points) with dark ink in the band of a text line. */
export function inkCoverage(image: PNG, dpi: number, pageHeight: number, line: DrawnLine): number {
  const k = dpi / 72;
  const top = Math.round((pageHeight - line.y - 14) * k);
  const bottom = Math.round((pageHeight - line.y + 5) * k);
  const x0 = Math.round(line.x * k);
  const x1 = Math.round((line.x + line.width) * k);
  let inked = 0;
  for (let x = x0; x < x1; x++) {
    for (let y = top; y < bottom; y++) {
      const i = (y * image.width + x) * 4;
      if (image.data[i] + image.data[i + 1] + image.data[i + 2] < 384) {
        inked++;
        break;
      }
    }
  }
  return inked / Math.max(1, x1 - x0);
}
