/**
 * The QR code of a ZATCA phase-1 ("generation") simplified tax invoice: base64 of five TLV fields,
 * each one tag byte, one length byte (UTF-8 bytes of the value) and the value.
 */

/** A Saudi VAT registration number: 15 digits, the first and the last a 3. */
export const SAUDI_VAT_PATTERN = /^3\d{13}3$/;
/** One length byte per field. */
export const ZATCA_MAX_FIELD_BYTES = 255;

export interface ZatcaFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601 date and time of issue; the caller owns the clock (build-payment-code.ts). */
  timestamp: string;
  /** Total with VAT, two decimals. */
  total: string;
  /** VAT total, two decimals. */
  vatTotal: string;
}

export function buildZatcaPayload(f: ZatcaFields): string {
  const encoder = new TextEncoder();
  const bytes: number[] = [];
  [f.sellerName, f.vatNumber, f.timestamp, f.total, f.vatTotal].forEach((value, i) => {
    const data = encoder.encode(value);
    if (data.length > ZATCA_MAX_FIELD_BYTES) throw new RangeError(`ZATCA TLV field ${i + 1} exceeds 255 bytes`);
    bytes.push(i + 1, data.length, ...data);
  });
  return base64(bytes);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** RFC 4648 base64 with padding; written out because the package declares no runtime globals (btoa). */
function base64(bytes: number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63] : '=';
  }
  return out;
}
