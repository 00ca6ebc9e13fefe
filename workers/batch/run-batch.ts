// The work of POST /api/batch, shared with the MCP tool create_invoice_batch (workers/mcp): the envelope
// checked, each item validated on its own, the longest prefix that fits admitted (D7), items prepared.
// The admitted items' reservation is held by the request (F1): renewed while the items are prepared,
// partly given back for the items that failed, the rest settled by the app once the answer is final.
import type { InvoiceRequest } from '@invoice/model';
import type { Context } from 'hono';
import type { z } from 'zod';
import { type AccountCaller, livemodeOf } from '../accounts/caller.ts';
import type { AppEnv } from '../env.ts';
import { documentUrl } from '../hosted/document-url.ts';
import { ApiError } from '../http/api-error.ts';
import { validateJson } from '../http/read-json-body.ts';
import { createImageFetches } from '../invoices/image-fetches.ts';
import { producesPdf } from '../invoices/pdf-outputs.ts';
import { type PreparedInvoice, prepareInvoice } from '../invoices/prepare-invoice.ts';
import { validateInvoiceInput } from '../invoices/validate-invoice-input.ts';
import { admitBatchItems, releaseDocuments } from '../limits/admit-request.ts';
import { holdReservation } from '../limits/held-reservations.ts';
import { emitAfterResponse } from '../webhooks/emit-event.ts';
import { generateInvoiceBatch } from './batch-operations.ts';
import type { BatchResponseSchema } from './batch-schemas.ts';
import { mapConcurrently } from './map-concurrently.ts';

type BatchResponse = z.output<typeof BatchResponseSchema>;

/** Items prepared at once: KV writes overlap without exceeding the Worker's 6 connections (image fetches: at most 4, H2). */
const CONCURRENCY = 6;

type ItemResult =
  | { index: number; success: true; invoice: PreparedInvoice['invoice']; document_url?: string }
  | { index: number; success: false; error: ReturnType<ApiError['toBody']>['error'] };

export async function runBatch(
  c: Context<AppEnv>,
  caller: AccountCaller,
  body: unknown,
  now: number,
): Promise<{ body: BatchResponse; headers: Record<string, string> }> {
  const raw = validateJson(body, generateInvoiceBatch.body.schema).invoices;
  const checked = raw.map((item) => {
    try {
      return { request: validateInvoiceInput(item, caller) };
    } catch (err) {
      if (err instanceof ApiError) return { error: err };
      throw err;
    }
  });
  // D7: every item counts against the windows; the longest prefix that fits is admitted.
  const { admitted, grant, refusal } = await admitBatchItems(
    c.env,
    caller,
    checked.map((x) => ({ pdf: producesPdf(x.request?.output) })),
    now,
  );
  const held = holdReservation(c, caller, grant.reservation.id);
  // H2: one fetch budget for the images of every item (10 s in all, at most 4 in flight).
  const imageFetches = createImageFetches(c.env);

  const results: ItemResult[] = await mapConcurrently(
    checked,
    CONCURRENCY,
    async (item, index): Promise<ItemResult> => {
      if (index >= admitted) return { index, success: false, error: refusal!.toBody().error };
      if (!item.request) return { index, success: false, error: item.error!.toBody().error };
      try {
        const prepared = await prepareInvoice(c.env, caller, item.request as InvoiceRequest, {
          now,
          requestUrl: c.req.url,
          needImages: false,
          imageFetches,
        });
        const document_url = documentUrl(prepared.invoice.hosted_url, (item.request as InvoiceRequest).output);
        return { index, success: true, invoice: prepared.invoice, ...(document_url && { document_url }) };
      } catch (err) {
        // A client mistake, or a server that lacks a secret (503 not_provisioned), keeps its own code and message.
        if (err instanceof ApiError && (err.status < 500 || err.code === 'not_provisioned')) {
          return { index, success: false, error: err.toBody().error };
        }
        console.error(
          JSON.stringify({
            level: 'error',
            request_id: c.get('requestId'),
            msg: 'batch item failed',
            index,
            error: String((err as Error)?.stack ?? err),
          }),
        );
        const failure = new ApiError(
          'internal_error',
          `Item ${index} could not be generated (request ${c.get('requestId')}).`,
        );
        return { index, success: false, error: failure.toBody().error };
      }
    },
  );

  // Admitted items that produced no document give their monthly reservation back.
  const unproduced = results.slice(0, admitted).filter((r) => !r.success);
  const unproducedPdfs = unproduced.filter((r) => producesPdf(checked[r.index].request?.output)).length;
  let usage = grant;
  if (unproduced.length === admitted) held.drop();
  if (unproduced.length) {
    try {
      usage = await releaseDocuments(c.env, caller, grant, { documents: unproduced.length, pdfs: unproducedPdfs }, now);
    } catch (err) {
      // The lease's end gives the whole reservation back: the produced items cost nothing rather than the
      // failed ones costing a document each.
      held.drop();
      console.error(
        JSON.stringify({
          level: 'error',
          request_id: c.get('requestId'),
          msg: 'batch release failed',
          error: String(err),
        }),
      );
    }
  }

  const generated = results.filter((r) => r.success).length;
  const answer: BatchResponse = {
    success: true,
    count: results.length,
    results,
    livemode: livemodeOf(caller),
    meta: {
      request_id: c.get('requestId'),
      processing_ms: Math.max(0, Math.round(Date.now() - c.get('startedAt'))),
      ...usage.meta,
      requested: results.length,
      generated,
      rate_limited: admitted < results.length,
    },
  };
  if (generated > 0 && grant.webhooks) {
    emitAfterResponse(c, caller, 'batch.generated', {
      count: results.length,
      generated,
      results: results.map((r) => ({
        index: r.index,
        success: r.success,
        number: r.success ? r.invoice.number : undefined,
        hosted_url: r.success ? r.invoice.hosted_url : undefined,
        einvoice_profile: r.success ? r.invoice.einvoice_profile : undefined,
      })),
    });
  }
  return { body: answer, headers: usage.headers };
}
