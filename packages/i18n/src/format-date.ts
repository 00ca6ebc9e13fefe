import { stripBidiMarks } from './format-numbers.ts';
import { type Digits, intlLocale } from './languages.ts';

const cache = new Map<string, Intl.DateTimeFormat>();

/**
 * A YYYY-MM-DD calendar date (D13) written the way the language writes dates on documents
 * (`March 7, 2025`, `7. März 2025`, `2025年3月7日`). Computed in UTC so the day never shifts.
 * `digits` picks the numbering system of the day and year (`arab` for the legacy `ar-e`, D11).
 */
export function formatDate(isoDate: string, language: string, digits: Digits = 'latn'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return isoDate;
  const key = `${language}|${digits}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(language, digits), {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    cache.set(key, f);
  }
  return stripBidiMarks(f.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))));
}
