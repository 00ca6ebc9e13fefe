// Re-renders a stored snapshot on demand (D9): totals are recomputed from the canonical request
// (D1 is deterministic, so they equal the original response), the QR choice is the original one.
import { type InvoiceResponse, type ResolvedInvoice, resolveInvoice, toInvoiceResponse } from '@invoice/model';
import { base64ToBytes } from '../crypto/byte-encoding.ts';
import { chooseQr, type QrChoice, qrSummary } from './qr-choice.ts';
import type { StoredSnapshot } from './snapshot-store.ts';

export interface RenderedSnapshot {
  resolved: ResolvedInvoice;
  qr: QrChoice | undefined;
  invoice: InvoiceResponse;
}

export function resolveSnapshot(snap: StoredSnapshot): RenderedSnapshot {
  const req = snap.request;
  // number and date are already resolved: the context is never consulted for them.
  const resolved = resolveInvoice(req, { today: req.invoice.date, randomBytes: new Uint8Array(6) });
  const qr = chooseQr(resolved, snap.hosted_url);
  const invoice = toInvoiceResponse(resolved, {
    hosted_url: snap.hosted_url,
    hosted_expires_at: snap.expires_at,
    qr: qrSummary(qr),
  });
  return { resolved, qr, invoice };
}

/** `format=json`: the InvoiceJsonResponse shape; meta carries only what applies to a public link. */
export function snapshotJsonBody(
  snap: StoredSnapshot,
  rendered: RenderedSnapshot,
  meta: { request_id: string; processing_ms: number },
) {
  return {
    success: true as const,
    invoice: rendered.invoice,
    meta,
    anonymous: false,
    livemode: snap.livemode !== false,
  };
}

/** The snapshot's images as bytes, for the PDF renderer. */
export function snapshotImages(snap: StoredSnapshot): { logo?: Uint8Array; signature?: Uint8Array } {
  return {
    logo: snap.images?.logo ? base64ToBytes(snap.images.logo.base64) : undefined,
    signature: snap.images?.signature ? base64ToBytes(snap.images.signature.base64) : undefined,
  };
}
