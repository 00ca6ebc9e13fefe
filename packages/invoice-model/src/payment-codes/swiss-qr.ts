/**
 * The Swiss QR-bill's "Swiss Payments Code" (SIX Implementation Guidelines QR-bill 2.3, in force
 * since 22 November 2025, §4): header `SPC` / `0200` / `1`, the creditor account, the creditor as a
 * structured address (type `S`; 2.3 dropped the combined type `K`), seven empty lines for the
 * ultimate creditor (reserved), amount and currency, the debtor, the reference, the unstructured
 * message and the trailer `EPD`. Lines are joined by LF (CR+LF is allowed too; LF is what the
 * reference implementations write), no line break after the last element; encoded at error
 * correction level M.
 */
import type Decimal from 'decimal.js';

/** §4.2.1: the whole payload, in characters. */
export const SWISS_MAX_CHARS = 997;
/** §4.3.3: the amount runs from 0.01 to 999999999.99. */
const SWISS_MAX_AMOUNT = 999_999_999.99;
/** §4.3.3: the two currencies a QR-bill knows. */
export const SWISS_CURRENCIES = ['CHF', 'EUR'] as const;
/** §4.3.2 field lengths of a structured address and of the message. */
export const SWISS_MAX = { name: 70, street: 70, postalCode: 16, city: 35, message: 140 } as const;

/** Null when the balance fits §4.3.3 (0.01 to 999999999.99), else the message of its 400. */
export function swissAmountProblem(amount: Decimal): string | null {
  return amount.gt(SWISS_MAX_AMOUNT) ? 'type swiss carries at most 999999999.99' : null;
}

export interface SwissAddress {
  name: string;
  /** Street, or street and number: 2.3 allows the building number in the street field. */
  street?: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export type SwissReferenceType = 'QRR' | 'SCOR' | 'NON';

export interface SwissQrFields {
  /** Compact IBAN of CH or LI, already checked. */
  iban: string;
  creditor: SwissAddress;
  /** With two decimals, e.g. `119.00`. */
  amount: string;
  currency: (typeof SWISS_CURRENCIES)[number];
  /** Absent when `to` has no complete structured address: the payer writes it in by hand. */
  debtor?: SwissAddress;
  referenceType: SwissReferenceType;
  /** Compact QR or RF reference; absent with `NON`. */
  reference?: string;
  /** The unstructured message (the invoice number). */
  message: string;
}

/**
 * §4.1.1 and the Swiss Payment Standards' character set: Basic Latin (printable), Latin-1 Supplement,
 * Latin Extended-A, Ș ș Ț ț and the euro sign. Anything else is not carried (see swissTextProblem).
 */
const SWISS_CHARSET = /^[\u0020-\u007e\u00a0-\u017f\u0218-\u021b\u20ac]*$/;

/** The text in the composed form the character set lists (a decomposed `é` is two characters outside it). */
export function swissText(text: string): string {
  // a line break inside a field would shift every later field: control characters become spaces
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  const flat = text.normalize('NFC').replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return flat.trim();
}

/** Null when the text can be carried as it is, else the message of its 400 (first character outside the set). */
export function swissTextProblem(text: string): string | null {
  const t = swissText(text);
  if (SWISS_CHARSET.test(t)) return null;
  const bad = [...t].find((ch) => !SWISS_CHARSET.test(ch)) ?? '';
  const code = bad.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0');
  return `contains "${bad}" (U+${code}), outside the Latin character set of a Swiss QR-bill (SIX IG 2.3 §4.1.1)`;
}

function address(a: SwissAddress | undefined): string[] {
  if (!a) return ['', '', '', '', '', '', ''];
  // building number left empty: the street field carries it (the request has one street field)
  return ['S', swissText(a.name), swissText(a.street ?? ''), '', swissText(a.postalCode), swissText(a.city), a.country];
}

export function buildSwissQrPayload(f: SwissQrFields): string {
  return [
    'SPC',
    '0200',
    '1', // coding type 1: UTF-8 restricted to the Latin character set
    f.iban,
    ...address(f.creditor),
    ...['', '', '', '', '', '', ''], // ultimate creditor: reserved for future use, must stay empty
    f.amount,
    f.currency,
    ...address(f.debtor),
    f.referenceType,
    f.reference ?? '',
    swissText(f.message),
    'EPD',
  ].join('\n');
}
