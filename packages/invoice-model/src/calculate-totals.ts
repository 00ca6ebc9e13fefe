import type Decimal from 'decimal.js';
import { minorUnits } from './currencies.ts';
import { ZERO } from './money.ts';
import { CalculationError } from './invoice-errors.ts';
import { MAX_EXACT_MINOR_UNITS, fromMinorUnits, toMinorUnits } from './minor-amounts.ts';
import { computeGlobalDiscount, computeLineAmounts, roundedInputAmount } from './line-amounts.ts';
import { resolveGlobalTaxes, resolveLineTaxes } from './resolve-line-taxes.ts';
import { allocateLargestRemainder } from './allocate-largest-remainder.ts';
import { allocateTaxGroups } from './allocate-tax-groups.ts';
import { applyRounding } from './apply-rounding.ts';
import { detectStatus } from './detect-status.ts';
import type { CalculatedInvoice, CalculatedLine } from './calculated-invoice.ts';
import type { InvoiceRequest } from './invoice-request-schema.ts';

/**
 * D1 totals of a validated request, tax-exclusive or tax-inclusive, and the D2 status.
 * Throws InvoiceValidationError for amount discounts above their base and CalculationError when a
 * result cannot be represented exactly.
 */
export function calculateInvoice(req: InvoiceRequest): CalculatedInvoice {
  const currency = req.invoice.currency;
  const mu = minorUnits(currency);
  const inclusive = req.invoice.tax_inclusive;

  // Steps 1–2: line totals (tax excluded, or included when tax_inclusive) and the subtotal.
  const amounts = req.items.map((item, i) => computeLineAmounts(item, i, mu));
  const lineMinor = amounts.map((a) => toMinorUnits(a.line_total, mu));
  let subtotalMinor = 0n;
  for (const m of lineMinor) subtotalMinor += m;
  const subtotal = fromMinorUnits(subtotalMinor, mu);

  // Steps 3–4: the global discount, split over the lines by largest remainder.
  const discountTotal = computeGlobalDiscount(req, subtotal, mu);
  const shares = allocateLargestRemainder(toMinorUnits(discountTotal, mu), lineMinor);

  // Steps 5–6: tax groups, rounded once each and allocated back to the lines.
  const globalTaxes = resolveGlobalTaxes(req);
  const taxable = req.items.map((item, i) => {
    const baseMinor = lineMinor[i] - shares[i];
    return { baseMinor, base: fromMinorUnits(baseMinor, mu), taxes: resolveLineTaxes(item, globalTaxes) };
  });
  const { taxLines, lineTaxes } = allocateTaxGroups(taxable, inclusive, mu);

  let totalTax = ZERO;
  for (const t of taxLines) totalTax = totalTax.plus(t.amount);

  const lines: CalculatedLine[] = req.items.map((item, i) => {
    const a = amounts[i];
    let taxAmount = ZERO;
    for (const t of lineTaxes[i]) taxAmount = taxAmount.plus(t.amount);
    const line: CalculatedLine = {
      description: item.description,
      quantity: a.quantity,
      unit_price: a.unit_price,
      discount: a.discount,
      discount_type: a.discount_type,
      discount_amount: a.discount_amount,
      gross: a.gross,
      line_total: a.line_total,
      global_discount_share: fromMinorUnits(shares[i], mu),
      taxable_base: taxable[i].base,
      taxes: lineTaxes[i],
      tax_amount: taxAmount,
    };
    if (item.unit !== undefined) line.unit = item.unit;
    const single = taxable[i].taxes.singleRate;
    if (single !== undefined) line.tax_rate = single;
    return line;
  });

  // Steps 7–9: shipping (untaxed), rounding, deposit and amount_paid.
  const shipping = roundedInputAmount(req.shipping, mu);
  const afterDiscount = subtotal.minus(discountTotal).plus(shipping);
  const preRounding = inclusive ? afterDiscount : afterDiscount.plus(totalTax);
  const { grand_total, rounding_adjustment } = applyRounding(preRounding, req.rounding);
  const deposit = roundedInputAmount(req.deposit, mu);
  const amountPaid = roundedInputAmount(req.amount_paid, mu);
  const owed = grand_total.minus(deposit).minus(amountPaid);
  const balanceDue = owed.isNegative() ? ZERO : owed;

  assertRepresentable(mu, { subtotal, grand_total, pre_rounding: preRounding, deposit, amount_paid: amountPaid }, lines);

  return {
    currency,
    tax_inclusive: inclusive,
    lines,
    subtotal,
    discount_total: discountTotal,
    shipping,
    tax_lines: taxLines,
    total_tax: totalTax,
    pre_rounding: preRounding,
    rounding_adjustment,
    grand_total,
    deposit,
    amount_paid: amountPaid,
    balance_due: balanceDue,
    status: detectStatus(grand_total, deposit, amountPaid, req.payment?.status),
  };
}

/**
 * Every response money value must be an exact JSON number: at most 15 significant digits in minor
 * units. The largest values are checked (grand_total bounds every line, tax and discount amount).
 */
function assertRepresentable(mu: number, totals: Record<string, Decimal>, lines: readonly CalculatedLine[]): void {
  const limit = fromMinorUnits(MAX_EXACT_MINOR_UNITS, mu);
  for (const [name, value] of Object.entries(totals)) {
    if (value.isNegative()) throw new CalculationError(`${name}: came out negative`);
    if (value.gt(limit)) throw new CalculationError(`${name}: ${value.toFixed(mu)} exceeds the largest supported amount ${limit.toFixed(mu)}`);
  }
  lines.forEach((line, i) => {
    if (line.discount_amount.gt(limit))
      throw new CalculationError(`items[${i}].discount: the discount amount exceeds the largest supported amount ${limit.toFixed(mu)}`);
  });
}
