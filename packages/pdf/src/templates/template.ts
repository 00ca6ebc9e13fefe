import type { PDFImage } from '@cantoo/pdf-lib';
import type { SwissQrFields } from '@invoice/model';
import type { QrMatrix } from '@invoice/qr';
import type { Canvas, Rgb } from '../layout/canvas.ts';
import type { Block } from '../layout/flow.ts';
import type { Field, InvoiceView } from '../layout/invoice-view.ts';
import type { Theme } from './theme.ts';

/** What every part of a template draws from. */
export interface RenderContext {
  c: Canvas;
  view: InvoiceView;
  theme: Theme;
  logo: PDFImage | null;
  signature: PDFImage | null;
  qr?: { matrix: QrMatrix; caption: string; details: Field[] };
  /** A Swiss QR-bill (issue 23): drawn as its payment part at the foot of the last page, instead of `qr`. */
  swiss?: { matrix: QrMatrix; fields: SwissQrFields };
  /** Logical x of the content box and its width (page margins taken off). */
  x: number;
  width: number;
}

/** One invoice design: its theme, its first-page header, and its page decoration. */
export interface Template {
  name: string;
  theme(accent: Rgb | undefined): Theme;
  /** Blocks of the first page above the items table: title, logo, seller, meta, buyer, ship-to. */
  intro(ctx: RenderContext): Block[];
  /** Draws the decoration of every page and, from page 2, a running header; returns the content top. */
  startPage(ctx: RenderContext, pageIndex: number): number;
}
