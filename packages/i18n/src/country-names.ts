import { intlLocale } from './languages.ts';

const cache = new Map<string, Intl.DisplayNames | null>();

function displayNames(language: string): Intl.DisplayNames | null {
  let names = cache.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([intlLocale(language)], { type: 'region', fallback: 'code' });
    } catch {
      names = null; // a runtime without Intl.DisplayNames: the code is printed instead
    }
    cache.set(language, names);
  }
  return names;
}

/** The name of an ISO 3166-1 alpha-2 country in the invoice language (`NL` → `Niederlande`); the code when there is none. */
export function countryName(code: string, language: string): string {
  try {
    return displayNames(language)?.of(code) ?? code;
  } catch {
    return code;
  }
}
