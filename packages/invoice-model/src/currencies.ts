/** The 21 supported ISO 4217 codes with their minor units (D1): the one table every rounding reads. */
export const CURRENCY_MINOR_UNITS = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  JPY: 0,
  CAD: 2,
  AUD: 2,
  CHF: 2,
  CNY: 2,
  INR: 2,
  AED: 2,
  SAR: 2,
  SGD: 2,
  NZD: 2,
  KRW: 0,
  BRL: 2,
  MXN: 2,
  ZAR: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  RUB: 2,
} as const;

export type CurrencyCode = keyof typeof CURRENCY_MINOR_UNITS;
export const CURRENCY_CODES = Object.keys(CURRENCY_MINOR_UNITS) as [CurrencyCode, ...CurrencyCode[]];

export function minorUnits(currency: CurrencyCode): number {
  return CURRENCY_MINOR_UNITS[currency];
}
