import { crc16Ccitt } from './payment-codes/crc16.ts';

/** Payment QR types and the value checks of D12. */
export const QR_TYPES = ['upi', 'pix', 'sepa', 'promptpay', 'url', 'text', 'zatca', 'swiss'] as const;
export type QrType = (typeof QR_TYPES)[number];

/** The types the service builds from the invoice when `value` is absent (issue 23). */
export const BUILT_QR_TYPES = ['sepa', 'upi', 'pix', 'zatca', 'swiss'] as const;
export type BuiltQrType = (typeof BUILT_QR_TYPES)[number];
/** The types whose payload asks for money: drawn only while something is due (issue 23, Q2). */
export const AMOUNT_QR_TYPES: readonly QrType[] = ['sepa', 'upi', 'pix', 'promptpay', 'swiss'];
/** The types the service always builds: a client's `value` is a conflict (zatca: Q1; swiss: the payment part is drawn from the fields). */
export const ALWAYS_BUILT_QR_TYPES: readonly QrType[] = ['zatca', 'swiss'];

export function isBuiltQrType(type: QrType): type is BuiltQrType {
  return (BUILT_QR_TYPES as readonly string[]).includes(type);
}

export { crc16Ccitt };

function checkEmv(value: string): string | null {
  if (!value.startsWith('000201')) return 'must be an EMV merchant-presented payload starting with 000201';
  const crcAt = value.lastIndexOf('6304');
  if (crcAt < 0 || crcAt !== value.length - 8) return 'must end with the CRC field 63 (6304 followed by 4 hex digits)';
  const expected = crc16Ccitt(value.slice(0, crcAt + 4));
  if (value.slice(crcAt + 4).toUpperCase() !== expected)
    return `has an invalid CRC-16 in field 63 (expected ${expected})`;
  return null;
}

/** Returns null when the value fits its type, else the rule it breaks (for a validation_error message). */
export function checkQrValue(type: Exclude<QrType, 'zatca' | 'swiss'>, value: string): string | null {
  if (value.length === 0) return 'must not be empty';
  switch (type) {
    case 'upi':
      return /^upi:\/\/pay\?/i.test(value) && /[?&]pa=[^&]+/.test(value)
        ? null
        : 'must be a upi://pay? URI with a pa= parameter';
    case 'pix':
    case 'promptpay':
      return checkEmv(value);
    case 'sepa':
      return /^BCD\r?\n/.test(value) ? null : 'must be an EPC069-12 payload starting with BCD and a newline';
    case 'url':
      try {
        const u = new URL(value);
        return u.protocol === 'http:' || u.protocol === 'https:' ? null : 'must be an http(s) URL';
      } catch {
        return 'must be an http(s) URL';
      }
    case 'text':
      return null;
  }
}
