import type { PaymentCode, ResolvedInvoice } from '@invoice/model';
import { encodeQr } from '@invoice/qr';
import { createInvoiceDocument, finishDocument } from './document/create-document.ts';
import { type FacturxParts, makeFacturx } from './document/pdfa/facturx-document.ts';
import { embedImage } from './images/embed-image.ts';
import { Canvas, PAGE } from './layout/canvas.ts';
import { composeInvoice } from './layout/compose-invoice.ts';
import { buildInvoiceView } from './layout/invoice-view.ts';
import { drawWatermark } from './layout/watermark.ts';
import type { Presentation } from './presentation.ts';
import { templateFor } from './templates/registry.ts';
import type { RenderContext } from './templates/template.ts';
import type { FontSet } from './text/font-set.ts';
import { createTextEngine } from './text/text-engine.ts';

export interface RenderInvoiceOptions {
  fonts: FontSet;
  /** Already fetched/decoded bytes (the Worker fetches https URLs); PNG or JPEG. */
  images?: { logo?: Uint8Array; signature?: Uint8Array };
  /**
   * What to encode (hosted link or payment code) and a caption such as the QR type. `kind` says what
   * it is (a payment.qr type or `hosted_link`; default payment.qr's type, else hosted_link) and
   * `code` a payment code the service built, whose details are printed beside it (issue 23).
   * `validUntil` (YYYY-MM-DD): a hosted link's last day, added to its caption (issue 26).
   */
  qr?: { text: string; caption?: string; kind?: string; code?: PaymentCode; validUntil?: string };
  /**
   * An image over the limits or that does not decode: 'fail' (default) throws ImageEmbedError
   * naming the slot; 'omit' renders without it.
   */
  brokenImages?: 'fail' | 'omit';
  /** Template, digits and label overrides of the legacy render interface (D11). */
  presentation?: Presentation;
  /**
   * A word drawn large, light and diagonally across every page, over the content (the web app's
   * "PREVIEW", a test key's "TEST"), and named in the metadata: the title starts with it and it is
   * the first keyword. Without it the document is exactly what it was before the option existed.
   */
  watermark?: string;
  /**
   * Makes the document a Factur-X EN 16931 hybrid (PDF/A-3b with the CII embedded as factur-x.xml,
   * docs/cii.md); the pages stay exactly those of the plain PDF.
   */
  facturx?: FacturxParts;
}

const MARGIN = 42;

/** The watermark in the document's metadata too, so a viewer's title bar and a search by keyword show it. */
function markedMetadata<M extends { title: string; keywords: string[] }>(document: M, watermark?: string): M {
  const word = watermark?.replace(/\s+/g, ' ').trim();
  if (!word) return document;
  return { ...document, title: `${word}: ${document.title}`, keywords: [word, ...document.keywords] };
}

/**
 * Renders a resolved invoice to PDF bytes in its template and language. Deterministic (D14): the
 * same invoice, images and QR text give byte-identical output.
 */
export async function renderInvoicePdf(invoice: ResolvedInvoice, opts: RenderInvoiceOptions): Promise<Uint8Array> {
  const view = buildInvoiceView(invoice, opts.qr?.caption, opts.presentation, {
    kind: opts.qr?.code?.type ?? opts.qr?.kind,
    manual: opts.qr?.code?.manual,
    validUntil: opts.qr?.validUntil,
  });
  const template = templateFor(opts.presentation?.template ?? invoice.request.template);
  const meta = { ...markedMetadata(view.document, opts.watermark), language: view.language };
  const doc = await createInvoiceDocument(meta);
  const colours = opts.facturx ? 'pdfa-srgb' : 'any';
  const engine = createTextEngine(doc, opts.fonts, { language: view.language });
  const ctx: RenderContext = {
    c: new Canvas(doc, engine, view.direction, view.language),
    view,
    theme: template.theme(view.accent),
    logo: await embedImage(doc, opts.images?.logo, 'logo', opts.brokenImages ?? 'fail', colours),
    signature: await embedImage(doc, opts.images?.signature, 'signature', opts.brokenImages ?? 'fail', colours),
    qr:
      opts.qr?.text && !opts.qr.code?.swiss
        ? { matrix: encodeQr(opts.qr.text), caption: view.qrCaption, details: view.qrDetails }
        : undefined,
    swiss: opts.qr?.code?.swiss ? { matrix: encodeQr(opts.qr.text), fields: opts.qr.code.swiss } : undefined,
    x: MARGIN,
    width: PAGE.width - 2 * MARGIN,
  };
  composeInvoice(ctx, template);
  if (opts.watermark) drawWatermark(ctx.c, opts.watermark);
  if (opts.facturx) makeFacturx(doc, meta, opts.facturx);
  return finishDocument(doc, { contentId: opts.facturx !== undefined });
}
