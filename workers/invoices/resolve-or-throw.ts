import { InvoiceModelError, type InvoiceRequest, type ResolvedInvoice, resolveInvoice } from '@invoice/model';
import { ApiError } from '../http/api-error.ts';
import { todayUtc } from './today.ts';

/** Resolves number/date and computes totals; model errors carry their own 400 code, never a 500. */
export function resolveOrThrow(request: InvoiceRequest, now: number): ResolvedInvoice {
  return modelErrorsAs400(() =>
    resolveInvoice(request, { today: todayUtc(now), randomBytes: crypto.getRandomValues(new Uint8Array(6)) }),
  );
}

/** Runs a step of the model; its errors (a rule that needs the totals) become their own 400. */
export function modelErrorsAs400<T>(step: () => T): T {
  try {
    return step();
  } catch (err) {
    if (err instanceof InvoiceModelError) throw ApiError.fromDetails(err.code, err.details);
    throw err;
  }
}
