import type Decimal from 'decimal.js';
import type { InvoiceStatus } from './calculated-invoice.ts';

/**
 * D2: an explicit `payment.status` wins; otherwise `paid` when deposit + amount_paid covers a positive
 * grand total, `partial` when something but not everything is paid, `unpaid` otherwise.
 */
export function detectStatus(
  grandTotal: Decimal,
  deposit: Decimal,
  amountPaid: Decimal,
  explicit?: InvoiceStatus,
): InvoiceStatus {
  if (explicit) return explicit;
  const received = deposit.plus(amountPaid);
  if (grandTotal.gt(0) && received.gte(grandTotal)) return 'paid';
  if (received.gt(0) && received.lt(grandTotal)) return 'partial';
  return 'unpaid';
}
