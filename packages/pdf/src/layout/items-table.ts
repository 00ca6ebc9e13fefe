import type { TextStyle } from '../text/text-engine.ts';
import type { RenderContext } from '../templates/template.ts';
import type { Align } from './canvas.ts';
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

/**
 * Column widths from the content: every numeric column is as wide as its widest value or
 * label, the description takes the rest. When that leaves the description too narrow, the
 * numeric columns give up width in proportion and their values wrap inside the cell.
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

  const natural = specs.slice(1).map((s) => {
    let w = 0;
    for (const word of s.label.split(' ')) w = Math.max(w, c.measure(word, header));
    w = Math.max(w, Math.min(c.measure(s.label, header), 70));
    for (const item of view.items) for (const part of item[s.key].split('\n')) w = Math.max(w, c.measure(part, cell));
    return Math.min(w, s.key === 'unit' ? 70 : 150) + 2 * PAD_X;
  });
  const numericTotal = natural.reduce((a, b) => a + b, 0);
  const room = ctx.width - MIN_DESCRIPTION;
  const scale = numericTotal > room ? room / numericTotal : 1;
  const widths = natural.map((w) => w * scale);
  const description = ctx.width - widths.reduce((a, b) => a + b, 0);
  let x = ctx.x;
  return specs.map((s, i) => {
    const width = i === 0 ? description : widths[i - 1];
    const spec = { ...s, x, width };
    x += width;
    return spec;
  });
}

function cellLines(ctx: RenderContext, text: string, width: number, style: TextStyle): string[] {
  // +0.5: a column sized to its widest value must not wrap that value on rounding error.
  return text === '' ? [] : ctx.c.wrap(text, Math.max(10, width - 2 * PAD_X + 0.5), style);
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

  const headerLines = cols.map((col) => cellLines(ctx, col.label, col.width, headerStyle));
  const headerHeight = Math.max(...headerLines.map((ls) => ls.length)) * hlh + 2 * t.padY + 2;
  const header: Block = {
    height: headerHeight,
    draw(cv, top) {
      if (t.headerFill) cv.rect(ctx.x, top, ctx.width, headerHeight, t.headerFill);
      if (t.headerRule) cv.hline(ctx.x, top + headerHeight, ctx.width, 0.8, t.headerRule);
      cols.forEach((col, i) =>
        headerLines[i].forEach((line, j) => cv.text(line, col.x + PAD_X, top + t.padY + 1 + j * hlh, col.width - 2 * PAD_X, headerStyle, col.align)),
      );
    },
  };

  const rows = view.items.map((item, index): Block => {
    const lines = cols.map((col) => cellLines(ctx, item[col.key], col.width, cellStyle));
    const height = Math.max(1, ...lines.map((ls) => ls.length)) * lh + 2 * t.padY;
    return {
      height,
      draw(cv, top) {
        if (t.zebra && index % 2 === 1) cv.rect(ctx.x, top, ctx.width, height, t.zebra);
        if (t.rowRule) cv.hline(ctx.x, top + height, ctx.width, 0.5, t.rowRule);
        cols.forEach((col, i) =>
          lines[i].forEach((line, j) => cv.text(line, col.x + PAD_X, top + t.padY + j * lh, col.width - 2 * PAD_X, cellStyle, col.align)),
        );
      },
    };
  });
  return { header, rows };
}
