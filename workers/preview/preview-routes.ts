// POST /api/preview (issue 12, decision W2): the generate-invoice body through the same validation,
// arithmetic and PDF engine, marked PREVIEW, for the web app's live preview. It stores nothing (no
// hosted-link snapshot), emits no webhook event and spends nothing of the plan; its own hourly limit
// lives in the account's RateLimiter.
import type { InvoiceRequest } from '@invoice/model';
import { type Context, Hono } from 'hono';
import type { AccountCaller } from '../accounts/caller.ts';
import { requireVerifiedAccount, resolveCaller } from '../accounts/resolve-caller.ts';
import type { AppEnv } from '../env.ts';
import { pdfQr } from '../hosted/qr-choice.ts';
import { ApiError } from '../http/api-error.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { mountOperations } from '../http/mount-operations.ts';
import { parseJsonText, readBodyText } from '../http/read-json-body.ts';
import { createImageFetches } from '../invoices/image-fetches.ts';
import { IMAGE_FIELDS, imageRefusal } from '../invoices/load-images.ts';
import { prepareInvoice } from '../invoices/prepare-invoice.ts';
import { validateInvoiceInput } from '../invoices/validate-invoice-input.ts';
import { admitPreview } from '../limits/admit-preview.ts';
import { renderPdf } from '../pdf/render-pdf.ts';
import { previewInvoice } from './preview-operations.ts';

const WATERMARK = 'PREVIEW';

/** Session only: any Authorization header is refused before it is even read (W2). */
async function sessionCaller(c: Context<AppEnv>): Promise<AccountCaller> {
  if (c.req.header('Authorization') !== undefined)
    throw new ApiError(
      'session_required',
      'POST /api/preview is for the web app and takes the session cookie only; with an API key use POST /api/generate-invoice.',
    );
  const caller = await resolveCaller(c);
  requireVerifiedAccount(caller);
  return caller;
}

/** `output` is ignored, whatever its value: a preview is always a PDF. */
function withoutOutput(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { output: _ignored, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** No hosted link (nothing is stored); `features.qr` as asked, so only a `payment.qr` can be drawn. */
function asPreview(request: InvoiceRequest): InvoiceRequest {
  return { ...request, output: 'pdf', features: { ...request.features, hosted_link: false } };
}

export const previewRoutes = new Hono<AppEnv>();

mountOperations(previewRoutes, [
  [
    previewInvoice,
    async (c) => {
      const caller = await sessionCaller(c);
      const now = Date.now();
      const raw = await readBodyText(c, previewInvoice.body.limitBytes);
      const request = asPreview(validateInvoiceInput(withoutOutput(parseJsonText(raw)), caller));
      // Counted once the request is valid: a form with a mistake in it costs nothing.
      await admitPreview(c.env, caller, now);
      const prepared = await prepareInvoice(c.env, caller, request, {
        now,
        requestUrl: c.req.url,
        needImages: true,
        imageFetches: createImageFetches(c.env),
      });
      const { logo, signature } = prepared.images;
      const qr = pdfQr(prepared.qr, prepared.hosted?.hosted_expires_at);
      const bytes = await renderPdf(
        prepared.resolved,
        { logo: logo?.bytes, signature: signature?.bytes },
        qr,
        c.get('requestId'),
        (err) => imageRefusal(IMAGE_FIELDS[err.slot], prepared.images[err.slot]?.fromUrl ?? false, err.problem),
        { watermark: WATERMARK },
      );
      return new Response(bytes, {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': contentDisposition(
            'inline',
            `${prepared.resolved.request.invoice.number}-preview`,
            'pdf',
          ),
          // A preview is of a draft: no cache should keep it.
          'Cache-Control': 'private, no-store',
        },
      });
    },
  ],
]);
