/**
 * Greedy line breaking for every script: break after spaces, between CJK characters (not before closing
 * punctuation), and hard-break a word wider than the line at grapheme boundaries (never inside a
 * Devanagari cluster or a base+mark pair).
 */
const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]|[\u{20000}-\u{2ffff}]/u;
const NO_BREAK_BEFORE =
  /^[、。，．・：；？！ー」』）】〉》〕｝ゝゞヽヾぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ)\]}]/u;

const WORD_JOINER = '\u2060';

/**
 * `text` as one unbreakable word for `breakTokens`: spaces become no-break spaces, and a word joiner (drawn
 * as nothing) sits between characters where CJK text would allow a break: a date such as 2026年2月14日
 * inside a sentence stays whole (issue 27).
 */
export function unbreakable(text: string): string {
  let out = '';
  let last = '';
  for (const ch of text.replace(/ /g, '\u00a0')) {
    if (last && (CJK.test(ch) || CJK.test(last))) out += WORD_JOINER;
    out += ch;
    last = ch;
  }
  return out;
}

/** Splits a paragraph into tokens; each token is a unit that may start a line (word + trailing spaces). */
export function breakTokens(text: string): string[] {
  const tokens: string[] = [];
  let cur = '';
  let inSpace = false;
  let last = '';
  for (const ch of text) {
    const space = ch === ' ' || ch === '\u3000' || ch === '\t';
    if (space) {
      cur += ch;
      inSpace = true;
      continue;
    }
    const breakHere =
      inSpace
      || ((CJK.test(ch) || CJK.test(last)) && !NO_BREAK_BEFORE.test(ch) && ch !== WORD_JOINER && last !== WORD_JOINER);
    if (cur && breakHere) {
      tokens.push(cur);
      cur = '';
    }
    cur += ch;
    last = ch;
    inSpace = false;
  }
  if (cur) tokens.push(cur);
  return tokens;
}

let graphemes: Intl.Segmenter | undefined;

export function wrapParagraph(text: string, maxWidth: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0; // width including trailing spaces
  for (const token of breakTokens(text)) {
    const word = token.trimEnd();
    const wordWidth = measure(word);
    const fullWidth = word === token ? wordWidth : measure(token);
    if (line && lineWidth + wordWidth <= maxWidth) {
      line += token;
      lineWidth += fullWidth;
      continue;
    }
    if (line) lines.push(line.trimEnd());
    if (wordWidth <= maxWidth) {
      line = token;
      lineWidth = fullWidth;
      continue;
    }
    // hard break at grapheme boundaries
    graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    let piece = '';
    for (const { segment } of graphemes.segment(word)) {
      if (piece && measure(piece + segment) > maxWidth) {
        lines.push(piece);
        piece = '';
      }
      piece += segment;
    }
    line = piece + token.slice(word.length);
    lineWidth = measure(line);
  }
  lines.push(line.trimEnd());
  return lines;
}
