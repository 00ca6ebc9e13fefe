/**
 * Splits one bidi run of text into runs of a single font face, with fallback: each character goes to the
 * first face in the preference chain that has it, while neutral characters (spaces, punctuation, digits)
 * stay in the current run when its face has them, so that an Arabic or Hindi phrase stays one shaped run.
 */
import type { FontFace } from './font-set.ts';

export interface FontRun {
  face: FontFace;
  start: number;
  end: number;
  /** Needs OpenType shaping (Arabic, Devanagari, other complex scripts). */
  complex: boolean;
}

/** Scripts whose rendering needs contextual shaping; everything else takes the direct cmap path. */
const COMPLEX = /[\u0590-\u08ff\u0900-\u0dff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff\ufb1d-\ufdff\ufe70-\ufeff]/;
// biome-ignore lint/suspicious/noMisleadingCharacterClass: tested one code point at a time; the selectors stand alone
const NEUTRAL = /[\s\p{P}\p{S}\p{Nd}\u200b-\u200f\u2060\ufeff\ufe00-\ufe0f]/u;
/** Default-ignorable characters: drawn as nothing unless a shaper consumes them. */
const IGNORABLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: tested one code point at a time; the marks stand alone
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufe00-\ufe0f\ufeff]/;

export const isIgnorable = (ch: string) => IGNORABLE.test(ch);

export function splitFontRuns(text: string, start: number, end: number, chain: FontFace[]): FontRun[] {
  const runs: FontRun[] = [];
  let cur: FontRun | undefined;
  for (let i = start; i < end; ) {
    const cp = text.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    const ch = text.slice(i, i + len);
    let face: FontFace | undefined;
    if (
      cur
      && (NEUTRAL.test(ch) || IGNORABLE.test(ch) || /\p{M}/u.test(ch))
      && (cur.face.sfnt.glyphFor(cp) || IGNORABLE.test(ch))
    )
      face = cur.face;
    else {
      for (const f of chain)
        if (f.sfnt.glyphFor(cp)) {
          face = f;
          break;
        }
      // no face has it: it becomes a replacement glyph in the first face (or is dropped if ignorable)
      face ??= cur?.face ?? chain[0];
    }
    if (cur && cur.face === face) cur.end = i + len;
    else {
      cur = { face, start: i, end: i + len, complex: false };
      runs.push(cur);
    }
    if (!cur.complex && COMPLEX.test(ch)) cur.complex = true;
    i += len;
  }
  return runs;
}

/** ISO 15924 tag HarfBuzz needs for a run (first strong character decides). */
export function scriptTag(s: string): string {
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x0600 && c <= 0x08ff) return 'Arab';
    if (c >= 0xfb50 && c <= 0xfeff) return 'Arab';
    if (c >= 0x0590 && c <= 0x05ff) return 'Hebr';
    if (c >= 0x0900 && c <= 0x097f) return 'Deva';
    if (c >= 0x0980 && c <= 0x09ff) return 'Beng';
    if (c >= 0x0a00 && c <= 0x0dff) return 'Taml';
  }
  return 'Latn';
}
