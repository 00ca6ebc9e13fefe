import { stripBidiMarks } from './format-numbers.ts';
import { intlLocale } from './languages.ts';

const cache = new Map<string, Intl.DateTimeFormat>();

/**
 * A YYYY-MM-DD calendar date (D13) written the way the language writes dates on documents
 * (`March 7, 2025`, `7. März 2025`, `2025年3月7日`). Computed in UTC so the day never shifts.
 */
export function formatDate(isoDate: string, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return isoDate;
  let f = cache.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(language), {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    cache.set(language, f);
  }
  return stripBidiMarks(f.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))));
}
