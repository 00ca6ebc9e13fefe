import { compactCode, mod97, rearranged } from './mod-97.ts';

/**
 * The countries and territories of the SEPA scheme (EPC409-09, the list of 2025): the IBANs a SEPA
 * credit transfer can reach. The code is the IBAN's own prefix: the French overseas departments and
 * the Crown dependencies have ISO codes of their own but French (FR…) and British (GB…) IBANs.
 */
// biome-ignore format: a code table
const SEPA_COUNTRIES = new Set([
  'AD', 'AT', 'BE', 'BG', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'GI', 'GR', 'HR', 'HU', 'IE',
  'IS', 'IT', 'LI', 'LT', 'LU', 'LV', 'MC', 'MD', 'ME', 'MK', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'RS', 'SE', 'SI',
  'SK', 'SM', 'VA', 'AL',
]);

/** The IBAN as written in a payload: no spaces, upper case. */
export const compactIban = compactCode;

/**
 * ISO 13616: country code, two check digits, a BBAN of up to 30 letters and digits, and the whole
 * rearranged number ≡ 1 (mod 97). Null when valid, else what is wrong (for a validation message).
 */
export function ibanProblem(text: string): string | null {
  const iban = compactIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban))
    return 'must be an IBAN: a country code, 2 check digits and 11 to 30 letters or digits (spaces allowed)';
  if (mod97(rearranged(iban)) !== 1) return 'has a wrong check digit (ISO 13616 mod 97)';
  return null;
}

/** An IBAN a SEPA credit transfer can pay to (EPC069-12 carries SCT only). */
export function sepaIbanProblem(text: string): string | null {
  const problem = ibanProblem(text);
  if (problem) return problem;
  const country = compactIban(text).slice(0, 2);
  return SEPA_COUNTRIES.has(country) ? null : `must be an IBAN of a SEPA country (${country} is not one)`;
}
