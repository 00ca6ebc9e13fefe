import { breakTokens } from '../text/line-wrap.ts';
import type { TextStyle } from '../text/text-engine.ts';
import type { Canvas } from './canvas.ts';

/**
 * Fitting client text into a box of fixed width. Body text only wraps (line-wrap.ts breaks inside a
 * word that has no break opportunity); display text (the title, the invoice number) and numbers
 * (amounts, quantities) first shrink so that their widest word or line fits, down to `minScale` of
 * their size, and wrap only below that; one-line boxes (the running header) shrink, then cut with
 * an ellipsis.
 */

let graphemes: Intl.Segmenter | undefined;

/** How far an identifier or a date shrinks to stay on one line before it is broken (issue 27). */
export const WHOLE_MIN_SCALE = 0.75;

/** Sizes are rounded down to 1/100 pt so the text measured at the new size never exceeds the box by rounding. */
const scaled = (style: TextStyle, scale: number): TextStyle => ({
  ...style,
  size: Math.floor(style.size * scale * 100) / 100,
});

/** The widest run of `text` that has no break opportunity, at `style`. */
function widestWord(c: Canvas, text: string, style: TextStyle): number {
  let widest = 0;
  for (const para of text.split('\n'))
    for (const token of breakTokens(para)) widest = Math.max(widest, c.measure(token.trimEnd(), style));
  return widest;
}

/**
 * The style at which every word of `text` fits `width` (every line, with `wholeLines`: a number is
 * one unit even where it has spaces): smaller only when one is wider than the box, and never below
 * `minScale` × the size (past that the text is broken instead).
 */
export function styleToFit(
  c: Canvas,
  text: string,
  width: number,
  style: TextStyle,
  minScale: number,
  wholeLines = false,
): TextStyle {
  if (minScale >= 1) return style;
  // the common case: every line fits as it is, no word needs measuring
  const widestLine = c.measure(text, style);
  if (widestLine <= width) return style;
  const unit = wholeLines ? widestLine : widestWord(c, text, style);
  return unit <= width ? style : scaled(style, Math.max(minScale, width / unit));
}

/** `text` wrapped to `width` after shrinking as `styleToFit` says; the lines are drawn in the returned style. */
export function fitLines(
  c: Canvas,
  text: string,
  width: number,
  style: TextStyle,
  minScale: number,
  wholeLines = false,
): { lines: string[]; style: TextStyle } {
  const s = styleToFit(c, text, width, style, minScale, wholeLines);
  return { lines: c.wrap(text, width, s), style: s };
}

/**
 * One line in `width`: as is when it fits, else smaller (down to `minScale`), else cut at a grapheme
 * boundary and ended with an ellipsis. For boxes that repeat something printed in full elsewhere.
 */
export function fitOneLine(
  c: Canvas,
  text: string,
  width: number,
  style: TextStyle,
  minScale: number,
): { text: string; style: TextStyle } {
  const line = text.replace(/\s*\n\s*/g, ' ');
  const natural = c.measure(line, style);
  if (natural <= width) return { text: line, style };
  const s = scaled(style, Math.max(minScale, width / natural));
  if (c.measure(line, s) <= width) return { text: line, style: s };
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const parts = [...graphemes.segment(line)].map((g) => g.segment);
  // the longest prefix that fits with its ellipsis (binary search: widths grow with the prefix)
  let lo = 0;
  let hi = parts.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (c.measure(parts.slice(0, mid).join('').trimEnd() + '…', s) <= width) lo = mid;
    else hi = mid - 1;
  }
  return { text: lo ? parts.slice(0, lo).join('').trimEnd() + '…' : '', style: s };
}
