import type { TextStyle } from '../text/text-engine.ts';
import type { Align, Canvas } from './canvas.ts';
import { fitLines, WHOLE_MIN_SCALE } from './fit-text.ts';

/** One unbreakable item of a column: a line of text, an image, a QR code, a rule or a space. */
export interface Piece {
  height: number;
  draw(c: Canvas, x: number, top: number, width: number): void;
}

export function textPiece(text: string, style: TextStyle, lineHeight: number, align: Align = 'start'): Piece {
  return { height: lineHeight, draw: (c, x, top, width) => c.text(text, x, top, width, style, align) };
}

export function spacePiece(height: number): Piece {
  return { height, draw: () => {} };
}

/** Two pieces as one, so that a page break never falls between them (a label and its value's first line). */
export function keepTogether(first: Piece, second: Piece): Piece {
  return {
    height: first.height + second.height,
    draw: (c, x, top, width) => {
      first.draw(c, x, top, width);
      second.draw(c, x, top + first.height, width);
    },
  };
}

/**
 * Wraps text into line pieces of a column width. Each client line break starts a new line; long
 * lines wrap at word boundaries (or inside a word longer than the column).
 */
export function wrappedPieces(
  c: Canvas,
  text: string,
  width: number,
  style: TextStyle,
  align: Align = 'start',
  leading = 1,
): Piece[] {
  const lh = c.lineHeight(style) * leading;
  return c.wrap(text, width, style).map((line) => textPiece(line, style, lh, align));
}

/**
 * `Label: value` as a label line and wrapped value lines, or on one line when it fits. A `whole` value
 * (an IBAN, a tax id) on its own line shrinks to stay one line (to WHOLE_MIN_SCALE) before it wraps (issue 27).
 */
export function fieldPieces(
  c: Canvas,
  label: string,
  value: string,
  width: number,
  labelStyle: TextStyle,
  valueStyle: TextStyle,
  leading = 1,
  whole = false,
): Piece[] {
  const lh = Math.max(c.lineHeight(labelStyle), c.lineHeight(valueStyle)) * leading;
  const labelWidth = c.measure(label, labelStyle);
  const gap = 6;
  const valueWidth = width - labelWidth - gap;
  if (!value.includes('\n') && valueWidth > width * 0.35 && c.measure(value, valueStyle) <= valueWidth) {
    return [
      {
        height: lh,
        draw: (cv, x, top, w) => {
          cv.text(label, x, top, labelWidth, labelStyle);
          cv.text(value, x + labelWidth + gap, top, w - labelWidth - gap, valueStyle);
        },
      },
    ];
  }
  const labelPiece = textPiece(label, labelStyle, c.lineHeight(labelStyle) * leading);
  const fit = whole ? fitLines(c, value, width, valueStyle, WHOLE_MIN_SCALE, true) : undefined;
  const [first, ...rest] = fit
    ? fit.lines.map((line) => textPiece(line, fit.style, c.lineHeight(fit.style) * leading))
    : wrappedPieces(c, value, width, valueStyle, 'start', leading);
  return first ? [keepTogether(labelPiece, first), ...rest] : [labelPiece];
}
