// The generate pipeline of one invoice, shared by POST /api/generate-invoice and the MCP tools
// (workers/mcp): validation, admission against the windows (D7), preparation, the caller's own output,
// the webhook event, and the monthly reservation given back when no document came out. The reservation
// is held by the request (F1): renewed while it works, settled by the app once the answer is final.
import type { InvoiceRequest } from '@invoice/model';
import type { Context } from 'hono';
import type { Caller } from '../accounts/caller.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { admitRequest, releaseDocuments, type UsageGrant } from '../limits/admit-request.ts';
import { holdReservation } from '../limits/held-reservations.ts';
import { emitAfterResponse } from '../webhooks/emit-event.ts';
import { createImageFetches } from './image-fetches.ts';
import { producesPdf } from './pdf-outputs.ts';
import { type PreparedInvoice, prepareInvoice } from './prepare-invoice.ts';
import { validateInvoiceInput } from './validate-invoice-input.ts';

/** Turns the prepared invoice into what the caller answers (a Response, an MCP tool result). */
export type ProduceOutput<T> = (prepared: PreparedInvoice, grant: UsageGrant) => Promise<T>;

/**
 * `readBody` runs inside the validation step, so an unparsable body is a refusal that still counts as a
 * call (D7) like any other validation error.
 */
export async function runGenerate<T>(
  c: Context<AppEnv>,
  caller: Caller,
  readBody: () => unknown,
  now: number,
  produce: ProduceOutput<T>,
): Promise<T> {
  let request: InvoiceRequest | undefined;
  let refusal: ApiError | undefined;
  try {
    request = validateInvoiceInput(readBody(), caller);
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
  const held = holdReservation(c, caller, grant.reservation.id);
  if (!request) throw refusal!.withHeaders(grant.headers);
  try {
    const prepared = await prepareInvoice(c.env, caller, request, {
      now,
      requestUrl: c.req.url,
      needImages: producesPdf(request.output),
      imageFetches: createImageFetches(c.env),
    });
    const out = await produce(prepared, grant);
    // grant.webhooks is false only for accounts that never had a webhook: no D1 lookup for them (P-ACC2).
    if (caller.kind === 'account' && grant.webhooks)
      emitAfterResponse(c, caller, 'invoice.generated', { invoice: prepared.invoice });
    return out;
  } catch (err) {
    // Given back now, or (if that fails) when the lease ends: never settled.
    held.drop();
    const after: UsageGrant = await releaseDocuments(c.env, caller, grant, {}, now).catch(() => grant);
    if (err instanceof ApiError) throw err.withHeaders(after.headers);
    throw err;
  }
}
