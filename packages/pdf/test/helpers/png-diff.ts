import type { PNG } from 'pngjs';

/** Share of pixels where some channel differs by more than 40 of 255 (anti-aliasing noise stays below). */
export function diffRatio(a: PNG, b: PNG): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let diff = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs(a.data[i] - b.data[i]) > 40
      || Math.abs(a.data[i + 1] - b.data[i + 1]) > 40
      || Math.abs(a.data[i + 2] - b.data[i + 2]) > 40
    )
      diff++;
  }
  return diff / (a.width * a.height);
}

/**
 * Share of pixels that are blank (near white) in one image and inked in the other: the layout
 * difference alone, blind to colour (a recoloured copy of a design scores near zero).
 */
export function layoutDiffRatio(a: PNG, b: PNG): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  const blank = (p: PNG, i: number) => p.data[i] > 235 && p.data[i + 1] > 235 && p.data[i + 2] > 235;
  let diff = 0;
  for (let i = 0; i < a.data.length; i += 4) if (blank(a, i) !== blank(b, i)) diff++;
  return diff / (a.width * a.height);
}
