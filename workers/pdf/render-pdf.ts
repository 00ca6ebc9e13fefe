// The Worker's one way to render an invoice PDF: bundled fonts, HarfBuzz, and the pdf_error contract.
import type { ResolvedInvoice } from '@invoice/model';
import {
  ImageEmbedError,
  loadFontSet,
  type Presentation,
  type RenderInvoiceOptions,
  renderInvoicePdf,
} from '@invoice/pdf';
import srgbProfile from '../../color-profiles/sRGB2014.icc';
import { ApiError } from '../http/api-error.ts';
import { fontFiles, harfbuzzWasm } from './font-files.ts';

/** The PDF/A output intent's ICC profile (sRGB2014, from the pdfkit npm package; docs/cii.md). */
const SRGB_PROFILE = new Uint8Array(srgbProfile);

export interface PdfImages {
  logo?: Uint8Array;
  signature?: Uint8Array;
}

/**
 * What an image over the limits, damaged or refused by the decoder becomes (H3): the client's
 * error (generate: 400 naming the field) or, for a stored snapshot, an image left out.
 */
export type BrokenImageAnswer = 'omit' | ((err: ImageEmbedError) => ApiError);

/**
 * Renders or throws 500 pdf_error naming the request id (issue 4): never a half-written file,
 * since the bytes are returned only once the whole document is saved.
 */
export async function renderPdf(
  resolved: ResolvedInvoice,
  images: PdfImages,
  qr: RenderInvoiceOptions['qr'],
  requestId: string,
  onBrokenImage: BrokenImageAnswer,
  look: { presentation?: Presentation; watermark?: string; facturxXml?: string } = {},
): Promise<Uint8Array> {
  try {
    const fonts = loadFontSet(fontFiles, { harfbuzz: harfbuzzWasm });
    return await renderInvoicePdf(resolved, {
      fonts,
      images,
      qr,
      brokenImages: onBrokenImage === 'omit' ? 'omit' : 'fail',
      presentation: look.presentation,
      watermark: look.watermark,
      // The Factur-X hybrid (output facturx): the CII embedded, PDF/A-3b with the bundled sRGB profile.
      facturx: look.facturxXml === undefined ? undefined : { xml: look.facturxXml, iccProfile: SRGB_PROFILE },
    });
  } catch (err) {
    if (err instanceof ImageEmbedError && onBrokenImage !== 'omit') throw onBrokenImage(err);
    console.error(
      JSON.stringify({
        level: 'error',
        request_id: requestId,
        msg: 'pdf rendering failed',
        error: String((err as Error)?.stack ?? err),
      }),
    );
    throw new ApiError('pdf_error', `The PDF could not be rendered (request ${requestId}); nothing was produced.`);
  }
}
