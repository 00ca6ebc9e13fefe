import type Decimal from 'decimal.js';
import { allocateLargestRemainder } from './allocate-largest-remainder.ts';
import { allocateTaxGroups } from './allocate-tax-groups.ts';
import { applyRounding } from './apply-rounding.ts';
import type { CalculatedInvoice, CalculatedLine } from './calculated-invoice.ts';
import { minorUnits } from './currencies.ts';
import { detectStatus } from './detect-status.ts';
import { CalculationError } from './invoice-errors.ts';
import type { InvoiceRequest } from './invoice-request-schema.ts';
import { computeGlobalDiscountMinor, computeLineAmounts, roundedInputMinor } from './line-amounts.ts';
import { fromMinorUnits, MAX_EXACT_MINOR_UNITS } from './minor-amounts.ts';
import { ZERO } from './money.ts';
import { resolveGlobalTaxes, resolveLineTaxes } from './resolve-line-taxes.ts';

/**
 * D1 totals of a validated request, tax-exclusive or tax-inclusive, and the D2 status.
 * Sums, splits and group rounding run on integer minor units (exact, and fast); Decimals are
 * built for the results. Throws InvoiceValidationError for amount discounts above their base and
 * CalculationError when a result cannot be represented exactly.
 */
export function calculateInvoice(req: InvoiceRequest): CalculatedInvoice {
  const currency = req.invoice.currency;
  const mu = minorUnits(currency);
  const inclusive = req.invoice.tax_inclusive;

  // Steps 1–2: line totals (tax excluded, or included when tax_inclusive) and the subtotal.
  const amounts = req.items.map((item, i) => computeLineAmounts(item, i, mu));
  const lineMinor = amounts.map((a) => a.line_total_minor);
  let subtotalMinor = 0n;
  for (const m of lineMinor) subtotalMinor += m;

  // Steps 3–4: the global discount, split over the lines by largest remainder.
  const discountMinor = computeGlobalDiscountMinor(req, subtotalMinor, mu);
  const shares = allocateLargestRemainder(discountMinor, lineMinor);

  // Steps 5–6: tax groups, rounded once each and allocated back to the lines.
  const globalTaxes = resolveGlobalTaxes(req);
  const taxable = req.items.map((item, i) => ({
    baseMinor: lineMinor[i] - shares[i],
    taxes: resolveLineTaxes(item, globalTaxes),
  }));
  const { taxLines, lineTaxes, lineTaxMinor, totalTaxMinor } = allocateTaxGroups(taxable, inclusive, mu);

  const lines: CalculatedLine[] = req.items.map((item, i) => {
    const a = amounts[i];
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
      // Equal values share one (immutable) Decimal instead of building another.
      taxable_base: shares[i] === 0n ? a.line_total : fromMinorUnits(taxable[i].baseMinor, mu),
      taxes: lineTaxes[i],
      tax_amount: lineTaxes[i].length === 1 ? lineTaxes[i][0].amount : fromMinorUnits(lineTaxMinor[i], mu),
    };
    if (item.unit !== undefined) line.unit = item.unit;
    const single = taxable[i].taxes.singleRate;
    if (single !== undefined) line.tax_rate = single;
    return line;
  });

  // Steps 7–9: shipping (untaxed), rounding, deposit and amount_paid.
  const shippingMinor = roundedInputMinor(req.shipping, mu);
  const preMinor = subtotalMinor - discountMinor + shippingMinor + (inclusive ? 0n : totalTaxMinor);
  const preRounding = fromMinorUnits(preMinor, mu);
  const { grand_total, rounding_adjustment } = applyRounding(preRounding, req.rounding);
  const deposit = fromMinorUnits(roundedInputMinor(req.deposit, mu), mu);
  const amountPaid = fromMinorUnits(roundedInputMinor(req.amount_paid, mu), mu);
  const owed = grand_total.minus(deposit).minus(amountPaid);
  const balanceDue = owed.isNegative() ? ZERO : owed;
  const subtotal = fromMinorUnits(subtotalMinor, mu);

  assertRepresentable(
    mu,
    { subtotal, grand_total, pre_rounding: preRounding, deposit, amount_paid: amountPaid },
    lines,
  );

  return {
    currency,
    tax_inclusive: inclusive,
    lines,
    subtotal,
    discount_total: fromMinorUnits(discountMinor, mu),
    shipping: fromMinorUnits(shippingMinor, mu),
    tax_lines: taxLines,
    total_tax: fromMinorUnits(totalTaxMinor, mu),
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
    if (value.isNegative()) throw new CalculationError(name, 'minimum', 'came out negative');
    if (value.gt(limit))
      throw new CalculationError(
        name,
        'maximum',
        `${value.toFixed(mu)} exceeds the largest supported amount ${limit.toFixed(mu)}`,
      );
  }
  lines.forEach((line, i) => {
    if (line.discount_amount.gt(limit))
      throw new CalculationError(
        ['items', i, 'discount'],
        'maximum',
        `the discount amount exceeds the largest supported amount ${limit.toFixed(mu)}`,
      );
  });
}
