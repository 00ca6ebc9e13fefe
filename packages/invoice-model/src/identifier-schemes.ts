// The identifier schemes an e-invoice names a party by (issue 22): the Electronic Address Schemes of BT-34 /
// BT-49 (EAS) and the ISO 6523 schemes of a legal registration id, BT-30-1 / BT-47-1 (ICD). Each profile
// accepts its own list (decision E5): Peppol BIS 3.0.21 its EAS list (PEPPOL-EN16931-CL008, no `EM`), XRechnung
// 3.0.2 the CEN 1.3.15 list its validator runs (with `EM`, without 0242/0245/0246/0248), EN 16931 the union.

/** The EAS codes both Peppol (3.0.21) and CEN EN16931 1.3.15 accept. */
// biome-ignore format: a code table
const EAS_COMMON = [
  '0002', '0007', '0009', '0060', '0088', '0096', '0097', '0106', '0130', '0135', '0142', '0151', '0183', '0184',
  '0188', '0190', '0191', '0192', '0195', '0196', '0198', '0199', '0200', '0201', '0204', '0208', '0209', '0210',
  '0211', '0216', '0218', '0221', '0225', '0230', '0235', '0240', '0244', '9910', '9913', '9914', '9915', '9918',
  '9919', '9920', '9922', '9923', '9924', '9925', '9926', '9927', '9928', '9929', '9930', '9931', '9932', '9933',
  '9934', '9935', '9936', '9937', '9938', '9939', '9940', '9941', '9942', '9943', '9944', '9945', '9946', '9947',
  '9948', '9949', '9950', '9951', '9952', '9953', '9957', '9959',
] as const;
/** Peppol accepts these, CEN 1.3.15 (XRechnung's validator) does not yet. */
const EAS_PEPPOL_ONLY = ['0242', '0245', '0246', '0248'] as const;
/** CEN 1.3.15 accepts these (`EM`: an e-mail address), Peppol does not: no Peppol participant is named so. */
// biome-ignore format: a code table
const EAS_CEN_ONLY = [
  '0037', '0147', '0154', '0158', '0170', '0177', '0193', '0194', '0202', '0203', '0205', '0212', '0213', '0215',
  '0217', '0219', '0220', 'AN', 'AQ', 'AS', 'AU', 'EM',
] as const;

export const EAS_CODES: readonly string[] = [...EAS_COMMON, ...EAS_PEPPOL_ONLY, ...EAS_CEN_ONLY].sort();
export const PEPPOL_EAS_CODES: ReadonlySet<string> = new Set([...EAS_COMMON, ...EAS_PEPPOL_ONLY]);
export const XRECHNUNG_EAS_CODES: ReadonlySet<string> = new Set([...EAS_COMMON, ...EAS_CEN_ONLY]);

/** ISO 6523 ICD codes of CEN 1.3.16 (BR-CL-11): 0002–0248 but these; 1.3.15 (XRechnung) ends at 0244. */
const ICD_GAPS = new Set([92, 103, 181, 182]);
export const ICD_CODES: readonly string[] = Array.from({ length: 247 }, (_, i) => i + 2)
  .filter((n) => !ICD_GAPS.has(n))
  .map((n) => String(n).padStart(4, '0'));
export const XRECHNUNG_ICD_CODES: ReadonlySet<string> = new Set(ICD_CODES.filter((c) => c <= '0244'));

const digits = (s: string) => [...s].map(Number);

/** Belgian enterprise number (0208, PEPPOL-COMMON-R043): 10 digits, 97 − (first 8 mod 97) = last 2. */
function belgianEnterprise(id: string): boolean {
  return /^[0-9]{10}$/.test(id) && 97 - (Number(id.slice(0, 8)) % 97) === Number(id.slice(8));
}

/** Norwegian organisation number (0192, PEPPOL-COMMON-R041): 9 digits, mod 11 with weights 3 2 7 6 5 4 3 2. */
export function norwegianOrganisation(id: string): boolean {
  if (!/^[0-9]{9}$/.test(id) || Number(id) === 0) return false;
  const d = digits(id);
  const sum = [3, 2, 7, 6, 5, 4, 3, 2].reduce((s, w, i) => s + w * d[i], 0);
  return (11 - (sum % 11)) % 11 === d[8];
}

/** GLN (0088, PEPPOL-COMMON-R040): digits, GS1 mod 10 from the right (weights 3, 1, 3…). */
function gln(id: string): boolean {
  if (!/^[0-9]{2,}$/.test(id)) return false;
  const d = digits(id);
  const check = d.pop()!;
  const sum = d.reverse().reduce((s, x, i) => s + x * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** Luhn over all but the last digit, whose check is the last. */
function luhnCheck(d: number[]): boolean {
  const check = d[d.length - 1];
  const sum = d
    .slice(0, -1)
    .reverse()
    .reduce((s, x, i) => s + (i % 2 === 0 ? (x * 2 > 9 ? x * 2 - 9 : x * 2) : x), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** Swedish organisation number (0007, PEPPOL-COMMON-R049, SE-R-013): 10 digits, Luhn. */
export function swedishOrganisation(id: string): boolean {
  return /^[0-9]{10}$/.test(id) && luhnCheck(digits(id));
}

/** Australian Business Number (0151, PEPPOL-COMMON-R050): 11 digits, weighted sum mod 89 = 0. */
function abn(id: string): boolean {
  if (!/^[0-9]{11}$/.test(id)) return false;
  const d = digits(id);
  d[0] -= 1;
  const sum = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19].reduce((s, w, i) => s + w * d[i], 0);
  return sum % 89 === 0;
}

/**
 * Greek TIN (9933, GR-R-009/010): 9 digits, Σ d_i × 2^(9−i) mod 11 mod 10 = d9. The rules test it on Greek
 * sellers' (and their Greek buyers') endpoints; the door checks every 9933 id (E9).
 */
export function greekTin(id: string): boolean {
  if (!/^[0-9]{9}$/.test(id)) return false;
  const d = digits(id);
  const sum = d.slice(0, 8).reduce((s, x, i) => s + x * 2 ** (8 - i), 0);
  return (sum % 11) % 10 === d[8];
}

/**
 * The format and check digit a scheme's fatal validator rule demands, worded for the 400 (null: nothing to
 * check, or fine). Only what a fatal rule checks is refused (decision E9): a registry check digit no validator
 * tests (Danish CVR, the German VAT id, the Leitweg-ID) would make the door stricter than the receiver.
 */
export function identifierProblem(scheme: string, id: string): string | null {
  switch (scheme) {
    case '0208':
      return belgianEnterprise(id) ? null : 'must be a Belgian enterprise number: 10 digits with a valid mod 97 check';
    case '0192':
      return norwegianOrganisation(id)
        ? null
        : 'must be a Norwegian organisation number: 9 digits with a valid mod 11 check';
    case '0088':
      return gln(id) ? null : 'must be a GLN: digits with a valid GS1 check digit';
    case '0007':
      return swedishOrganisation(id)
        ? null
        : 'must be a Swedish organisation number: 10 digits with a valid Luhn check';
    case '0151':
      return abn(id) ? null : 'must be an Australian Business Number: 11 digits with a valid mod 89 check';
    case '9933':
      return greekTin(id) ? null : 'must be a Greek TIN: 9 digits with a valid check digit';
    case '0184':
      return /^(DK)?[0-9]{8}$/.test(id) ? null : 'must be a Danish CVR number: 8 digits, optionally after DK';
    case '0096':
      return /^[0-9]{10}$/.test(id) ? null : 'must be a Danish P-number: 10 digits';
    case '0198':
      return /^DK[0-9]{8}$/.test(id) ? null : 'must be a Danish SE number: DK and 8 digits';
    default:
      return null;
  }
}
