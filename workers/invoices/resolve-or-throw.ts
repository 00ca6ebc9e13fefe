import { InvoiceModelError, type InvoiceRequest, type ResolvedInvoice, resolveInvoice } from '@invoice/model';
import { ApiError } from '../http/api-error.ts';
import { todayUtc } from './today.ts';

/** Resolves number/date and computes totals; model errors carry their own 400 code, never a 500. */
export function resolveOrThrow(request: InvoiceRequest, now: number): ResolvedInvoice {
  try {
    return resolveInvoice(request, { today: todayUtc(now), randomBytes: crypto.getRandomValues(new Uint8Array(6)) });
  } catch (err) {
    if (err instanceof InvoiceModelError) throw ApiError.fromDetails(err.code, err.details);
    throw err;
  }
}
