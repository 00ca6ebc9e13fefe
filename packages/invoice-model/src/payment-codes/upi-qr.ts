/**
 * The UPI deep link NPCI's "UPI Linking Specifications" define for a payee QR:
 * `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…`, each value percent-encoded (RFC 3986).
 */

/** A virtual payment address: a handle, `@`, the provider (NPCI's VPA syntax). */
export const UPI_ID_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;

/**
 * encodeURIComponent, but `@` stays as typed: RFC 3986 allows it in a query, and some UPI apps
 * compare `pa` literally with the handle they know (`shop@okbank`, never `shop%40okbank`).
 */
function encodeValue(text: string): string {
  return encodeURIComponent(text).replace(/%40/g, '@');
}

export interface UpiFields {
  upiId: string;
  payee: string;
  /** The amount in rupees with two decimals. */
  amount: string;
  /** The transaction note: the invoice number. */
  note: string;
}

export function buildUpiPayload(f: UpiFields): string {
  const params: [string, string][] = [
    ['pa', f.upiId],
    ['pn', f.payee],
    ['am', f.amount],
    ['cu', 'INR'],
    ['tn', f.note],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeValue(v)}`).join('&')}`;
}
