import type { Rgb } from '../layout/canvas.ts';

/** Colours and type sizes of one template; shared sections read only this. */
export interface Theme {
  accent: Rgb;
  text: Rgb;
  muted: Rgb;
  rule: Rgb;
  size: { body: number; small: number; label: number };
  /** Section headings (Bill to, Notes, Payment details). */
  heading: { color: Rgb; size: number; upper: boolean };
  table: {
    headerFill?: Rgb;
    headerText: Rgb;
    headerRule?: Rgb;
    zebra?: Rgb;
    rowRule?: Rgb;
    padY: number;
  };
  totals: {
    totalFill?: Rgb;
    totalText: Rgb;
    totalRule?: Rgb;
    dueFill?: Rgb;
    dueText: Rgb;
  };
  stamp: Rgb;
  /** Page number and footer text colour. */
  footerText: Rgb;
  /** Fill of a band across the page bottom behind the page number (navy), if any. */
  footerBand?: Rgb;
}

export const WHITE: Rgb = [1, 1, 1];
export const INK: Rgb = [0.13, 0.14, 0.16];
const GREY: Rgb = [0.42, 0.44, 0.48];
export const HAIRLINE: Rgb = [0.85, 0.86, 0.88];

export function hexRgb(hex: string): Rgb {
  return [
    parseInt(hex.slice(1, 3), 16) / 255,
    parseInt(hex.slice(3, 5), 16) / 255,
    parseInt(hex.slice(5, 7), 16) / 255,
  ];
}

/** Mixes a colour towards white: `tint(c, 0.9)` is a pale wash of c. */
export function tint(c: Rgb, amount: number): Rgb {
  return [c[0] + (1 - c[0]) * amount, c[1] + (1 - c[1]) * amount, c[2] + (1 - c[2]) * amount];
}

/** Relative luminance, to pick readable text on a fill of the client's accent colour. */
function isDark(c: Rgb): boolean {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] < 0.6;
}

export function onFill(fill: Rgb): Rgb {
  return isDark(fill) ? WHITE : INK;
}

/** The base four of the five templates share (ink text, grey muted text, hairlines, 9 pt body); each spreads it and adds its own. */
export function standardTheme(accent: Rgb): Pick<Theme, 'accent' | 'text' | 'muted' | 'rule' | 'size' | 'footerText'> {
  return { accent, text: INK, muted: GREY, rule: HAIRLINE, size: { body: 9, small: 8, label: 7.5 }, footerText: GREY };
}
