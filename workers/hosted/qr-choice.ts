// What the invoice's QR code encodes (spec Features/Payment, D12, issue 23): the payment code when
// there is one (the client's `payment.qr.value` or the payload the model builds from the invoice),
// otherwise the hosted link; nothing when `features.qr` is false or there is neither.
import { type PaymentCode, paymentCodeOf, type ResolvedInvoice } from '@invoice/model';

export type QrChoice =
  | { source: 'payment'; type: string; value: string; code: PaymentCode }
  | { source: 'hosted_link'; type: 'url'; value: string };

/**
 * A payment code that asks for money is left out when the balance due is 0 (issue 23, Q2): the
 * hosted link takes its place as if no payment.qr had been given. May throw InvoiceValidationError
 * when the balance does not fit the standard (EPC's 331 bytes): call it before anything is stored.
 */
export function chooseQr(resolved: ResolvedInvoice, hostedUrl: string | undefined): QrChoice | undefined {
  if (resolved.request.features?.qr === false) return undefined;
  const code = paymentCodeOf(resolved);
  if (code) return { source: 'payment', type: code.type, value: code.payload, code };
  if (hostedUrl) return { source: 'hosted_link', type: 'url', value: hostedUrl };
  return undefined;
}

/**
 * `invoice.qr` in the response: `{source, type}`, and for a payment code the `payload` it encodes, so
 * that a client can check what was built (the hosted link is `hosted_url` already).
 */
export function qrSummary(
  choice: QrChoice | undefined,
): { source: 'payment' | 'hosted_link'; type: string; payload?: string } | undefined {
  if (!choice) return undefined;
  return choice.source === 'payment'
    ? { source: choice.source, type: choice.type, payload: choice.value }
    : { source: choice.source, type: choice.type };
}

/**
 * What the PDF renderer draws: the text, what it is (for the caption) and a built code's details. A hosted
 * link's caption also says until when it opens (issue 26): the UTC date of `expiresAt` (Unix seconds), so the PDF
 * generate answers and the one the link re-renders (both knowing the same expiry) stay byte-identical (D14).
 */
export function pdfQr(
  choice: QrChoice | undefined,
  expiresAt?: number,
): { text: string; kind: string; code?: PaymentCode; validUntil?: string } | undefined {
  if (!choice) return undefined;
  if (choice.source === 'payment') return { text: choice.value, kind: choice.type, code: choice.code };
  const validUntil = expiresAt === undefined ? undefined : new Date(expiresAt * 1000).toISOString().slice(0, 10);
  return { text: choice.value, kind: 'hosted_link', ...(validUntil && { validUntil }) };
}
