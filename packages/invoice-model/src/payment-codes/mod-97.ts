/**
 * ISO 7064 MOD 97-10 as IBANs (ISO 13616) and creditor references (ISO 11649) use it: letters count
 * as 10–35, the number is reduced piecewise so that 34 characters never need a bigint.
 */
export function mod97(alnum: string): number {
  let rest = 0;
  for (const ch of alnum.toUpperCase()) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 && code <= 90 ? String(code - 55) : ch;
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/** Moves the first four characters (country or `RF` and the check digits) to the end, as both standards do. */
export function rearranged(compact: string): string {
  return compact.slice(4) + compact.slice(0, 4);
}

/** Removes the spaces a person types between groups, and upper-cases. */
export function compactCode(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** Groups of four for a person to read and type: `DE89 3704 0044 0532 0130 00`. */
export function groupInFours(compact: string): string {
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}
