import type { RenderContext } from '../templates/template.ts';
import type { TextStyle } from '../text/text-engine.ts';
import type { Align } from './canvas.ts';
import { fitLines } from './fit-text.ts';
import type { Block } from './flow.ts';
import type { ItemView } from './invoice-view.ts';

interface ColumnSpec {
  key: keyof ItemView;
  label: string;
  align: Align;
  x: number;
  width: number;
}

const PAD_X = 5;
const MIN_DESCRIPTION = 150;
/** Columns of numbers: a number broken over two lines reads as two numbers, so these shrink instead. */
const NUMERIC = new Set<keyof ItemView>(['quantity', 'unitPrice', 'discount', 'amount']);
/** Narrowest a text column (unit, tax) gets before the number columns give up width. */
const MIN_TEXT_COLUMN = 40;
/** Smallest share of its size a number shrinks to before it wraps after all; a header word, before it breaks. */
const NUMBER_MIN_SCALE = 0.6;
const HEADER_MIN_SCALE = 0.75;

/**
 * Column widths within `room`: the text columns give up width first, down to their floor; only then
 * do all columns give up width in proportion.
 */
function shareRoom(natural: number[], floors: (number | undefined)[], room: number): number[] {
  const excess = natural.reduce((a, b) => a + b, 0) - room;
  if (excess <= 0) return natural;
  const give = natural.map((w, i) => Math.max(0, w - (floors[i] ?? w)));
  const totalGive = give.reduce((a, b) => a + b, 0);
  const taken = totalGive > 0 ? Math.min(1, excess / totalGive) : 0;
  const widths = natural.map((w, i) => w - give[i] * taken);
  const sum = widths.reduce((a, b) => a + b, 0);
  return sum > room ? widths.map((w) => (w * room) / sum) : widths;
}

/**
 * Column widths from the content: every other column is as wide as its widest value or label, the
 * description takes the rest. When that leaves the description too narrow, unit and tax give up
 * width first (their text wraps), then every column in proportion (numbers shrink, see NUMERIC).
 */
function layoutColumns(ctx: RenderContext, header: TextStyle, cell: TextStyle): ColumnSpec[] {
  const { view, c } = ctx;
  const l = view.labels;
  const specs: Omit<ColumnSpec, 'x' | 'width'>[] = [{ key: 'description', label: l.description, align: 'start' }];
  specs.push({ key: 'quantity', label: l.quantity, align: 'end' });
  if (view.columns.unit) specs.push({ key: 'unit', label: l.unit, align: 'start' });
  specs.push({ key: 'unitPrice', label: l.unitPrice, align: 'end' });
  if (view.columns.discount) specs.push({ key: 'discount', label: l.discount, align: 'end' });
  if (view.columns.tax) specs.push({ key: 'tax', label: l.tax, align: 'end' });
  specs.push({ key: 'amount', label: l.amount, align: 'end' });

  const floors: (number | undefined)[] = [];
  const natural = specs.slice(1).map((s) => {
    let w = 0;
    for (const word of s.label.split(' ')) w = Math.max(w, c.measure(word, header));
    floors.push(NUMERIC.has(s.key) ? undefined : Math.max(MIN_TEXT_COLUMN, w + 2 * PAD_X));
    w = Math.max(w, Math.min(c.measure(s.label, header), 70));
    for (const item of view.items) for (const part of item[s.key].split('\n')) w = Math.max(w, c.measure(part, cell));
    return Math.min(w, s.key === 'unit' ? 70 : 150) + 2 * PAD_X;
  });
  const widths = shareRoom(natural, floors, ctx.width - MIN_DESCRIPTION);
  const description = ctx.width - widths.reduce((a, b) => a + b, 0);
  let x = ctx.x;
  return specs.map((s, i) => {
    const width = i === 0 ? description : widths[i - 1];
    const spec = { ...s, x, width };
    x += width;
    return spec;
  });
}

/** A cell's lines and the style they are drawn in (smaller than the table's for a number that had to shrink). */
function cellLines(
  ctx: RenderContext,
  text: string,
  width: number,
  style: TextStyle,
  minScale: number,
  wholeLines: boolean,
): { lines: string[]; style: TextStyle } {
  if (text === '') return { lines: [], style };
  // +0.5: a column sized to its widest value must not wrap that value on rounding error.
  return fitLines(ctx.c, text, Math.max(10, width - 2 * PAD_X + 0.5), style, minScale, wholeLines);
}

/** The table header and one atomic block per item (a row is never split across pages). */
export function itemsTable(ctx: RenderContext): { header: Block; rows: Block[] } {
  const { c, theme, view } = ctx;
  const t = theme.table;
  const headerStyle: TextStyle = { size: theme.size.small, weight: 'bold', color: t.headerText };
  const cellStyle: TextStyle = { size: theme.size.body, color: theme.text };
  const cols = layoutColumns(ctx, headerStyle, cellStyle);
  const hlh = c.lineHeight(headerStyle);
  const lh = c.lineHeight(cellStyle);

  const headerCells = cols.map((col) => cellLines(ctx, col.label, col.width, headerStyle, HEADER_MIN_SCALE, false));
  const headerHeight = Math.max(...headerCells.map((h) => h.lines.length)) * hlh + 2 * t.padY + 2;
  const header: Block = {
    height: headerHeight,
    draw(cv, top) {
      if (t.headerFill) cv.rect(ctx.x, top, ctx.width, headerHeight, t.headerFill);
      if (t.headerRule) cv.hline(ctx.x, top + headerHeight, ctx.width, 0.8, t.headerRule);
      cols.forEach((col, i) => {
        const { lines, style } = headerCells[i];
        // a shrunk label is centred in the full line height, level with its neighbours
        const dy = style === headerStyle ? 0 : (hlh - c.lineHeight(style)) / 2;
        lines.forEach((line, j) =>
          cv.text(line, col.x + PAD_X, top + t.padY + 1 + j * hlh + dy, col.width - 2 * PAD_X, style, col.align),
        );
      });
    },
  };

  const rows = view.items.map((item, index): Block => {
    const cells = cols.map((col) => {
      const numeric = NUMERIC.has(col.key);
      return cellLines(ctx, item[col.key], col.width, cellStyle, numeric ? NUMBER_MIN_SCALE : 1, numeric);
    });
    const height = Math.max(1, ...cells.map((cell) => cell.lines.length)) * lh + 2 * t.padY;
    return {
      height,
      draw(cv, top) {
        if (t.zebra && index % 2 === 1) cv.rect(ctx.x, top, ctx.width, height, t.zebra);
        if (t.rowRule) cv.hline(ctx.x, top + height, ctx.width, 0.5, t.rowRule);
        cols.forEach((col, i) => {
          const { lines, style } = cells[i];
          const dy = style === cellStyle ? 0 : (lh - c.lineHeight(style)) / 2;
          lines.forEach((line, j) =>
            cv.text(line, col.x + PAD_X, top + t.padY + j * lh + dy, col.width - 2 * PAD_X, style, col.align),
          );
        });
      },
    };
  });
  return { header, rows };
}
