import { ISO_4217_MINOR_UNITS, type IsoCurrencyCode } from './iso-4217-currencies.ts';

/**
 * The currencies a request may name and their minor units (D1): every active ISO 4217 code (decision C-ISO, a
 * deviation from the spec's 21). The one table every rounding reads.
 */
export const CURRENCY_MINOR_UNITS: Readonly<Record<IsoCurrencyCode, number>> = ISO_4217_MINOR_UNITS;

export type CurrencyCode = IsoCurrencyCode;

/**
 * The spec's 21 currencies, in its order. They stay first in every list the service shows (OpenAPI enum,
 * list_options, the playground), and the legacy interface keeps to them (L3: its clients know no other); the
 * pinned EN 16931 corpora are built over them, so their documents stay byte for byte as before.
 */
export const SPEC_CURRENCY_CODES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CAD',
  'AUD',
  'CHF',
  'CNY',
  'INR',
  'AED',
  'SAR',
  'SGD',
  'NZD',
  'KRW',
  'BRL',
  'MXN',
  'ZAR',
  'SEK',
  'NOK',
  'DKK',
  'RUB',
] as const satisfies readonly CurrencyCode[];

/** The spec's 21 first, then every other ISO 4217 code in alphabetical order. */
export const CURRENCY_CODES = [
  ...SPEC_CURRENCY_CODES,
  ...(Object.keys(CURRENCY_MINOR_UNITS) as CurrencyCode[]).filter(
    (c) => !(SPEC_CURRENCY_CODES as readonly string[]).includes(c),
  ),
] as [CurrencyCode, ...CurrencyCode[]];

export function minorUnits(currency: CurrencyCode): number {
  return CURRENCY_MINOR_UNITS[currency];
}
