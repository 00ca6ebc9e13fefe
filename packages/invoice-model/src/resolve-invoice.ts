import { calculateInvoice } from './calculate-totals.ts';
import type { ResolvedInvoice } from './calculated-invoice.ts';
import { InvoiceValidationError } from './invoice-errors.ts';
import { generateInvoiceNumber } from './invoice-number.ts';
import type { InvoiceRequest } from './invoice-request-schema.ts';

export interface ResolveContext {
  /** Today's UTC date, YYYY-MM-DD (the caller owns the clock). */
  today: string;
  /** At least 6 random bytes for a generated number. */
  randomBytes: Uint8Array;
}

/**
 * D13: fills `invoice.number` (generated when absent) and `invoice.date` (today, UTC), checks that
 * `due_date` is not before the resolved date, then computes the D1 totals.
 * Throws InvoiceValidationError / CalculationError (both 400 with their code).
 */
export function resolveInvoice(req: InvoiceRequest, ctx: ResolveContext): ResolvedInvoice {
  const number = req.invoice.number ?? generateInvoiceNumber(ctx.today, ctx.randomBytes);
  const date = req.invoice.date ?? ctx.today;
  const due = req.invoice.due_date;
  if (due !== undefined && due < date)
    throw new InvoiceValidationError('invoice.due_date', 'order', `must not be before invoice.date (${date})`);
  const totals = calculateInvoice(req);
  return { request: { ...req, invoice: { ...req.invoice, number, date } }, totals };
}
