// The PDF of a hosted invoice, rendered on demand from its snapshot (D9) through the Worker's one
// PDF path (bundled fonts, pdf_error contract). Same invoice, images and QR text as at generation,
// so the bytes equal the PDF generate produced for this link (D14). Stored images were checked at
// generation; one that is not fit to render (stored before the limits of H3) is left out, so the
// link still shows the invoice. `format=facturx` (E4) embeds the CII, as `output: "facturx"` does.
import { testWatermark } from '../invoices/test-mode.ts';
import { renderPdf } from '../pdf/render-pdf.ts';
import { pdfQr } from './qr-choice.ts';
import { type RenderedSnapshot, snapshotImages } from './render-snapshot.ts';
import type { StoredSnapshot } from './snapshot-store.ts';

export async function renderSnapshotPdf(
  snap: StoredSnapshot,
  rendered: RenderedSnapshot,
  requestId: string,
  facturxXml?: string,
): Promise<Uint8Array> {
  const qr = pdfQr(rendered.qr, snap.expires_at);
  return renderPdf(rendered.resolved, snapshotImages(snap), qr, requestId, 'omit', {
    facturxXml,
    ...testWatermark(snap.livemode !== false),
  });
}
