import { type Digits, intlLocale } from './languages.ts';

/**
 * Money, quantity and percentage formatting per language with Intl. Values arrive as decimal
 * strings (or anything with an exact `toFixed`, such as a decimal.js Decimal) and are handed to
 * Intl as strings, which Intl.NumberFormat formats exactly: no binary float ever touches money.
 * Every formatter takes the numbering system last (`arab` for the legacy `ar-e`, D11); with
 * `arab` Intl also writes the Arabic separators (٫ decimal, ٬ grouping, ٪ percent), as ar-e readers expect.
 */
export interface DecimalLike {
  toFixed(decimals: number): string;
}

// Intl inserts bidi marks (U+200E/U+200F/U+061C) around Arabic numbers; the PDF text engine
// lays out direction itself, and the marks have no glyphs in the fonts.
const BIDI_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

export function stripBidiMarks(text: string): string {
  return text.replace(BIDI_MARKS, '');
}

const cache = new Map<string, Intl.NumberFormat>();

// The key names language and digits together: an `ar` formatter must never serve `ar-e`.
function formatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let f = cache.get(key);
  if (!f) cache.set(key, (f = make()));
  return f;
}

function asString(value: DecimalLike | string, decimals?: number): string {
  if (typeof value === 'string') return value;
  return decimals === undefined ? String(value) : value.toFixed(decimals);
}

// Intl.NumberFormat.format accepts exact decimal strings (ECMA-402 NumberFormat v3); the type
// declarations of older libs only list number | bigint.
function formatExact(f: Intl.NumberFormat, value: string): string {
  return stripBidiMarks(f.format(value as unknown as number));
}

/**
 * Money in the currency's ISO 4217 minor units (D1: 0 for JPY or ISK, 3 for KWD or OMR, whatever CLDR's own
 * display digits say), with the currency symbol and its placement as the language writes it (`€1,234.50`,
 * `1.234,50 €`, `1,234.500 د.ك.`). `display: 'code'` writes the ISO code instead of the symbol (`THB 1,234.50`),
 * for a renderer whose fonts lack the symbol.
 */
export function formatMoney(
  value: DecimalLike | string,
  currency: string,
  minorUnits: number,
  language: string,
  digits: Digits = 'latn',
  display: 'symbol' | 'code' = 'symbol',
): string {
  const f = formatter(
    `m|${language}|${digits}|${currency}|${minorUnits}|${display}`,
    () =>
      new Intl.NumberFormat(intlLocale(language, digits), {
        style: 'currency',
        currency,
        currencyDisplay: display,
        minimumFractionDigits: minorUnits,
        maximumFractionDigits: minorUnits,
      }),
  );
  return formatExact(f, asString(value, minorUnits));
}

/** A plain amount in minor units without the currency symbol, for dense table columns. */
export function formatAmount(
  value: DecimalLike | string,
  minorUnits: number,
  language: string,
  digits: Digits = 'latn',
): string {
  const f = formatter(
    `a|${language}|${digits}|${minorUnits}`,
    () =>
      new Intl.NumberFormat(intlLocale(language, digits), {
        minimumFractionDigits: minorUnits,
        maximumFractionDigits: minorUnits,
      }),
  );
  return formatExact(f, asString(value, minorUnits));
}

/** Quantities keep up to the six decimals the input allows (D1), without trailing zeros. */
export function formatQuantity(value: DecimalLike | string, language: string, digits: Digits = 'latn'): string {
  const f = formatter(
    `q|${language}|${digits}`,
    () => new Intl.NumberFormat(intlLocale(language, digits), { maximumFractionDigits: 6 }),
  );
  return formatExact(f, asString(value, 6));
}

/** A percentage given in percent units (`20` → `20%`, `20 %` in French or German). */
export function formatPercent(rate: DecimalLike | string, language: string, digits: Digits = 'latn'): string {
  const f = formatter(
    `p|${language}|${digits}`,
    () => new Intl.NumberFormat(intlLocale(language, digits), { style: 'percent', maximumFractionDigits: 6 }),
  );
  // `${rate}e-2` shifts the decimal point in the string itself: exact, no division.
  return formatExact(f, `${asString(rate, 6)}e-2`);
}

/**
 * A count such as a page number, ungrouped (`Page 1000`, never `Page 1,000`): only the digits
 * follow the numbering system.
 */
export function formatCount(value: number, language: string, digits: Digits = 'latn'): string {
  const f = formatter(
    `c|${language}|${digits}`,
    () => new Intl.NumberFormat(intlLocale(language, digits), { useGrouping: false, maximumFractionDigits: 0 }),
  );
  return formatExact(f, String(value));
}
