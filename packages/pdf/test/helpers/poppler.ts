/** Inspecting rendered PDFs with the poppler tools and qpdf, as a reader's software would see them. */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PNG } from 'pngjs';
import { rasterPage } from '../../../../test/support/page-raster.ts';
import { runTool, toolOutput, toolText } from '../../../../test/support/tool-runner.ts';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../test/.out/pdf-layout');

export function writePdf(name: string, bytes: Uint8Array): string {
  mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, `${name}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/**
 * Each tool's answer, remembered by the tool, its arguments and the file's bytes (not its name: tests write
 * several documents under one name in turn). The package tests run in one process per test worker
 * (isolate: false), so a document several tests or files inspect is read by each tool once, not once each: a
 * tool run costs a few milliseconds even through test/support/tool-runner.ts (docs/decisions.md, P9).
 */
const answers = new Map<string, unknown>();
function once<T>(tool: string, args: readonly string[], file: string, run: () => T): T {
  const key = `${tool}\0${args.join('\0')}\0${createHash('sha1').update(readFileSync(file)).digest('hex')}`;
  if (!answers.has(key)) answers.set(key, run());
  return answers.get(key) as T;
}

/** pdftotext over the whole document: one spawn, whatever pages the callers then read. */
function wholeText(file: string, layout: boolean): string {
  const args = [...(layout ? ['-layout'] : []), file, '-'];
  return once('pdftotext', args, file, () => toolText('pdftotext', args));
}

/**
 * Text as extracted, with poppler's bidi embedding marks removed. Pages first..last are cut from the whole
 * document's text at pdftotext's form feeds: byte for byte what `pdftotext -f first -l last` prints (compared
 * over the 878 pages of this suite's 673 PDFs, with and without -layout), for one spawn a document instead of
 * one a page. A range outside the document goes to pdftotext itself.
 */
export function pdfText(file: string, opts: { layout?: boolean; first?: number; last?: number } = {}): string {
  const whole = wholeText(file, opts.layout ?? false);
  if (!opts.first && !opts.last) return whole.replace(/[\u202a-\u202e]/g, '');
  const pages = whole.split('\f').slice(0, -1);
  const first = opts.first ?? 1;
  const last = opts.last ?? pages.length;
  if (first < 1 || last > pages.length || first > last) {
    const args = [
      ...(opts.layout ? ['-layout'] : []),
      ...(opts.first ? ['-f', String(opts.first)] : []),
      ...(opts.last ? ['-l', String(opts.last)] : []),
      file,
      '-',
    ];
    return toolText('pdftotext', args).replace(/[\u202a-\u202e]/g, '');
  }
  return pages
    .slice(first - 1, last)
    .map((page) => `${page}\f`)
    .join('')
    .replace(/[\u202a-\u202e]/g, '');
}

/** Whitespace-free form for comparing strings whose spacing extraction may change (RTL runs). */
export const squash = (s: string) => s.replace(/[\s\u00a0\u202f\u202a-\u202e]/g, '');

export interface FontRow {
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
  unicode: boolean;
}

/** The fonts of the document, or of the pages first..last. */
export function pdfFonts(file: string, pages?: { first: number; last: number }): FontRow[] {
  const args = [...(pages ? ['-f', String(pages.first), '-l', String(pages.last)] : []), file];
  const out = once('pdffonts', args, file, () => toolText('pdffonts', args))
    .split('\n')
    .slice(2)
    .filter((l) => l.trim());
  return out.map((line) => {
    const cols = line.trim().split(/\s+/);
    const n = cols.length;
    return {
      name: cols[0],
      type: cols.slice(1, n - 6).join(' '),
      embedded: cols[n - 5] === 'yes',
      subset: cols[n - 4] === 'yes',
      unicode: cols[n - 3] === 'yes',
    };
  });
}

export function qpdfCheck(file: string): { ok: boolean; output: string } {
  return {
    ...once('qpdf', ['--check', file], file, () => {
      const r = runTool('qpdf', ['--check', file]);
      return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
    }),
  };
}

export function pdfInfo(file: string): Record<string, string> {
  const out = once('pdfinfo', [file], file, () => toolText('pdfinfo', [file]));
  return Object.fromEntries(
    out
      .split('\n')
      .filter((l) => l.includes(':'))
      .map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]),
  );
}

/** The catalog, uncompressed (object streams off), to read /Lang. */
export function catalogText(file: string): string {
  const qdf = `${file}.qdf`;
  toolOutput('qpdf', ['--qdf', '--object-streams=disable', file, qdf]);
  return readFileSync(qdf, 'latin1');
}

/** Page `page` of `file` at `dpi`, as pixels (raw PPM from pdftoppm, no PNG round trip: test/support/page-raster.ts). */
export function renderPng(file: string, page: number, dpi: number): PNG {
  return rasterPage(file, page, dpi);
}

export interface WordBox {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  pageWidth: number;
  pageHeight: number;
}

/** Every word with its bounding box in points (pdftotext -bbox). */
export function wordBoxes(file: string): WordBox[] {
  const html = once('pdftotext', ['-bbox', file], file, () => toolText('pdftotext', ['-bbox', file, '-']));
  const words: WordBox[] = [];
  let page = 0;
  let pw = 0;
  let ph = 0;
  for (const m of html.matchAll(
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g,
  )) {
    if (m[1]) {
      page++;
      pw = Number(m[1]);
      ph = Number(m[2]);
      continue;
    }
    words.push({
      page,
      text: m[7],
      xMin: Number(m[3]),
      yMin: Number(m[4]),
      xMax: Number(m[5]),
      yMax: Number(m[6]),
      pageWidth: pw,
      pageHeight: ph,
    });
  }
  return words;
}

/** Pairs of words on the same page whose boxes overlap by more than `tolerance` points both ways. */
export function overlappingWords(words: WordBox[], tolerance = 1.5): [WordBox, WordBox][] {
  const out: [WordBox, WordBox][] = [];
  const byPage = new Map<number, WordBox[]>();
  for (const w of words) byPage.set(w.page, [...(byPage.get(w.page) ?? []), w]);
  for (const list of byPage.values()) {
    list.sort((a, b) => a.yMin - b.yMin);
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length && list[j].yMin < list[i].yMax - tolerance; j++) {
        const a = list[i];
        const b = list[j];
        const dx = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
        const dy = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
        if (dx > tolerance && dy > tolerance) out.push([a, b]);
      }
    }
  }
  return out;
}
