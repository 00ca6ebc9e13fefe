/**
 * Page content streams written as text: drawing code appends operators to a per-page string, and
 * finishDocument compresses each page's string once into one stream. pdf-lib's operator objects
 * (one object per operator and per number, serialised again at save) cost more than the layout itself.
 */
import { PDFDocument, PDFName, PDFPage } from '@cantoo/pdf-lib';
import { pdfNumber as n } from './pdf-number.ts';

export type Rgb = readonly [number, number, number];

export class PageContent {
  /** Operators, one per line, in PDF syntax. */
  ops = '';

  fillColor(c: Rgb): string {
    return `${n(c[0])} ${n(c[1])} ${n(c[2])} rg\n`;
  }

  strokeColor(c: Rgb): string {
    return `${n(c[0])} ${n(c[1])} ${n(c[2])} RG\n`;
  }

  /** A filled rectangle in its own graphics state. */
  fillRect(x: number, y: number, width: number, height: number, color: Rgb): void {
    this.ops += `q\n${this.fillColor(color)}${n(x)} ${n(y)} ${n(width)} ${n(height)} re\nf\nQ\n`;
  }

  /** A rectangle outline. */
  strokeRect(x: number, y: number, width: number, height: number, lineWidth: number, color: Rgb): void {
    const l = n(x), b = n(y), r = n(x + width), t = n(y + height);
    this.ops += `q\n${this.strokeColor(color)}${n(lineWidth)} w\n${l} ${b} m\n${r} ${b} l\n${r} ${t} l\n${l} ${t} l\nh\nS\nQ\n`;
  }

  /** An image XObject (already registered on the page as `name`) scaled into width × height at x, y. */
  image(name: PDFName, x: number, y: number, width: number, height: number): void {
    this.ops += `q\n${n(width)} 0 0 ${n(height)} ${n(x)} ${n(y)} cm\n${name.asString()} Do\nQ\n`;
  }
}

// keyed by the page dictionary: pdf-lib may hand out another PDFPage wrapper for the same page
const documents = new WeakMap<PDFDocument, Map<object, PageContent>>();

export function pageContent(doc: PDFDocument, page: PDFPage): PageContent {
  let pages = documents.get(doc);
  if (!pages) { pages = new Map(); documents.set(doc, pages); }
  let content = pages.get(page.node);
  if (!content) { content = new PageContent(); pages.set(page.node, content); }
  return content;
}

const ascii = new TextEncoder();

/** Writes every page's operators as one compressed content stream (called once, by finishDocument). */
export function writePageContents(doc: PDFDocument): void {
  const pages = documents.get(doc);
  if (!pages) return;
  for (const page of doc.getPages()) {
    const content = pages.get(page.node);
    if (!content?.ops) continue;
    const ref = doc.context.register(doc.context.flateStream(ascii.encode(content.ops)));
    page.node.addContentStream(ref);
  }
}
