import Decimal from 'decimal.js';
import { HUNDRED, ZERO, money } from './money.ts';
import { InvoiceValidationError } from './invoice-errors.ts';
import type { InvoiceRequest, LineItem } from './invoice-request-schema.ts';

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
}

/** Throws InvoiceValidationError when an amount discount exceeds the line gross (D1 inputs). */
export function computeLineAmounts(item: LineItem, index: number, mu: number): LineAmounts {
  const quantity = money(item.quantity);
  const unit_price = money(item.unit_price);
  const gross = quantity.times(unit_price);
  const discount = item.discount === undefined ? ZERO : money(item.discount);
  let discount_amount: Decimal;
  if (discount.isZero()) discount_amount = ZERO;
  else if (item.discount_type === 'amount') {
    if (discount.gt(gross))
      throw new InvoiceValidationError(
        `items[${index}].discount: must be at most the line gross ${gross.toString()} (quantity × unit_price) when discount_type is amount`,
      );
    discount_amount = discount;
  } else discount_amount = gross.times(discount).dividedBy(HUNDRED);
  const line_total = gross.minus(discount_amount).toDecimalPlaces(mu, Decimal.ROUND_HALF_UP);
  return { quantity, unit_price, discount, discount_type: item.discount_type, gross, discount_amount, line_total };
}

/**
 * D1 step 3: G = round(subtotal × g/100) for percent, or g rounded to minor units for amount,
 * which must not exceed the subtotal.
 */
export function computeGlobalDiscount(
  req: Pick<InvoiceRequest, 'global_discount' | 'global_discount_type'>,
  subtotal: Decimal,
  mu: number,
): Decimal {
  if (req.global_discount === undefined || req.global_discount === 0) return ZERO;
  const g = money(req.global_discount);
  if (req.global_discount_type === 'percent')
    return subtotal.times(g).dividedBy(HUNDRED).toDecimalPlaces(mu, Decimal.ROUND_HALF_UP);
  const amount = g.toDecimalPlaces(mu, Decimal.ROUND_HALF_UP);
  if (amount.gt(subtotal))
    throw new InvoiceValidationError(
      `global_discount: must be at most the subtotal ${subtotal.toFixed(mu)} when global_discount_type is amount`,
    );
  return amount;
}

/** Shipping, deposit and amount_paid are rounded to minor units before use (see docs/calculation.md). */
export function roundedInputAmount(value: number | undefined, mu: number): Decimal {
  return value === undefined ? ZERO : money(value).toDecimalPlaces(mu, Decimal.ROUND_HALF_UP);
}
