import Decimal from 'decimal.js';
import { type CalculatedLine, type CurrencyCode, HUNDRED, money, roundMoney, ZERO } from './model-imports.ts';
import type { UblTaxCategory } from './tax-category.ts';

/** Decimal places of a net unit price derived from a tax-inclusive one (BT-146 has no decimal limit). */
const NET_PRICE_PLACES = 10;

export interface LineAllowance {
  amount: Decimal;
  base: Decimal;
  /** The line discount percentage, for percent discounts only. */
  percent?: Decimal;
}

/** One invoice line in EN 16931 terms: net of tax, before the global discount (which is document level). */
export interface NetLine {
  lineExtension: Decimal;
  /** Net unit price (BT-146). */
  price: Decimal;
  allowance?: LineAllowance;
  /** This line's share of the global discount, net of tax: summed per category into document allowances. */
  globalDiscountShare: Decimal;
  category: UblTaxCategory;
}

function rateSum(line: CalculatedLine): Decimal {
  return line.taxes.reduce((sum, t) => sum.plus(t.rate), money(0));
}

/** amount × 100 / (100 + R): the net part of a tax-inclusive amount. */
function netOf(amount: Decimal, rate: Decimal): Decimal {
  return rate.isZero() ? amount : amount.times(HUNDRED).dividedBy(HUNDRED.plus(rate));
}

/**
 * Tax-exclusive lines are the D1 lines as they are. Tax-inclusive lines are converted so that every
 * UBL sum reconciles with D1 exactly: the line's net taxable base is its D1 taxable base less its D1
 * allocated tax, its global-discount share is converted at the line's rate, and the line extension
 * amount is the sum of both (so line − allowances = Σ net bases, and Σ net bases + tax = D1 totals).
 */
export function netLineAmounts(
  line: CalculatedLine,
  category: UblTaxCategory,
  taxInclusive: boolean,
  currency: CurrencyCode,
): NetLine {
  let lineExtension: Decimal;
  let globalDiscountShare: Decimal;
  let price: Decimal;
  if (!taxInclusive) {
    lineExtension = line.line_total;
    globalDiscountShare = line.global_discount_share;
    price = line.unit_price;
  } else {
    const rate = rateSum(line);
    const netBase = line.taxable_base.minus(line.tax_amount);
    globalDiscountShare = roundMoney(netOf(line.global_discount_share, rate), currency);
    lineExtension = netBase.plus(globalDiscountShare);
    price = netOf(line.unit_price, rate).toDecimalPlaces(NET_PRICE_PLACES, Decimal.ROUND_HALF_UP);
  }
  return {
    lineExtension,
    price,
    allowance: lineAllowance(line, price, lineExtension, currency),
    globalDiscountShare,
    category,
  };
}

/**
 * The line discount as a line-level allowance (BG-27): the rounded gross at the net price less the line
 * extension amount, so that quantity × price − allowance = line net amount up to the price's rounding.
 */
function lineAllowance(
  line: CalculatedLine,
  price: Decimal,
  lineExtension: Decimal,
  currency: CurrencyCode,
): LineAllowance | undefined {
  if (line.discount.isZero()) return undefined;
  const base = roundMoney(line.quantity.times(price), currency);
  const amount = base.minus(lineExtension);
  if (amount.lte(ZERO)) return undefined;
  return { amount, base, percent: line.discount_type === 'percent' ? line.discount : undefined };
}
