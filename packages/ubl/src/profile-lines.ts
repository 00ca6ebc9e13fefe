import Decimal from 'decimal.js';
import { type CalculatedLine, type CurrencyCode, HUNDRED, minorUnits, money, ZERO } from './model-imports.ts';
import type { LineAllowance, NetLine } from './net-line-amounts.ts';

/** The tolerance of PEPPOL-EN16931-R040 and R120 (XRechnung allows 0.5 for HUF; 0.02 satisfies both). */
const SLACK = money('0.02');
/** How close a restated price must bring quantity × price to its target: half the slack, for margin. */
const RESTATED_TOLERANCE = money('0.01');
const MAX_PRICE_PLACES = 20;

/**
 * A percent line discount states BT-138 (percentage) and BT-137 (base), and Peppol's R040 (fatal in both
 * profiles) wants amount = base × percentage ± 0.02. The D1 discount is rounded to the currency (a whole yen),
 * so in JPY and KRW that can be half a unit off: the allowance then states its amount only, which EN 16931 allows.
 */
function consistentAllowance(a: LineAllowance): LineAllowance {
  if (a.percent === undefined) return a;
  const stated = a.base.times(a.percent).dividedBy(HUNDRED);
  return a.amount.minus(stated).abs().gt(SLACK) ? { amount: a.amount, base: a.base } : a;
}

/**
 * The net price (BT-146) restated as (line net + allowance) ÷ quantity, with the fewest decimals from the
 * currency's that bring quantity × price within 0.01 of it. BT-146 has no decimal limit; BT-131 stays D1's.
 */
function restatedPrice(target: Decimal, quantity: Decimal, currency: CurrencyCode): Decimal {
  const exact = target.dividedBy(quantity);
  for (let places = minorUnits(currency); places < MAX_PRICE_PLACES; places++) {
    const price = exact.toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
    if (quantity.times(price).minus(target).abs().lte(RESTATED_TOLERANCE)) return price;
  }
  return exact.toDecimalPlaces(MAX_PRICE_PLACES, Decimal.ROUND_HALF_UP);
}

/**
 * The lines as Peppol and XRechnung documents state them. PEPPOL-EN16931-R120 (fatal in Peppol, a warning in
 * XRechnung) wants line net = quantity × price − allowances ± 0.02, which a rounded line misses when the currency
 * has no cents (JPY, KRW: 1.25 × ¥478 = ¥597.5 is billed ¥598) or the price is a tax-inclusive one converted to
 * net: only then is the price restated. Amounts never change, so every total stays D1's.
 */
export function profileLines(lines: NetLine[], calculated: CalculatedLine[], currency: CurrencyCode): NetLine[] {
  return lines.map((line, i) => {
    const allowance = line.allowance && consistentAllowance(line.allowance);
    const quantity = calculated[i].quantity;
    const allowed = allowance?.amount ?? ZERO;
    const target = line.lineExtension.plus(allowed);
    const off = quantity.times(line.price).minus(target).abs().gt(SLACK);
    const price = off && quantity.gt(ZERO) ? restatedPrice(target, quantity, currency) : line.price;
    return { ...line, allowance, price };
  });
}
