/**
 * Every active ISO 4217 currency with its minor units, from ISO 4217 List One as published by the maintenance
 * agency (SIX) on 2026-01-01, i.e. with the amendments up to that date: Bulgaria's BGN gone with the euro, XCG for
 * ANG, ZWG for ZWL, SLE for SLL (decision C-ISO).
 *
 * Left out on purpose, although List One carries them, because no business invoices in them:
 * - funds and indexed units (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW): units of account for a domestic
 *   market, two of them with 4 minor units that no amount field should carry;
 * - supranational units of account (XAD, XDR, XSU, XUA) and the bond market units (XBA, XBB, XBC, XBD);
 * - precious metals (XAG, XAU, XPD, XPT), the testing code XTS and "no currency" XXX: their minor units are
 *   "N.A.", so D1 could not round them.
 * A code outside this table stays `invalid_currency`.
 */

/** The currencies with 3 minor units (fils, baisa, millimes): the Gulf, Jordan, Iraq, Libya and Tunisia. */
const THREE_MINOR_UNITS = ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'] as const;

/** The currencies without minor units: whole yen, won, krónur, francs CFA… */
const NO_MINOR_UNITS = [
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
] as const;

/** Every other active currency: 2 minor units. */
const TWO_MINOR_UNITS = [
  ...['AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BMD', 'BND', 'BOB'],
  ...['BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CNY', 'COP', 'CRC', 'CUP', 'CVE', 'CZK'],
  ...['DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP', 'GMD', 'GTQ'],
  ...['GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IRR', 'JMD', 'KES', 'KGS', 'KHR', 'KPW', 'KYD'],
  ...['KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR'],
  ...['MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD', 'PAB', 'PEN', 'PGK', 'PHP'],
  ...['PKR', 'PLN', 'QAR', 'RON', 'RSD', 'RUB', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS'],
  ...['SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH'],
  ...['USD', 'UYU', 'UZS', 'VED', 'VES', 'WST', 'XCD', 'XCG', 'YER', 'ZAR', 'ZMW', 'ZWG'],
] as const;

export type IsoCurrencyCode =
  | (typeof THREE_MINOR_UNITS)[number]
  | (typeof NO_MINOR_UNITS)[number]
  | (typeof TWO_MINOR_UNITS)[number];

/** Code → minor units (0, 2 or 3), in alphabetical order of code. */
export const ISO_4217_MINOR_UNITS = Object.fromEntries(
  [
    ...THREE_MINOR_UNITS.map((c) => [c, 3] as const),
    ...NO_MINOR_UNITS.map((c) => [c, 0] as const),
    ...TWO_MINOR_UNITS.map((c) => [c, 2] as const),
  ].sort(([a], [b]) => (a < b ? -1 : 1)),
) as Readonly<Record<IsoCurrencyCode, 0 | 2 | 3>>;
