/** Lines of text rebuilt from poppler's word boxes, to see where a string was broken across lines (issue 27). */
import { squash, type WordBox } from './poppler.ts';

export interface TextLine {
  page: number;
  words: WordBox[];
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

const centre = (w: { yMin: number; yMax: number }) => (w.yMin + w.yMax) / 2;

/**
 * Words joined into runs: a word continues a run when it starts right after the run's last word (a gap
 * under half a word height) at about the same height (centres within a third of a word height: Latin
 * beside Arabic or Devanagari sits a little higher). A label and its value may share a run; columns do not.
 */
export function textLines(words: WordBox[]): TextLine[] {
  const runs: WordBox[][] = [];
  for (const w of [...words].sort((a, b) => a.page - b.page || a.xMin - b.xMin)) {
    const h = w.yMax - w.yMin;
    const run = runs.find((r) => {
      const last = r[r.length - 1];
      const gap = w.xMin - last.xMax;
      return last.page === w.page && gap > -1 && gap < h / 2 && Math.abs(centre(last) - centre(w)) < h / 3;
    });
    if (run) run.push(w);
    else runs.push([w]);
  }
  return runs.map((run) => ({
    page: run[0].page,
    words: run,
    xMin: Math.min(...run.map((w) => w.xMin)),
    xMax: Math.max(...run.map((w) => w.xMax)),
    yMin: Math.min(...run.map((w) => w.yMin)),
    yMax: Math.max(...run.map((w) => w.yMax)),
  }));
}

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/**
 * A line's text without spaces, read left to right and right to left. poppler's word boxes give Arabic
 * letters in visual order (a word may come in pieces): right to left, those words are reversed back.
 */
function lineReadings(line: TextLine): string[] {
  const ltr = squash(line.words.map((w) => w.text).join(''));
  const rtl = squash(
    [...line.words]
      .reverse()
      .map((w) => (RTL_LETTER.test(w.text) ? [...w.text].reverse().join('') : w.text))
      .join(''),
  );
  return ltr === rtl ? [ltr] : [ltr, rtl];
}

/** The line directly below `a` in the same column: it starts under a's box or ends where a ends. */
function nextLineOf(a: TextLine, b: TextLine): boolean {
  const h = a.yMax - a.yMin;
  const gap = b.yMin - a.yMax;
  const overlap = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
  return b.page === a.page && b !== a && gap > -h / 3 && gap < h && overlap > 0;
}

/**
 * Where `text` is split over two lines: pairs of a line and the one below it whose texts together contain
 * it while neither does alone.
 */
export function brokenAcrossLines(lines: TextLine[], text: string): [TextLine, TextLine][] {
  const want = squash(text);
  const out: [TextLine, TextLine][] = [];
  for (const a of lines) {
    const ra = lineReadings(a);
    if (ra.some((r) => r.includes(want))) continue;
    for (const b of lines) {
      if (!nextLineOf(a, b)) continue;
      const rb = lineReadings(b);
      if (rb.some((r) => r.includes(want))) continue;
      if (ra.some((x) => rb.some((y) => (x + y).includes(want) || (y + x).includes(want)))) out.push([a, b]);
    }
  }
  return out;
}

/** Lines that hold `text` whole. */
export function linesWith(lines: TextLine[], text: string): TextLine[] {
  const want = squash(text);
  return lines.filter((l) => lineReadings(l).some((r) => r.includes(want)));
}
