import type { PDFDocument, PDFImage } from '@cantoo/pdf-lib';
import { inspectImage } from './image-header.ts';

export type ImageSlot = 'logo' | 'signature';

/** An image that cannot go into the PDF: over the limits (H3), damaged, or refused by pdf-lib's decoder. */
export class ImageEmbedError extends Error {
  constructor(
    readonly slot: ImageSlot,
    readonly problem: string,
  ) {
    super(`${slot} ${problem}`);
    this.name = 'ImageEmbedError';
  }
}

/**
 * Embeds PNG or JPEG bytes, chosen by magic bytes, after their header passed `inspectImage` (so
 * nothing over the limits is ever decoded). A file that fails either step throws ImageEmbedError,
 * or, with `onBroken: 'omit'`, is left out.
 */
export async function embedImage(
  doc: PDFDocument,
  bytes: Uint8Array | undefined,
  slot: ImageSlot,
  onBroken: 'fail' | 'omit',
  colours: 'any' | 'pdfa-srgb' = 'any',
): Promise<PDFImage | null> {
  if (!bytes || bytes.length === 0) return null;
  const inspection = inspectImage(bytes);
  let failure: string;
  if (inspection.ok && colours === 'pdfa-srgb' && inspection.header.components === 4) {
    // pdf-lib writes a 4-component JPEG as DeviceCMYK, which a PDF/A with an sRGB output intent must not
    // use (ISO 19005-3 6.2.4.3); converting CMYK needs a CMYK profile and a decoder, so it is refused.
    failure = 'is a CMYK JPEG, which a Factur-X PDF (PDF/A-3 in sRGB) cannot hold: send an RGB JPEG or a PNG';
  } else if (inspection.ok) {
    try {
      return inspection.header.type === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
    } catch {
      failure = 'could not be decoded (a damaged or unsupported PNG or JPEG)';
    }
  } else {
    failure = inspection.message;
  }
  if (onBroken === 'omit') return null;
  throw new ImageEmbedError(slot, failure);
}
