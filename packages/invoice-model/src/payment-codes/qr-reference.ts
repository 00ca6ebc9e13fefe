import { compactCode } from './mod-97.ts';

/**
 * The Swiss QR reference and the QR-IBAN (SIX Implementation Guidelines QR-bill 2.3, §4.3.2 and
 * annex B): a QR reference is 27 digits, the last one a modulo 10 recursive check digit; it may be
 * used only with a QR-IBAN, an IBAN of Switzerland or Liechtenstein whose institution identifier
 * (IID, positions 5–9) lies in 30000–31999, and a QR-IBAN takes no other kind of reference.
 */

/** The carry table of the modulo 10 recursive method (SIX IG 2.3 annex B; the ISR/ESR algorithm). */
const MOD10_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];

/** The check digit modulo 10 recursive over a string of digits. */
export function mod10Recursive(digits: string): number {
  let carry = 0;
  for (const d of digits) carry = MOD10_TABLE[(carry + Number(d)) % 10] ?? 0;
  return (10 - carry) % 10;
}

/** The reference as written in a payload: no spaces (a printed QR reference is grouped in fives). */
export const compactQrReference = compactCode;

/** A 27-digit text, whatever its check digit: the shape that says "this is meant as a QR reference". */
export function looksLikeQrReference(text: string): boolean {
  return /^\d{27}$/.test(compactQrReference(text));
}

/** Null when the text is a QR reference with a valid check digit, else the message of its 400. */
export function qrReferenceProblem(text: string): string | null {
  const ref = compactQrReference(text);
  if (!/^\d{27}$/.test(ref)) return 'must be a Swiss QR reference: 27 digits (spaces allowed)';
  if (ref === '0'.repeat(27)) return 'must not be all zeros (SIX IG 2.3: a QR reference of zeros is invalid)';
  return mod10Recursive(ref.slice(0, 26)) === Number(ref[26])
    ? null
    : 'has a wrong check digit (SIX IG 2.3 annex B, modulo 10 recursive)';
}

/** A compact, already checked IBAN of CH or LI whose IID is 30000–31999. */
export function isQrIban(compactIban: string): boolean {
  if (!/^(CH|LI)\d{2}\d{5}[A-Z0-9]{12}$/.test(compactIban)) return false;
  const iid = Number(compactIban.slice(4, 9));
  return iid >= 30000 && iid <= 31999;
}

/** Groups of five from the right for a person to read (SIX IG 2.3 §3.5.3 "Reference"): `21 00000 00003 …`. */
export function groupQrReference(compact: string): string {
  const head = compact.length % 5;
  const rest = compact.slice(head).replace(/(\d{5})(?=\d)/g, '$1 ');
  return head ? `${compact.slice(0, head)} ${rest}` : rest;
}
