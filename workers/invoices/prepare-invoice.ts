// One invoice from a validated request to everything its outputs need: number and totals, images,
// the hosted-link snapshot and the QR choice. Shared by generate and batch.
import { type InvoiceRequest, type InvoiceResponse, type ResolvedInvoice, toInvoiceResponse } from '@invoice/model';
import { type Caller, livemodeOf } from '../accounts/caller.ts';
import { bytesToBase64 } from '../crypto/byte-encoding.ts';
import type { Env } from '../env.ts';
import { documentFacts } from '../hosted/document-facts.ts';
import { chooseQr, type QrChoice, qrSummary } from '../hosted/qr-choice.ts';
import { type HostedLink, storeSnapshot } from '../hosted/snapshot-store.ts';
import { ApiError } from '../http/api-error.ts';
import { publicBaseUrl } from '../http/public-base-url.ts';
import type { ImageFetches } from './image-fetches.ts';
import { type LoadedImage, loadInvoiceImages } from './load-images.ts';
import { modelErrorsAs400, resolveOrThrow } from './resolve-or-throw.ts';
import { withTestNote } from './test-mode.ts';

export interface PreparedInvoice {
  resolved: ResolvedInvoice;
  images: { logo?: LoadedImage; signature?: LoadedImage };
  hosted?: HostedLink;
  qr?: QrChoice;
  invoice: InvoiceResponse;
  /** K6: false for a test key's document (watermarked, with the test note). */
  livemode: boolean;
}

/**
 * D3: anonymous callers get totals only (no snapshot, no QR). For accounts, `features.hosted_link`
 * and `features.qr` default to true (spec Features); D9: every output stores a snapshot when on.
 */
export async function prepareInvoice(
  env: Env,
  caller: Caller,
  request: InvoiceRequest,
  opts: { now: number; requestUrl: string; needImages: boolean; imageFetches: ImageFetches },
): Promise<PreparedInvoice> {
  const livemode = livemodeOf(caller);
  const resolved = resolveOrThrow(livemode ? request : withTestNote(request), opts.now);
  if (caller.kind === 'anonymous') return { resolved, images: {}, invoice: toInvoiceResponse(resolved, {}), livemode };
  // Before anything is stored: a balance the payment code's standard cannot carry is a 400 (issue 23).
  const payment = modelErrorsAs400(() => chooseQr(resolved, undefined));

  const wantsHosted = request.features?.hosted_link ?? true;
  // The snapshot must be able to re-render the PDF later, so images are loaded whenever one is stored.
  const images = opts.needImages || wantsHosted ? await loadInvoiceImages(request, opts.imageFetches) : {};
  let hosted: HostedLink | undefined;
  if (wantsHosted) {
    if (!env.HOSTED_LINK_SECRET)
      throw new ApiError(
        'not_provisioned',
        'Hosted links are not configured on this server (HOSTED_LINK_SECRET is missing).',
      );
    const baseUrl = publicBaseUrl(env, opts.requestUrl);
    hosted = await storeSnapshot(
      env,
      {
        request: resolved.request,
        images: {
          logo: images.logo && { mime: images.logo.mime, base64: bytesToBase64(images.logo.bytes) },
          signature: images.signature && { mime: images.signature.mime, base64: bytesToBase64(images.signature.bytes) },
        },
        account_id: caller.accountId,
        ...(livemode ? {} : { livemode: false }),
      },
      opts.now,
      baseUrl,
      documentFacts(resolved, livemode),
    );
  }
  const qr = payment?.source === 'payment' ? payment : chooseQr(resolved, hosted?.hosted_url);
  const invoice = toInvoiceResponse(resolved, {
    hosted_url: hosted?.hosted_url,
    hosted_expires_at: hosted?.hosted_expires_at,
    qr: qrSummary(qr),
  });
  return { resolved, images, hosted, qr, invoice, livemode };
}
