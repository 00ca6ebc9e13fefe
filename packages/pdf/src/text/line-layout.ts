/**
 * Lays out one line (no line breaks) into glyph runs in visual order. Lines with right-to-left text,
 * or a right-to-left paragraph, go through the Unicode bidi algorithm (bidi-js): each level run is
 * split into font runs, shaped in logical order with its own direction, and the runs are reordered (rule L2).
 */
import bidiFactory from 'bidi-js';
import { splitFontRuns } from './font-runs.ts';
import type { FontFace, FontSet } from './font-set.ts';
import { type GlyphRun, glyphRun } from './glyph-run.ts';

export interface LineLayout {
  runs: GlyphRun[];
  width: number;
}

const RTL_CHARS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200f\u202b\u202e\u2067]|\ud802[\udc00-\udfff]|\ud83a/;
let bidi: ReturnType<typeof bidiFactory> | undefined;

function levelRuns(text: string, rtl: boolean): { start: number; end: number; level: number }[] {
  if (!rtl && !RTL_CHARS.test(text)) return [{ start: 0, end: text.length, level: 0 }];
  bidi ??= bidiFactory();
  const { levels } = bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr');
  const base = rtl ? 1 : 0;
  // rule L1: trailing whitespace takes the paragraph level
  for (let i = text.length - 1; i >= 0 && /\s/.test(text[i]); i--) levels[i] = base;
  const out: { start: number; end: number; level: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = out[out.length - 1];
    if (last && last.level === levels[i]) last.end = i + 1;
    else out.push({ start: i, end: i + 1, level: levels[i] });
  }
  return out;
}

export function layoutLine(fonts: FontSet, chain: FontFace[], text: string, rtl: boolean): LineLayout {
  const pieces: { run: GlyphRun; level: number }[] = [];
  for (const lr of levelRuns(text, rtl)) {
    const odd = (lr.level & 1) === 1;
    for (const fr of splitFontRuns(text, lr.start, lr.end, chain))
      pieces.push({ run: glyphRun(fonts, text, fr, odd), level: lr.level });
  }
  // L2: from the highest level down to the lowest odd level, reverse every maximal sequence at or above it.
  let max = 0;
  let minOdd = 255;
  for (const p of pieces) {
    max = Math.max(max, p.level);
    if (p.level & 1) minOdd = Math.min(minOdd, p.level);
  }
  for (let lvl = max; lvl >= minOdd && lvl > 0; lvl--) {
    for (let i = 0; i < pieces.length; ) {
      if (pieces[i].level < lvl) {
        i++;
        continue;
      }
      let j = i;
      while (j < pieces.length && pieces[j].level >= lvl) j++;
      const rev = pieces.slice(i, j).reverse();
      pieces.splice(i, j - i, ...rev);
      i = j;
    }
  }
  let width = 0;
  const runs = pieces
    .map((p) => {
      width += p.run.width;
      return p.run;
    })
    .filter((r) => r.gids.length > 0);
  return { runs, width };
}
