import type Decimal from 'decimal.js';
import { InvoiceValidationError } from './invoice-errors.ts';
import type { InvoiceRequest, LineItem } from './invoice-request-schema.ts';
import { divRoundHalfUp, fromMinorUnits, numberToScaled, pow10, RATE_SCALE, scaledToDecimal } from './minor-amounts.ts';
import { money, ZERO } from './money.ts';

/** D1 steps 1–2 for one line, before any tax. */
export interface LineAmounts {
  quantity: Decimal;
  unit_price: Decimal;
  discount: Decimal;
  discount_type: 'percent' | 'amount';
  /** quantity × unit_price, exact. */
  gross: Decimal;
  /** What the line discount takes off, exact (gross × d/100, or d). */
  discount_amount: Decimal;
  /** round(gross − discount_amount) to the currency's minor units. */
  line_total: Decimal;
  /** line_total in minor units. */
  line_total_minor: bigint;
}

/** Inputs carry at most 6 decimals (D1), so quantity × unit_price is exact at 12. */
const INPUT_PLACES = 6;
const GROSS_PLACES = 12;
const HUNDRED_PERCENT = 100n * RATE_SCALE;

/**
 * Exact integer arithmetic (the hot path of every request): gross = q × p at 10^-12,
 * line_total = roundHalfUp(gross × (100 − d) / 100) or roundHalfUp(gross − d), in minor units.
 * Throws InvoiceValidationError when an amount discount exceeds the line gross (D1 inputs).
 */
export function computeLineAmounts(item: LineItem, index: number, mu: number): LineAmounts {
  const gross12 =
    numberToScaled(item.quantity, INPUT_PLACES, `items[${index}].quantity`)
    * numberToScaled(item.unit_price, INPUT_PLACES, `items[${index}].unit_price`);
  const toMinor = pow10(GROSS_PLACES - mu);
  const gross = scaledToDecimal(gross12, GROSS_PLACES);
  const d = item.discount ?? 0;
  let lineMinor: bigint;
  let discount_amount: Decimal;
  if (d === 0) {
    lineMinor = divRoundHalfUp(gross12, toMinor);
    discount_amount = ZERO;
  } else if (item.discount_type === 'amount') {
    const d12 = numberToScaled(d, INPUT_PLACES, `items[${index}].discount`) * pow10(GROSS_PLACES - INPUT_PLACES);
    if (d12 > gross12)
      throw new InvoiceValidationError(
        ['items', index, 'discount'],
        'exceeds',
        `must be at most the line gross ${gross.toString()} (quantity × unit_price) when discount_type is amount`,
      );
    lineMinor = divRoundHalfUp(gross12 - d12, toMinor);
    discount_amount = money(d);
  } else {
    const dRate = numberToScaled(d, INPUT_PLACES, `items[${index}].discount`); // percent at 10^-6
    lineMinor = divRoundHalfUp(gross12 * (HUNDRED_PERCENT - dRate), HUNDRED_PERCENT * toMinor);
    // gross × d / 100 at 10^-(12 + 6 + 2): exact.
    discount_amount = scaledToDecimal(gross12 * dRate, GROSS_PLACES + INPUT_PLACES + 2);
  }
  return {
    quantity: money(item.quantity),
    unit_price: money(item.unit_price),
    discount: d === 0 ? ZERO : money(d),
    discount_type: item.discount_type,
    gross,
    discount_amount,
    line_total: fromMinorUnits(lineMinor, mu),
    line_total_minor: lineMinor,
  };
}

/**
 * D1 step 3, in minor units: G = roundHalfUp(subtotal × g / 100) for percent, or g rounded half-up
 * to minor units for amount, which must not exceed the subtotal.
 */
export function computeGlobalDiscountMinor(
  req: Pick<InvoiceRequest, 'global_discount' | 'global_discount_type'>,
  subtotalMinor: bigint,
  mu: number,
): bigint {
  const g = req.global_discount;
  if (g === undefined || g === 0) return 0n;
  const g6 = numberToScaled(g, INPUT_PLACES, 'global_discount');
  if (req.global_discount_type === 'percent') return divRoundHalfUp(subtotalMinor * g6, HUNDRED_PERCENT);
  const amountMinor = divRoundHalfUp(g6, pow10(INPUT_PLACES - mu));
  if (amountMinor > subtotalMinor)
    throw new InvoiceValidationError(
      'global_discount',
      'exceeds',
      `must be at most the subtotal ${fromMinorUnits(subtotalMinor, mu).toFixed(mu)} when global_discount_type is amount`,
    );
  return amountMinor;
}

/** Shipping, deposit and amount_paid are rounded half-up to minor units before use (docs/calculation.md). */
export function roundedInputMinor(value: number | undefined, mu: number): bigint {
  return value === undefined || value === 0
    ? 0n
    : divRoundHalfUp(numberToScaled(value, INPUT_PLACES), pow10(INPUT_PLACES - mu));
}
