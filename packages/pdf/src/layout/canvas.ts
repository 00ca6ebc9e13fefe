import type { PDFDocument, PDFImage, PDFPage } from '@cantoo/pdf-lib';
import { type PageContent, pageContent } from '../document/page-content.ts';
import { pdfNumber } from '../document/pdf-number.ts';
import type { TextEngine, TextStyle } from '../text/text-engine.ts';

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

// Arabic and Devanagari reach further above and below the line than Latin: give their lines more room.
const TALL_SCRIPTS = new Set(['ar', 'hi']);

export type Rgb = [number, number, number];
export type Align = 'start' | 'end' | 'center';
/** A path segment in logical coordinates: move, line, or cubic Bézier (two control points, then the end point). */
export type PathSegment = ['M' | 'L', number, number] | ['C', number, number, number, number, number, number];

/** A4 portrait in points. */
export const PAGE = { width: 595.28, height: 841.89 } as const;

/**
 * Drawing in logical coordinates: x runs from the start edge of the page (left in LTR, right in
 * RTL) and y from the top. Templates are written once; an Arabic invoice is the same layout
 * mirrored (columns, alignment, totals), and its text is drawn with direction `rtl`.
 */
export class Canvas {
  page!: PDFPage;
  private readonly widths = new Map<string, number>();
  private readonly wraps = new Map<string, string[]>();

  constructor(
    readonly doc: PDFDocument,
    readonly engine: TextEngine,
    readonly direction: 'ltr' | 'rtl',
    language = 'en',
  ) {
    this.leading = TALL_SCRIPTS.has(language) ? 1.12 : 1;
  }

  private readonly leading: number;

  get rtl(): boolean {
    return this.direction === 'rtl';
  }

  addPage(): PDFPage {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    return this.page;
  }

  /** Physical left edge of a logical box. */
  px(x: number, width: number): number {
    return this.rtl ? PAGE.width - x - width : x;
  }

  // Measurements are cached per render: tables measure the same strings (labels, amounts) many times.
  measure(text: string, style: TextStyle): number {
    const key = `${style.size}|${style.weight ?? ''}|${text}`;
    let w = this.widths.get(key);
    if (w === undefined) this.widths.set(key, (w = this.engine.measure(text, style)));
    return w;
  }

  /** Wraps text to a width, keeping blank lines the client typed. */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const key = `${width.toFixed(2)}|${style.size}|${style.weight ?? ''}|${text}`;
    let lines = this.wraps.get(key);
    if (!lines) {
      // one line that fits (most table cells and labels): no line breaking to run (issue 27)
      if (!/[\r\n]/.test(text) && text.trim() === text && text !== '' && this.measure(text, style) <= width) {
        lines = [text];
        this.wraps.set(key, lines);
        return lines;
      }
      lines = [];
      for (const para of text.split('\n')) {
        if (para.trim() === '') lines.push('');
        else lines.push(...this.engine.wrap(para, width, style));
      }
      this.wraps.set(key, lines);
    }
    return lines;
  }

  lineHeight(style: TextStyle): number {
    return this.engine.lineHeight(style) * this.leading;
  }

  /** Draws one line of text whose line box starts at `top`, inside the logical box x..x+width. */
  text(text: string, x: number, top: number, width: number, style: TextStyle, align: Align = 'start'): void {
    if (text === '') return;
    const physical: 'left' | 'right' | 'center' =
      align === 'center' ? 'center' : (align === 'start') !== this.rtl ? 'left' : 'right';
    // Baseline so that the text sits optically centred in its line box whatever the font's metrics.
    const baseline = top + this.lineHeight(style) / 2 + style.size * 0.34;
    this.engine.draw(this.page, text, this.px(x, width), PAGE.height - baseline, style, {
      align: physical,
      width,
      // In an Arabic document a value with no right-to-left letters (a phone number, an IBAN,
      // an English sentence) keeps its own order; only its position is mirrored.
      direction: this.rtl && RTL_LETTER.test(text) ? 'rtl' : 'ltr',
    });
  }

  /** The current page's content stream, written as text (see page-content.ts). */
  get content(): PageContent {
    return pageContent(this.doc, this.page);
  }

  rect(x: number, top: number, width: number, height: number, color: Rgb): void {
    this.content.fillRect(this.px(x, width), PAGE.height - top - height, width, height, color);
  }

  /** A horizontal rule from x to x+width. */
  hline(x: number, top: number, width: number, thickness: number, color: Rgb): void {
    this.rect(x, top - thickness / 2, width, thickness, color);
  }

  /** A rectangle outline (the PAID stamp frame). */
  frame(x: number, top: number, width: number, height: number, thickness: number, color: Rgb): void {
    this.content.strokeRect(this.px(x, width), PAGE.height - top - height, width, height, thickness, color);
  }

  /**
   * A closed shape of lines and Bézier curves (decorative waves), filled. Each logical x is mirrored
   * point by point in RTL, as `px` mirrors boxes, so a shape hugging the start edge stays at the start.
   */
  shape(path: PathSegment[], color: Rgb): void {
    const x = (v: number) => pdfNumber(this.rtl ? PAGE.width - v : v);
    const y = (v: number) => pdfNumber(PAGE.height - v);
    let ops = '';
    for (const s of path) {
      if (s[0] === 'C') ops += `${x(s[1])} ${y(s[2])} ${x(s[3])} ${y(s[4])} ${x(s[5])} ${y(s[6])} c\n`;
      else ops += `${x(s[1])} ${y(s[2])} ${s[0] === 'M' ? 'm' : 'l'}\n`;
    }
    this.content.fillPath(ops, color);
  }

  image(img: PDFImage, x: number, top: number, width: number, height: number): void {
    const name = this.page.node.newXObject('Image', img.ref);
    this.content.image(name, this.px(x, width), PAGE.height - top - height, width, height);
  }
}
