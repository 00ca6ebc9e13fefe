import type Decimal from 'decimal.js';
import { type CurrencyCode, minorUnits, moneyToString } from './model-imports.ts';

/** Fixed-point text for the schema's decimals: never a binary float, never an exponent. */

/** An amount with the currency's minor units (BR-DEC: at most 2 decimals; JPY and KRW have none). */
export function amountText(value: Decimal, currency: CurrencyCode): string {
  return moneyToString(value, currency);
}

/** A unit price keeps every decimal it has (BT-146 is not limited), but at least the currency's minor units. */
export function priceText(value: Decimal, currency: CurrencyCode): string {
  return value.toFixed(Math.max(minorUnits(currency), value.decimalPlaces()));
}

/** Quantities and percentages as exact decimals without trailing zeros. */
export function decimalText(value: Decimal): string {
  return value.toFixed();
}
