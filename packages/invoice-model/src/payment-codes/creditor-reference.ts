import { compactCode, mod97, rearranged } from './mod-97.ts';

/** The reference as written in a payload: no spaces, upper case. */
export const compactReference = compactCode;

/**
 * ISO 11649 creditor reference: `RF`, two check digits, 1 to 21 letters or digits, the rearranged
 * whole ≡ 1 (mod 97); spaces between groups are allowed in the request (as printed on paper).
 * Null when `payment.reference` is usable, else the message of its 400.
 */
export function referenceProblem(text: string): string | null {
  const ref = compactReference(text);
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(ref))
    return 'must be an ISO 11649 creditor reference: RF, 2 check digits and 1 to 21 letters or digits (spaces allowed)';
  return mod97(rearranged(ref)) === 1 ? null : 'has a wrong check digit (ISO 11649 mod 97)';
}
