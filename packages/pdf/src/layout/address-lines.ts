import { countryName } from '@invoice/i18n';

/** The structured address parts of a party or ship_to (validated by the model; the country upper-cased). */
export interface AddressParts {
  street?: string;
  postal_code?: string;
  city?: string;
  state?: string;
  country?: string;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Whether `text` already holds `part` as whole words (`NY` in `New York, NY 10001`, not `de` in `Delft`). */
function mentions(text: string, part: string, caseSensitive = false): boolean {
  const t = caseSensitive ? squash(text) : squash(text).toLocaleLowerCase();
  const p = caseSensitive ? squash(part) : squash(part).toLocaleLowerCase();
  for (let i = t.indexOf(p); i >= 0; i = t.indexOf(p, i + 1))
    if (!isWordChar(t[i - 1]) && !isWordChar(t[i + p.length])) return true;
  return false;
}

const given = (s: string | undefined): string | undefined =>
  s !== undefined && s.trim() !== '' ? s.trim() : undefined;

/**
 * The printed address: the client's free-text lines as given, then the structured parts in postal order,
 * each on its line: street; postal code and city; state; the country's name in the invoice language.
 * A part the free text already shows is not repeated, so a client may send both.
 */
export function addressLines(freeLines: string[], parts: AddressParts, language: string): string[] {
  const text = freeLines.join('\n');
  const fresh = (s: string | undefined) => (s !== undefined && !mentions(text, s) ? s : undefined);
  const lines = [...freeLines];
  const street = fresh(given(parts.street));
  if (street) lines.push(street);
  const town = [fresh(given(parts.postal_code)), fresh(given(parts.city))].filter((s) => s !== undefined).join(' ');
  if (town) lines.push(town);
  const state = fresh(given(parts.state));
  if (state) lines.push(state);
  const code = given(parts.country);
  if (code) {
    const name = countryName(code, language);
    if (!mentions(text, name) && !mentions(text, countryName(code, 'en')) && !mentions(text, code, true))
      lines.push(name);
  }
  return lines;
}
