/**
 * Document creation and saving with deterministic output (D14): @cantoo/pdf-lib names resources from a
 * per-document seeded generator (not Math.random), metadata dates come from the caller, and no file /ID
 * or XMP with the current time is written, so the same request gives byte-identical bytes. A Factur-X
 * document (PDF/A) gets an /ID, derived from its own bytes (document/pdfa/file-identifier.ts).
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import { peekDocumentFonts } from './document-fonts.ts';
import { metadataText } from './metadata-text.ts';
import { writePageContents } from './page-content.ts';
import { reserveFileIdentifier, stampFileIdentifier } from './pdfa/file-identifier.ts';

export interface InvoiceDocumentMeta {
  title: string;
  author: string;
  subject: string;
  keywords?: string[];
  /** BCP 47 tag written to the catalog's /Lang, e.g. "ar" or "en". */
  language: string;
  /** Fixed date written as CreationDate and ModDate (derive it from the invoice date, not the clock). */
  creationDate: Date;
  producer?: string;
}

export async function createInvoiceDocument(meta: InvoiceDocumentMeta): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  // The same text the Factur-X XMP repeats (metadata-text.ts), for every PDF: one rule, not two.
  doc.setTitle(metadataText(meta.title), { showInWindowTitleBar: true });
  doc.setAuthor(metadataText(meta.author));
  doc.setSubject(metadataText(meta.subject));
  if (meta.keywords?.length) doc.setKeywords(meta.keywords.map(metadataText));
  doc.setCreator(meta.producer ?? 'invoice-service');
  doc.setProducer(meta.producer ?? 'invoice-service');
  doc.setCreationDate(meta.creationDate);
  doc.setModificationDate(meta.creationDate);
  doc.setLanguage(meta.language);
  return doc;
}

/**
 * Writes the page contents and the font subsets the text engine used, then serialises in one pass (no
 * per-tick yielding). `contentId`: write a trailer /ID derived from the bytes (PDF/A requires one).
 */
export async function finishDocument(doc: PDFDocument, opts: { contentId?: boolean } = {}): Promise<Uint8Array> {
  writePageContents(doc);
  peekDocumentFonts(doc)?.embed();
  if (opts.contentId) reserveFileIdentifier(doc);
  const bytes = await doc.save({
    useObjectStreams: true,
    addDefaultPage: false,
    objectsPerTick: Number.POSITIVE_INFINITY,
    updateFieldAppearances: false,
  });
  return opts.contentId ? stampFileIdentifier(bytes) : bytes;
}
