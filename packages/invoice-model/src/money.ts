import Decimal from 'decimal.js';
import { type CurrencyCode, minorUnits } from './currencies.ts';

/**
 * The one decimal constructor for money, rates and quantities (D1). A private clone so that
 * no other user of decimal.js can change our precision or rounding mode.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Money = Decimal;

export function money(value: Decimal.Value): Decimal {
  return new Money(value);
}

export const ZERO = new Money(0);
export const HUNDRED = new Money(100);

/** Rounds half-up to the currency's minor units. */
export function roundMoney(value: Decimal, currency: CurrencyCode): Decimal {
  return value.toDecimalPlaces(minorUnits(currency), Decimal.ROUND_HALF_UP);
}

/** Money as a JSON number with exactly the currency's minor units (exact for every value in range). */
export function moneyToNumber(value: Decimal, currency: CurrencyCode): number {
  return Number(value.toFixed(minorUnits(currency)));
}

/** Money as a fixed-point string, for PDF and UBL, which must never see a binary float. */
export function moneyToString(value: Decimal, currency: CurrencyCode): string {
  return value.toFixed(minorUnits(currency));
}
