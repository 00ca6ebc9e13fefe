/**
 * Numbers for content streams: at most 3 decimals (1/1000 pt, or 1/1000 of a colour channel — far
 * below what a renderer or printer can show), trailing zeros dropped, never exponent notation.
 * Faster than pdf-lib's number objects and shorter than full float precision ("676.6919999999999").
 */

/** ".001" … ".999" with trailing zeros dropped; "" for 0. */
const FRACTIONS: string[] = Array.from({ length: 1000 }, (_, f) =>
  f === 0 ? '' : `.${String(f).padStart(3, '0').replace(/0+$/, '')}`,
);

export function pdfNumber(n: number): string {
  let v = Math.round(n * 1000);
  if (v === 0) return '0';
  let sign = '';
  if (v < 0) {
    sign = '-';
    v = -v;
  }
  const int = Math.floor(v / 1000);
  return sign + int + FRACTIONS[v - int * 1000];
}

/**
 * A colour channel (0..1) with 4 decimals: with 3, a channel can land on the other side of an 8-bit
 * level (a 1/255 tint shift over a whole band); with 4 it stays within 0.013 of a level.
 */
export function pdfColor(v: number): string {
  return String(Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000);
}
