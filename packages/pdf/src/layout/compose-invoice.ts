import { pageLabel } from '@invoice/i18n';
import type { RenderContext, Template } from '../templates/template.ts';
import { onFill } from '../templates/theme.ts';
import type { TextStyle } from '../text/text-engine.ts';
import { PAGE } from './canvas.ts';
import { closingBlock, paymentBlock, textSection } from './closing-sections.ts';
import { type Block, Flow } from './flow.ts';
import { itemsTable } from './items-table.ts';
import { drawSwissPaymentPart, SWISS_PART_HEIGHT } from './swiss-payment-part.ts';
import { totalsBlock } from './totals-section.ts';

const BOTTOM_MARGIN = 26;
const MAX_RUNNING_FOOTER_LINES = 3;

/**
 * Whether the plan ends with a page holding only a short closing section (notes, refund policy, signature,
 * a long footer): the last page is the one after the last table row, totals or payment, and the closing
 * text on it would fit on half a page. A closing text running over pages is long, not orphaned.
 */
function orphaned(flow: Flow, lastContentPage: number): boolean {
  return flow.pageIndex === lastContentPage + 1 && flow.used <= flow.pageCapacity / 2;
}

/**
 * Lays the whole invoice out over as many pages as it needs: the template's intro, the items table
 * (header repeated on each page), totals, payment and QR, notes and refund policy beside the signature; then
 * writes the footer and `Page N of M` on every page once the page count is known.
 */
export function composeInvoice(ctx: RenderContext, template: Template): void {
  const { c, theme, view } = ctx;
  // On a footer band (navy) the footer and the page label are written inside the band, in its text colour.
  const bandText = theme.footerBand ? onFill(theme.footerBand) : theme.footerText;
  const footerStyle: TextStyle = { size: theme.size.label, color: bandText };
  const pageStyle: TextStyle = { size: theme.size.label, color: bandText };
  const flh = c.lineHeight(footerStyle);
  const footerLines = view.footer ? c.wrap(view.footer, ctx.width, footerStyle) : [];
  // A short footer repeats on every page; a long one is printed once, as a closing section.
  const running = footerLines.length <= MAX_RUNNING_FOOTER_LINES;
  const pageLabelTop = PAGE.height - BOTTOM_MARGIN - c.lineHeight(pageStyle);
  const footerTop = pageLabelTop - (running ? footerLines.length * flh + 2 : 0);
  const contentBottom = footerTop - 12;

  const flow = new Flow(c, { startPage: (_cv, i) => template.startPage(ctx, i), contentBottom });
  const intro = template.intro(ctx);
  const { header, rows } = itemsTable(ctx);
  const totals = totalsBlock(ctx);
  const payment = paymentBlock(ctx);
  const closing = [
    closingBlock(ctx),
    running ? null : textSection(ctx, null, view.footer, { size: theme.size.label, color: theme.footerText }),
  ].filter((b): b is Block => b !== null);

  /** Plans the invoice; `keep` moves the last table row, or the payment block, to the next page. */
  const plan = (keep?: 'row' | 'payment'): boolean => {
    flow.restart();
    for (const block of intro) flow.place(block);
    flow.gap(16);
    flow.ensure(header.height + (rows[0]?.height ?? 0));
    flow.place(header);
    flow.setRepeat(header);
    rows.forEach((row, i) => {
      if (keep === 'row' && i === rows.length - 1) flow.breakPage();
      flow.place(row);
    });
    flow.setRepeat(undefined);
    flow.place(totals);
    if (payment) {
      if (keep === 'payment') flow.breakPage();
      flow.place(payment);
    }
    const lastContentPage = flow.pageIndex;
    for (const block of closing) flow.place(block);
    return orphaned(flow, lastContentPage);
  };
  // Keep-with-previous (issue 27): a short closing section alone on the last page takes the payment block
  // along (the least that can move: the totals stay under the table), else the last row and the totals;
  // when neither helps the first plan stands.
  if (plan() && (!payment || plan('payment')) && plan('row')) plan();

  // A Swiss QR-bill takes the last 105 mm of the last page, the footer moving up above it; when the
  // invoice leaves no room there, the bill gets a page of its own (SIX IG 2.3 §3.1).
  const lift = ctx.swiss ? SWISS_PART_HEIGHT - BOTTOM_MARGIN + 10 : 0;
  if (ctx.swiss && flow.y > contentBottom - lift) flow.newPage();
  flow.commit();

  const pages = c.doc.getPages();
  pages.forEach((page, i) => {
    c.page = page;
    const up = i === pages.length - 1 ? lift : 0;
    if (theme.footerBand) {
      const bandTop = Math.min(PAGE.height - BOTTOM_MARGIN - 14, footerTop - 6) - up;
      // the bill's white ground covers the band below it
      c.rect(0, bandTop, PAGE.width, PAGE.height - bandTop, theme.footerBand);
    } else c.hline(ctx.x, contentBottom + 6 - up, ctx.width, 0.4, theme.rule);
    if (running)
      footerLines.forEach((line, j) => c.text(line, ctx.x, footerTop - up + j * flh, ctx.width, footerStyle, 'center'));
    // The view's digits and labels: ar-e pages read `صفحة ١ من ٢`, a custom `page` label keeps its placeholders.
    c.text(
      pageLabel(i + 1, pages.length, view.language, view.digits, view.labels),
      ctx.x,
      pageLabelTop - up,
      ctx.width,
      pageStyle,
      'end',
    );
  });
  if (ctx.swiss) drawSwissPaymentPart(c, ctx.swiss.fields, ctx.swiss.matrix, view.language);
}
