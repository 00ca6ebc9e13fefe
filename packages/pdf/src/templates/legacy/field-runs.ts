import type { Align } from '../../layout/canvas.ts';
import type { Field } from '../../layout/invoice-view.ts';
import { type Piece, wrappedPieces } from '../../layout/pieces.ts';
import type { TextStyle } from '../../text/text-engine.ts';
import type { RenderContext } from '../template.ts';

const LABEL_GAP = 5;
const SEPARATOR = '·';
const SEPARATOR_GAP = 8;

export interface FieldStyles {
  label: TextStyle;
  value: TextStyle;
}

/**
 * Label/value fields laid out along lines in any alignment: one field per line (`stacked`) or run on
 * with middots between them (a letterhead's contact line), breaking between fields only. Each label,
 * value and separator is drawn as its own run, so that in an Arabic document a Latin value (a phone
 * number, an address line) keeps its order; the canvas mirrors only the positions.
 */
export function fieldRuns(
  ctx: RenderContext,
  fields: Field[],
  width: number,
  align: Align,
  s: FieldStyles,
  runOn: boolean,
): Piece[] {
  const { c } = ctx;
  const sepW = c.measure(SEPARATOR, s.label) + 2 * SEPARATOR_GAP;
  const widthOf = (f: Field) => (f.label ? c.measure(f.label, s.label) + LABEL_GAP : 0) + c.measure(f.value, s.value);
  const lh = Math.max(c.lineHeight(s.label), c.lineHeight(s.value));
  const out: Piece[] = [];
  let line: Field[] = [];
  let lineW = 0;
  const flush = () => {
    if (line.length) out.push(linePiece(line, lineW));
    line = [];
    lineW = 0;
  };
  const linePiece = (fs: Field[], total: number): Piece => ({
    height: lh,
    draw(cv, x, top) {
      let at = x + (align === 'start' ? 0 : align === 'end' ? width - total : (width - total) / 2);
      fs.forEach((f, i) => {
        if (i > 0) {
          cv.text(SEPARATOR, at, top, sepW, s.label, 'center');
          at += sepW;
        }
        if (f.label) {
          const lw = c.measure(f.label, s.label);
          cv.text(f.label, at, top, lw + 0.5, s.label);
          at += lw + LABEL_GAP;
        }
        const vw = c.measure(f.value, s.value);
        cv.text(f.value, at, top, vw + 0.5, s.value);
        at += vw;
      });
    },
  });
  for (const f of fields) {
    const w = widthOf(f);
    if (f.value.includes('\n') || w > width) {
      // too long for one line: wrapped as one text (a 5,000-character address still fits the column)
      flush();
      out.push(
        ...wrappedPieces(c, f.label ? `${f.label} ${f.value}` : f.value, width, f.label ? s.label : s.value, align),
      );
      continue;
    }
    if (line.length && (!runOn || lineW + sepW + w > width)) flush();
    lineW += (line.length ? sepW : 0) + w;
    line.push(f);
  }
  flush();
  return out;
}
