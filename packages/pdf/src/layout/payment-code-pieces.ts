import type { RenderContext } from '../templates/template.ts';
import type { TextStyle } from '../text/text-engine.ts';
import { fitLines, WHOLE_MIN_SCALE } from './fit-text.ts';
import type { Field } from './invoice-view.ts';
import { keepTogether, type Piece, spacePiece, textPiece } from './pieces.ts';

/** Width of the column of manual payment details beside a payment code (issue 23). */
export const CODE_DETAILS_WIDTH = 170;

/**
 * Each detail as a muted label over its value, stacked: the column is narrow, and an IBAN in groups
 * of four reads best on a line of its own. A label never ends a page without its value.
 */
export function codeDetailPieces(ctx: RenderContext, fields: Field[], width: number): Piece[] {
  const { c, theme } = ctx;
  const label: TextStyle = { size: theme.size.label, color: theme.muted };
  const value: TextStyle = { size: theme.size.small, weight: 'bold', color: theme.text };
  const out: Piece[] = [];
  fields.forEach((f, i) => {
    if (i > 0) out.push(spacePiece(3));
    // an IBAN or a reference shrinks to stay on its line before it is broken (issue 27)
    const fit = fitLines(c, f.value, width, value, f.whole ? WHOLE_MIN_SCALE : 1, true);
    const [first, ...rest] = fit.lines.map((line) => textPiece(line, fit.style, c.lineHeight(fit.style)));
    const head = textPiece(f.label, label, c.lineHeight(label));
    out.push(first ? keepTogether(head, first) : head, ...rest);
  });
  return out;
}
