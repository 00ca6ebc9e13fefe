import { pdfNumber as n } from '../document/pdf-number.ts';
import type { Canvas } from './canvas.ts';

/**
 * The scissors symbol on the QR-bill's separation lines (SIX IG 2.3 §3.7), drawn as a vector: neither
 * embedded font (Noto Sans, the bill's Liberation Sans) has U+2702, and a fallback font only for one
 * glyph would add weight to every PDF. Two rings and two blades crossing, about 5 mm long, pointing along the line; on a white
 * ground so that the line does not run through it.
 */

const K = 0.5523; // a quarter circle as one cubic Bézier

function ring(cx: number, cy: number, r: number): string {
  const k = r * K;
  return (
    `${n(cx + r)} ${n(cy)} m\n`
    + `${n(cx + r)} ${n(cy + k)} ${n(cx + k)} ${n(cy + r)} ${n(cx)} ${n(cy + r)} c\n`
    + `${n(cx - k)} ${n(cy + r)} ${n(cx - r)} ${n(cy + k)} ${n(cx - r)} ${n(cy)} c\n`
    + `${n(cx - r)} ${n(cy - k)} ${n(cx - k)} ${n(cy - r)} ${n(cx)} ${n(cy - r)} c\n`
    + `${n(cx + k)} ${n(cy - r)} ${n(cx + r)} ${n(cy - k)} ${n(cx + r)} ${n(cy)} c\n`
  );
}

/**
 * Draws the symbol centred on (x, y) in page coordinates (PDF, y up), pointing right, turned by
 * `degrees` (counter-clockwise).
 */
export function drawScissors(c: Canvas, x: number, y: number, degrees: number): void {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.round(Math.cos(a) * 1e6) / 1e6;
  const sin = Math.round(Math.sin(a) * 1e6) / 1e6;
  // local units: 14 pt long, 8 pt wide, centred on the origin
  const ground = '-7.5 -4.5 15 9 re\nf\n';
  const blades = '-3 2.2 m\n7 -0.6 l\n-3 -2.2 m\n7 0.6 l\n';
  c.content.graphics(
    `q\n${cos} ${sin} ${-sin} ${cos} ${n(x)} ${n(y)} cm\n1 1 1 rg\n${ground}0 0 0 RG\n0.9 w\n`
      + `${ring(-5, 2.4, 1.6)}${ring(-5, -2.4, 1.6)}S\n${blades}S\nQ\n`,
  );
}
