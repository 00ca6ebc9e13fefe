import { type Canvas, PAGE, type PathSegment, type Rgb } from '../../layout/canvas.ts';

export interface Wave {
  /** Mean depth of the wave's edge, measured from the page edge it hangs from. */
  depth: number;
  amplitude: number;
  /** Crests across the page width. */
  crests: number;
  /** Shift along the page, as a fraction of one crest. */
  phase: number;
  color: Rgb;
}

/**
 * One filled wave hanging from the top (or rising from the bottom) of the page: its edge is a chain
 * of S-shaped cubic Béziers, alternating between depth ± amplitude; the flat tangents at each
 * crest and trough keep the chain smooth.
 */
function wavePath(w: Wave, from: 'top' | 'bottom'): PathSegment[] {
  const edge = from === 'top' ? 0 : PAGE.height;
  const at = (d: number) => (from === 'top' ? d : PAGE.height - d);
  const span = PAGE.width / (w.crests * 2);
  let x = -span * 2 * w.phase;
  let up = true;
  const path: PathSegment[] = [
    ['M', x, edge],
    ['L', x, at(w.depth + w.amplitude)],
  ];
  while (x < PAGE.width) {
    const y0 = at(w.depth + (up ? w.amplitude : -w.amplitude));
    const y1 = at(w.depth + (up ? -w.amplitude : w.amplitude));
    path.push(['C', x + span / 2, y0, x + span / 2, y1, x + span, y1]);
    x += span;
    up = !up;
  }
  path.push(['L', x, edge]);
  return path;
}

/** Layers of waves, back to front. */
export function drawWaves(c: Canvas, layers: Wave[], from: 'top' | 'bottom'): void {
  for (const w of layers) c.shape(wavePath(w, from), w.color);
}
