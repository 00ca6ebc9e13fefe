// POST /api/generate-invoice (spec; D3, D7, D8), mounted from invoice-operations.ts.
import type { InvoiceRequest } from '@invoice/model';
import { type Context, Hono } from 'hono';
import type { Caller } from '../accounts/caller.ts';
import { requireVerifiedAccount, resolveCaller } from '../accounts/resolve-caller.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { mountOperations } from '../http/mount-operations.ts';
import { parseJsonText, readBodyText } from '../http/read-json-body.ts';
import { withIdempotency } from '../idempotency/with-idempotency.ts';
import { admitRequest, peekUsage, releaseDocuments, type UsageGrant } from '../limits/admit-request.ts';
import { emitAfterResponse } from '../webhooks/emit-event.ts';
import { createImageFetches } from './image-fetches.ts';
import { generateInvoice } from './invoice-operations.ts';
import { producesPdf } from './pdf-outputs.ts';
import { prepareInvoice } from './prepare-invoice.ts';
import { renderOutput } from './render-output.ts';
import { validateInvoiceInput } from './validate-invoice-input.ts';

export const invoiceRoutes = new Hono<AppEnv>();

mountOperations(invoiceRoutes, [[generateInvoice, (c) => handleGenerate(c)]]);

async function handleGenerate(c: Context<AppEnv>): Promise<Response> {
  const caller = await resolveCaller(c, { cachedKeys: true });
  try {
    if (caller.kind === 'account') requireVerifiedAccount(caller);
    const rawBody = await readBodyText(c, generateInvoice.body.limitBytes);
    const scope = caller.kind === 'account' ? caller.accountId : `ip:${caller.ip}`;
    // D8: replays and conflicts run nothing, so they count against no window.
    return await withIdempotency(c, scope, rawBody, () => generate(c, caller, rawBody, Date.now()), {
      extraHeaders: async () => (await peekUsage(c.env, caller)).headers,
    });
  } catch (err) {
    // D7: every generate response, errors included, carries the rate-limit headers.
    if (err instanceof ApiError && !('X-RateLimit-Limit-Hourly' in err.headers))
      err.withHeaders((await peekUsage(c.env, caller)).headers);
    throw err;
  }
}

async function generate(c: Context<AppEnv>, caller: Caller, rawBody: string, now: number): Promise<Response> {
  let request: InvoiceRequest | undefined;
  let refusal: ApiError | undefined;
  try {
    request = validateInvoiceInput(parseJsonText(rawBody), caller);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    refusal = err;
  }
  // D7: the call counts whatever its outcome; only a produced document counts against the month.
  const grant = await admitRequest(c.env, caller, {
    documents: request ? 1 : 0,
    pdfs: producesPdf(request?.output) ? 1 : 0,
    now,
  });
  if (!request) throw refusal!.withHeaders(grant.headers);
  try {
    const prepared = await prepareInvoice(c.env, caller, request, {
      now,
      requestUrl: c.req.url,
      needImages: producesPdf(request.output),
      imageFetches: createImageFetches(c.env),
    });
    const res = await renderOutput(c, prepared, {
      success: true,
      invoice: prepared.invoice,
      meta: {
        request_id: c.get('requestId'),
        processing_ms: Math.max(0, Math.round(Date.now() - c.get('startedAt'))),
        ...grant.meta,
      },
      anonymous: caller.kind === 'anonymous',
    });
    for (const [k, v] of Object.entries(grant.headers)) res.headers.set(k, v);
    // grant.webhooks is false only for accounts that never had a webhook: no D1 lookup for them (P-ACC2).
    if (caller.kind === 'account' && grant.webhooks)
      emitAfterResponse(c, caller.accountId, 'invoice.generated', { invoice: prepared.invoice });
    return res;
  } catch (err) {
    const after: UsageGrant = await releaseDocuments(c.env, caller, grant, {}, now).catch(() => grant);
    if (err instanceof ApiError) throw err.withHeaders(after.headers);
    throw err;
  }
}
