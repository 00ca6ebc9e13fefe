/**
 * Turns an invoice document into a Factur-X EN 16931 hybrid (PDF/A-3b): XMP metadata agreeing with the
 * Info dictionary, the sRGB output intent, the CII embedded as factur-x.xml, and a placeholder for
 * the content-derived /ID that finishDocument fills in. The pages are not touched, so the document
 * looks exactly like the plain PDF of the same invoice.
 */
import { type PDFDocument, PDFName } from '@cantoo/pdf-lib';
import type { InvoiceDocumentMeta } from '../create-document.ts';
import { attachAssociatedFile } from './embedded-file.ts';
import { addSrgbOutputIntent } from './output-intent.ts';
import { FACTURX_FIELDS, facturxXmp } from './xmp-metadata.ts';

export interface FacturxParts {
  /** The CII in the Factur-X EN 16931 profile (renderInvoiceCii of the same invoice). */
  xml: string;
  /** An sRGB ICC profile (3 components) for the PDF/A output intent. */
  iccProfile: Uint8Array;
}

export function makeFacturx(doc: PDFDocument, meta: InvoiceDocumentMeta, parts: FacturxParts): void {
  const ctx = doc.context;
  const producer = meta.producer ?? 'invoice-service';
  const xmp = facturxXmp({
    title: meta.title,
    author: meta.author,
    subject: meta.subject,
    keywords: (meta.keywords ?? []).join(' '),
    creator: producer,
    producer,
    date: meta.creationDate,
  });
  // Uncompressed, so that tools reading XMP without a PDF parser find it (ISO 19005 recommends it).
  const metadata = ctx.register(ctx.stream(new TextEncoder().encode(xmp), { Type: 'Metadata', Subtype: 'XML' }));
  doc.catalog.set(PDFName.of('Metadata'), metadata);
  addSrgbOutputIntent(doc, parts.iccProfile);
  attachAssociatedFile(doc, {
    name: FACTURX_FIELDS.DocumentFileName,
    mimeType: 'text/xml',
    bytes: new TextEncoder().encode(parts.xml),
    description: 'Factur-X invoice (EN 16931 profile)',
    relationship: 'Alternative',
    modDate: meta.creationDate,
  });
}
