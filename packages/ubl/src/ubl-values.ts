import type Decimal from 'decimal.js';
import { type CurrencyCode, minorUnits, moneyToString } from './model-imports.ts';

/** Fixed-point text for the schema's decimals: never a binary float, never an exponent. */

/**
 * An amount with the currency's minor units, as the JSON has it (D1): 2, none for JPY/KRW/ISK…, 3 for KWD/BHD/OMR…
 * EN 16931's BR-DEC rules allow at most 2, so a 3-decimal currency's document reports them (decision C-ISO).
 */
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
