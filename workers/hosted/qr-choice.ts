// What the invoice's QR code encodes (spec Features/Payment, D12): `payment.qr` when given,
// otherwise the hosted link; nothing when `features.qr` is false or there is no hosted link.
import type { InvoiceRequest } from '@invoice/model';

export type QrChoice =
  | { source: 'payment'; type: string; value: string }
  | { source: 'hosted_link'; type: 'url'; value: string };

export function chooseQr(
  request: Pick<InvoiceRequest, 'features' | 'payment'>,
  hostedUrl: string | undefined,
): QrChoice | undefined {
  if (request.features?.qr === false) return undefined;
  const pay = request.payment?.qr;
  if (pay) return { source: 'payment', type: pay.type, value: pay.value };
  if (hostedUrl) return { source: 'hosted_link', type: 'url', value: hostedUrl };
  return undefined;
}

/** `invoice.qr` in the response: `{source, type}` (the value is in the PDF, not the JSON). */
export function qrSummary(
  choice: QrChoice | undefined,
): { source: 'payment' | 'hosted_link'; type: string } | undefined {
  return choice && { source: choice.source, type: choice.type };
}
