import type { PDFDocument, PDFImage } from '@cantoo/pdf-lib';
import { detectImageType } from './image-type.ts';

/**
 * Embeds PNG or JPEG bytes, chosen by magic bytes. Returns null for anything else or for a file
 * that does not decode: the Worker has already validated the bytes (D5), and a damaged image must
 * not cost the client the whole invoice.
 */
export async function embedImage(doc: PDFDocument, bytes: Uint8Array | undefined): Promise<PDFImage | null> {
  if (!bytes || bytes.length === 0) return null;
  const type = detectImageType(bytes);
  try {
    if (type === 'png') return await doc.embedPng(bytes);
    if (type === 'jpeg') return await doc.embedJpg(bytes);
  } catch {
    return null;
  }
  return null;
}
