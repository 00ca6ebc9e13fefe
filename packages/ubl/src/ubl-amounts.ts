import type Decimal from 'decimal.js';
import { ZERO, type ResolvedInvoice } from './model-imports.ts';
import { netLineAmounts, type NetLine } from './net-line-amounts.ts';
import {
  categoryKey, invoiceHasTax, lineTaxCategory, shippingTaxCategory, type UblTaxCategory,
} from './tax-category.ts';

/** A document-level allowance (BG-20) or charge (BG-21). */
export interface DocumentAllowanceCharge {
  charge: boolean;
  /** UNCL5189 for allowances, UNCL7161 for charges. */
  reasonCode: string;
  reason: string;
  amount: Decimal;
  category: UblTaxCategory;
}

/** One VAT breakdown (BG-23). */
export interface TaxSubtotal {
  taxable: Decimal;
  amount: Decimal;
  category: UblTaxCategory;
}

export interface MonetaryTotal {
  lineExtension: Decimal;
  taxExclusive: Decimal;
  taxInclusive: Decimal;
  allowanceTotal: Decimal;
  chargeTotal: Decimal;
  prepaid: Decimal;
  rounding: Decimal;
  payable: Decimal;
}

/** Every amount the UBL document carries, derived once from the D1 totals. */
export interface UblAmounts {
  lines: NetLine[];
  allowanceCharges: DocumentAllowanceCharge[];
  taxAmount: Decimal;
  subtotals: TaxSubtotal[];
  monetary: MonetaryTotal;
}

export const DISCOUNT_REASON_CODE = '95'; // UNCL5189 "Discount"
export const DISCOUNT_REASON = 'Discount';
export const FREIGHT_REASON_CODE = 'FC'; // UNCL7161 "Freight service"

const sum = (values: Decimal[]) => values.reduce((a, b) => a.plus(b), ZERO);

/** Σ line net − allowances + charges per category key: the taxable amount BR-S-08 / BR-Z-08 / BR-E-08 / BR-O-08 expect. */
function taxableByKey(lines: NetLine[], acs: DocumentAllowanceCharge[]): Map<string, { category: UblTaxCategory; taxable: Decimal }> {
  const byKey = new Map<string, { category: UblTaxCategory; taxable: Decimal }>();
  const add = (category: UblTaxCategory, amount: Decimal) => {
    const key = categoryKey(category);
    const entry = byKey.get(key);
    if (entry) entry.taxable = entry.taxable.plus(amount);
    else byKey.set(key, { category, taxable: amount });
  };
  for (const l of lines) add(l.category, l.lineExtension);
  for (const ac of acs) add(ac.category, ac.charge ? ac.amount : ac.amount.negated());
  return byKey;
}

/** The global discount split per line category: EN 16931 needs one document allowance per VAT category and rate. */
function globalDiscountAllowances(lines: NetLine[]): DocumentAllowanceCharge[] {
  const byKey = new Map<string, DocumentAllowanceCharge>();
  for (const l of lines) {
    if (l.globalDiscountShare.isZero()) continue;
    const key = categoryKey(l.category);
    const ac = byKey.get(key);
    if (ac) ac.amount = ac.amount.plus(l.globalDiscountShare);
    else byKey.set(key, { charge: false, reasonCode: DISCOUNT_REASON_CODE, reason: DISCOUNT_REASON, amount: l.globalDiscountShare, category: { ...l.category, name: undefined } });
  }
  return [...byKey.values()];
}

/**
 * The breakdown: one S subtotal per D1 tax group (its component name as TaxCategory/Name), in D1 order;
 * then one subtotal each for Z, E and O, since EN 16931 allows exactly one of each (BR-Z-01, BR-E-01,
 * BR-O-01). A 0 % D1 group whose lines are zero rated is part of the Z subtotal; a 0 % component of a
 * multi-component line stays an S subtotal of its own (it cannot be expressed otherwise, see docs/ubl.md).
 */
function taxSubtotals(resolved: ResolvedInvoice, amounts: { lines: NetLine[]; acs: DocumentAllowanceCharge[] }): TaxSubtotal[] {
  const { totals } = resolved;
  const subtotals: TaxSubtotal[] = [];
  totals.tax_lines.forEach((group, g) => {
    const members = totals.lines.map((l, i) => ({ l, net: amounts.lines[i] })).filter(({ l }) => l.taxes.some((t) => t.group === g));
    if (group.rate.isZero() && members.every(({ net }) => net.category.id === 'Z')) return;
    const taxable = totals.tax_inclusive
      ? sum(members.map(({ l }) => l.taxable_base.minus(l.tax_amount)))
      : group.taxable_base;
    subtotals.push({ taxable, amount: group.amount, category: { id: 'S', percent: group.rate, name: group.name } });
  });
  const byKey = taxableByKey(amounts.lines, amounts.acs);
  for (const id of ['Z', 'E', 'O'] as const)
    for (const { category, taxable } of byKey.values())
      if (category.id === id) subtotals.push({ taxable, amount: ZERO, category: { ...category, name: undefined } });
  return subtotals;
}

export function computeUblAmounts(resolved: ResolvedInvoice): UblAmounts {
  const { totals, request } = resolved;
  const hasTax = invoiceHasTax(totals);
  const lines = totals.lines.map((l) => netLineAmounts(l, lineTaxCategory(l, hasTax), totals.tax_inclusive, totals.currency));
  const acs = globalDiscountAllowances(lines);
  if (totals.shipping.gt(ZERO))
    acs.push({ charge: true, reasonCode: FREIGHT_REASON_CODE, reason: request.shipping_label, amount: totals.shipping, category: shippingTaxCategory(hasTax) });

  const lineExtension = sum(lines.map((l) => l.lineExtension));
  const allowanceTotal = sum(acs.filter((a) => !a.charge).map((a) => a.amount));
  const chargeTotal = sum(acs.filter((a) => a.charge).map((a) => a.amount));
  const taxExclusive = lineExtension.minus(allowanceTotal).plus(chargeTotal);
  const taxInclusive = taxExclusive.plus(totals.total_tax);
  // D1 caps balance_due at 0; EN 16931 has no overpayment, so the prepaid amount is capped at the grand total.
  const paid = totals.deposit.plus(totals.amount_paid);
  const prepaid = paid.gt(totals.grand_total) ? totals.grand_total : paid;
  const rounding = totals.rounding_adjustment;
  const payable = taxInclusive.minus(prepaid).plus(rounding);

  return {
    lines,
    allowanceCharges: acs,
    taxAmount: totals.total_tax,
    subtotals: taxSubtotals(resolved, { lines, acs }),
    monetary: { lineExtension, taxExclusive, taxInclusive, allowanceTotal, chargeTotal, prepaid, rounding, payable },
  };
}
