/**
 * Page content streams written as text: drawing code appends operators to a per-page string, and
 * finishDocument compresses each page's string once into one stream. pdf-lib's operator objects
 * (one object per operator and per number, serialised again at save) cost more than the layout itself.
 */
import type { PDFDocument, PDFName, PDFPage } from '@cantoo/pdf-lib';
import { zlibDeflate } from './deflate.ts';
import { pdfColor as c, pdfNumber as n } from './pdf-number.ts';

export type Rgb = readonly [number, number, number];

/**
 * Consecutive text lines share one BT…ET text object, and the fill colour and font are only set when
 * they change: graphics operators (rectangles, images, the QR) close the text object and run in their
 * own q…Q, which restores colour and font, so the tracked state stays true.
 */
export class PageContent {
  /** Operators, one per line, in PDF syntax. */
  ops = '';
  private inText = false;
  /** Current fill colour and font operators ("" = unknown). */
  private fill = '';
  private font = '';

  /** Opens a text object if none is open and sets the fill colour; Tm/Tj/TJ operators follow. */
  beginText(color: Rgb): void {
    if (!this.inText) {
      this.ops += 'BT\n';
      this.inText = true;
    }
    const rg = `${c(color[0])} ${c(color[1])} ${c(color[2])} rg\n`;
    if (rg !== this.fill) {
      this.ops += rg;
      this.fill = rg;
    }
  }

  /** Selects a font resource and size inside a text object. */
  setFont(resource: string, size: number): void {
    const tf = `${resource} ${n(size)} Tf\n`;
    if (tf !== this.font) {
      this.ops += tf;
      this.font = tf;
    }
  }

  /** Appends self-contained graphics operators (their own q…Q), closing any open text object first. */
  graphics(ops: string): void {
    if (this.inText) {
      this.ops += 'ET\n';
      this.inText = false;
    }
    this.ops += ops;
  }

  /**
   * Operators drawn under their own graphics state (`q`, `setup`, …, `teardown`, `Q`): a transform or an
   * opacity that must not reach what follows. The colour and font tracked outside are restored with it.
   */
  isolated(setup: string, draw: () => void, teardown = ''): void {
    const fill = this.fill;
    const font = this.font;
    this.graphics(`q\n${setup}`);
    draw();
    this.graphics(`${teardown}Q\n`);
    this.fill = fill;
    this.font = font;
  }

  /** The finished stream text. */
  finish(): string {
    if (this.inText) {
      this.ops += 'ET\n';
      this.inText = false;
    }
    return this.ops;
  }

  /** A filled rectangle in its own graphics state. */
  fillRect(x: number, y: number, width: number, height: number, color: Rgb): void {
    this.graphics(
      `q\n${c(color[0])} ${c(color[1])} ${c(color[2])} rg\n${n(x)} ${n(y)} ${n(width)} ${n(height)} re\nf\nQ\n`,
    );
  }

  /** A rectangle outline. */
  strokeRect(x: number, y: number, width: number, height: number, lineWidth: number, color: Rgb): void {
    const l = n(x),
      b = n(y),
      r = n(x + width),
      t = n(y + height);
    this.graphics(
      `q\n${c(color[0])} ${c(color[1])} ${c(color[2])} RG\n${n(lineWidth)} w\n${l} ${b} m\n${r} ${b} l\n${r} ${t} l\n${l} ${t} l\nh\nS\nQ\n`,
    );
  }

  /** A filled path (`m`, `l`, `c` operators, already in page coordinates), closed and filled in one colour. */
  fillPath(path: string, color: Rgb): void {
    this.graphics(`q\n${c(color[0])} ${c(color[1])} ${c(color[2])} rg\n${path}h\nf\nQ\n`);
  }

  /** An image XObject (already registered on the page as `name`) scaled into width × height at x, y. */
  image(name: PDFName, x: number, y: number, width: number, height: number): void {
    this.graphics(`q\n${n(width)} 0 0 ${n(height)} ${n(x)} ${n(y)} cm\n${name.asString()} Do\nQ\n`);
  }
}

// keyed by the page dictionary: pdf-lib may hand out another PDFPage wrapper for the same page
const documents = new WeakMap<PDFDocument, Map<object, PageContent>>();

export function pageContent(doc: PDFDocument, page: PDFPage): PageContent {
  let pages = documents.get(doc);
  if (!pages) {
    pages = new Map();
    documents.set(doc, pages);
  }
  let content = pages.get(page.node);
  if (!content) {
    content = new PageContent();
    pages.set(page.node, content);
  }
  return content;
}

const ascii = new TextEncoder();

/** Writes every page's operators as one compressed content stream (called once, by finishDocument). */
export function writePageContents(doc: PDFDocument): void {
  const pages = documents.get(doc);
  if (!pages) return;
  for (const page of doc.getPages()) {
    const content = pages.get(page.node);
    const ops = content?.finish();
    if (!ops) continue;
    const ref = doc.context.register(doc.context.stream(zlibDeflate(ascii.encode(ops)), { Filter: 'FlateDecode' }));
    page.node.addContentStream(ref);
  }
}
