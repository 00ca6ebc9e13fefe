import type { RenderContext } from '../templates/template.ts';
import { breakTokens } from '../text/line-wrap.ts';
import type { TextStyle } from '../text/text-engine.ts';
import type { Canvas, Rgb } from './canvas.ts';
import { fitLines, WHOLE_MIN_SCALE } from './fit-text.ts';
import type { Piece } from './pieces.ts';

const LABEL_GAP = 8;

/** The widest word of the labels: a label may wrap between its words, never inside one. */
function widestLabelWord(c: Canvas, labels: string[], style: TextStyle): number {
  let widest = 0;
  for (const label of labels)
    for (const t of breakTokens(label)) widest = Math.max(widest, c.measure(t.trimEnd(), style));
  return widest;
}

const styles = (ctx: RenderContext, colors?: { label?: Rgb; value?: Rgb }) => ({
  label: { size: ctx.theme.size.small + 0.5, color: colors?.label ?? ctx.theme.muted } as TextStyle,
  value: { size: ctx.theme.size.small + 0.5, weight: 'bold', color: colors?.value ?? ctx.theme.text } as TextStyle,
});

/** The width the meta list needs for every label and every identifier or date on one line (issue 27). */
export function metaNaturalWidth(ctx: RenderContext): number {
  const { c, view } = ctx;
  const s = styles(ctx);
  const label = Math.max(0, ...view.meta.map((f) => c.measure(f.label, s.label)));
  const value = Math.max(0, ...view.meta.filter((f) => f.whole).map((f) => c.measure(f.value, s.value)));
  return label + LABEL_GAP + value;
}

/**
 * Invoice meta (number, dates, PO, terms) as a two-column list: labels at the start, values at
 * the end of the box, so that the dates line up under each other. An identifier or a date never
 * wraps inside (issue 27): the label column first gives it room (labels wrap between words), then
 * the value shrinks (to WHOLE_MIN_SCALE); past that it takes the whole width on a line below its label,
 * and only a value wider than the whole box at the floor is broken.
 */
export function metaPieces(ctx: RenderContext, width: number, colors?: { label?: Rgb; value?: Rgb }): Piece[] {
  const { c, view } = ctx;
  const { label: labelStyle, value: valueStyle } = styles(ctx, colors);
  const lh = Math.max(c.lineHeight(labelStyle), c.lineHeight(valueStyle)) * 1.05;
  // a label may wrap between its words, never inside one (up to 60 % of the box)
  const narrowest = widestLabelWord(
    c,
    view.meta.map((f) => f.label),
    labelStyle,
  );
  const labelFloor = Math.min(width * 0.6, narrowest + LABEL_GAP);
  const natural = Math.max(...view.meta.map((f) => c.measure(f.label, labelStyle))) + LABEL_GAP;
  let labelWidth = Math.max(labelFloor, Math.min(width * 0.5, natural));
  const widestWhole = Math.max(0, ...view.meta.filter((f) => f.whole).map((f) => c.measure(f.value, valueStyle)));
  if (widestWhole > width - labelWidth) labelWidth = Math.max(labelFloor, width - widestWhole);
  const valueWidth = width - labelWidth;
  const out: Piece[] = [];
  const row = (l: string, v: string, vs: TextStyle, vw: number): Piece => ({
    height: lh,
    draw: (cv, x, top, w) => {
      cv.text(l, x, top, labelWidth, labelStyle);
      cv.text(v, x + w - vw, top, vw, vs, 'end');
    },
  });
  for (const f of view.meta) {
    const labelLines = c.wrap(f.label, labelWidth - 4, labelStyle);
    let value = f.whole ? fitLines(c, f.value, valueWidth, valueStyle, WHOLE_MIN_SCALE, true) : undefined;
    if (value && value.lines.length > 1) {
      // not even at the floor beside its label: the value gets a line of its own, the whole width
      value = fitLines(c, f.value, width, valueStyle, WHOLE_MIN_SCALE, true);
      out.push(...labelLines.map((l) => row(l, '', valueStyle, width)));
      out.push(...value.lines.map((v) => row('', v, value!.style, width)));
      continue;
    }
    const vs = value?.style ?? valueStyle;
    const valueLines = value?.lines ?? c.wrap(f.value, valueWidth, valueStyle);
    const n = Math.max(labelLines.length, valueLines.length);
    for (let i = 0; i < n; i++) out.push(row(labelLines[i] ?? '', valueLines[i] ?? '', vs, valueWidth));
  }
  return out;
}
