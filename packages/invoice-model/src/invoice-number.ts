/** RFC 4648 base32 alphabet (D13). */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * `INV-` + UTC date `YYYYMMDD` + `-` + 6 base32 characters (D13). The caller supplies the randomness
 * (at least 6 bytes; the low 5 bits of each of the first 6 are used, uniform since 256 is a multiple of 32).
 */
export function generateInvoiceNumber(todayUtc: string, randomBytes: Uint8Array): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(todayUtc)) throw new RangeError(`todayUtc must be YYYY-MM-DD, got ${todayUtc}`);
  if (randomBytes.length < 6) throw new RangeError('generateInvoiceNumber needs at least 6 random bytes');
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += BASE32[randomBytes[i] & 31];
  return `INV-${todayUtc.replaceAll('-', '')}-${suffix}`;
}

export const INVOICE_NUMBER_PATTERN = /^INV-\d{8}-[A-Z2-7]{6}$/;
