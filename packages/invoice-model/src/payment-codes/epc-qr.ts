/**
 * The EPC069-12 "SEPA credit transfer" QR payload (the GiroCode), version 002: twelve lines joined
 * by LF, trailing empty lines dropped, at most 331 bytes; encoded at error correction level M.
 */

/** The EPC's own limit on the whole payload, in UTF-8 bytes. */
export const EPC_MAX_BYTES = 331;
/** The beneficiary name field (line 6). */
export const EPC_MAX_NAME = 70;
/** The unstructured remittance field (line 11). */
export const EPC_MAX_REMITTANCE = 140;

export interface EpcFields {
  /** BIC (8 or 11 characters); optional in version 002 inside the EEA. */
  bic?: string;
  name: string;
  /** Compact IBAN, already checked. */
  iban: string;
  /** The amount in euros with two decimals, e.g. `119.00` (0.01 to 999999999.99). */
  amount: string;
  /** A compact ISO 11649 creditor reference for the structured field, when there is one. */
  reference?: string;
  /** The unstructured remittance, used only without a structured reference (the two exclude each other). */
  remittance: string;
}

/** A line break inside a field would shift every later field: control characters become spaces. */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

export function buildEpcPayload(f: EpcFields): string {
  const lines = [
    'BCD',
    '002',
    '1', // character set 1: UTF-8
    'SCT',
    f.bic ?? '',
    oneLine(f.name),
    f.iban,
    `EUR${f.amount}`,
    '', // purpose code: none
    f.reference ?? '',
    f.reference ? '' : oneLine(f.remittance),
  ];
  while (lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
