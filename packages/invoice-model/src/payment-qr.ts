/** Payment QR types and the value checks of D12. */
export const QR_TYPES = ['upi', 'pix', 'sepa', 'promptpay', 'url', 'text'] as const;
export type QrType = (typeof QR_TYPES)[number];

/** CRC-16/CCITT-FALSE, as EMV merchant-presented payloads (PIX, PromptPay) use in field 63. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  const bytes = new TextEncoder().encode(text);
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

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
export function checkQrValue(type: QrType, value: string): string | null {
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
