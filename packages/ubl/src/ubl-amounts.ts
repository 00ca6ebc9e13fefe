import type Decimal from 'decimal.js';
import { type ResolvedInvoice, ZERO } from './model-imports.ts';
import { type NetLine, netLineAmounts } from './net-line-amounts.ts';
import {
  categoryKey,
  invoiceHasTax,
  lineTaxCategory,
  shippingTaxCategory,
  type UblTaxCategory,
} from './tax-category.ts';

/** A document-level allowance (BG-20) or charge (BG-21). */
export interface DocumentAllowanceCharge {
  charge: boolean;
  /** UNCL5189 for allowances, UNCL7161 for charges. */
  reasonCode: string;
  /** Absent only under a profile, for a blank shipping label (document-profile.ts). */
  reason?: string;
  amount: Decimal;
  category: UblTaxCategory;
}

/** One VAT breakdown (BG-23). */
interface TaxSubtotal {
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
const FREIGHT_REASON_CODE = 'FC'; // UNCL7161 "Freight service"

const sum = (values: Decimal[]) => values.reduce((a, b) => a.plus(b), ZERO);

/** Σ line net − allowances + charges per category key: the taxable amount BR-S-08 / BR-Z-08 / BR-E-08 / BR-O-08 expect. */
function taxableByKey(
  lines: NetLine[],
  acs: DocumentAllowanceCharge[],
): Map<string, { category: UblTaxCategory; taxable: Decimal }> {
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
    else
      byKey.set(key, {
        charge: false,
        reasonCode: DISCOUNT_REASON_CODE,
        reason: DISCOUNT_REASON,
        amount: l.globalDiscountShare,
        category: { ...l.category, name: undefined },
      });
  }
  return [...byKey.values()];
}

/**
 * The breakdown (BG-23): one subtotal per VAT category and rate, as EN 16931 counts them (BR-S-08 per
 * rate; BR-Z-01, BR-E-01, BR-O-01 one each). S subtotals come in the order their rate first appears on
 * a line, then Z, E and O. An S subtotal's tax is the sum of its lines' D1 allocations, so the subtotals
 * add up to the D1 total tax to the minor unit; its name lists the D1 tax groups it holds (several when a
 * line has several components, or two groups share a rate). A 0 % component of a multi-component line
 * is part of the line's S subtotal; lines whose components are all 0 % are zero rated (Z).
 */
function taxSubtotals(
  resolved: ResolvedInvoice,
  amounts: { lines: NetLine[]; acs: DocumentAllowanceCharge[] },
): TaxSubtotal[] {
  const { totals } = resolved;
  const standard = new Map<string, { amount: Decimal; groups: Set<number> }>();
  totals.lines.forEach((line, i) => {
    const category = amounts.lines[i].category;
    if (category.id !== 'S') return;
    const key = categoryKey(category);
    const entry = standard.get(key) ?? { amount: ZERO, groups: new Set<number>() };
    entry.amount = entry.amount.plus(line.tax_amount);
    for (const t of line.taxes) entry.groups.add(t.group);
    standard.set(key, entry);
  });
  const groupNames = (groups: Set<number>) =>
    [...new Set([...groups].sort((a, b) => a - b).map((g) => totals.tax_lines[g].name))].join(' + ');
  const subtotals: TaxSubtotal[] = [];
  const byKey = taxableByKey(amounts.lines, amounts.acs);
  for (const id of ['S', 'Z', 'E', 'O'] as const)
    for (const [key, { category, taxable }] of byKey) {
      if (category.id !== id) continue;
      const s = standard.get(key);
      subtotals.push(
        s
          ? { taxable, amount: s.amount, category: { ...category, name: groupNames(s.groups) } }
          : { taxable, amount: ZERO, category: { ...category, name: undefined } },
      );
    }
  return subtotals;
}

export function computeUblAmounts(resolved: ResolvedInvoice): UblAmounts {
  const { totals, request } = resolved;
  const hasTax = invoiceHasTax(totals);
  const lines = totals.lines.map((l) =>
    netLineAmounts(l, lineTaxCategory(l, hasTax), totals.tax_inclusive, totals.currency),
  );
  const acs = globalDiscountAllowances(lines);
  if (totals.shipping.gt(ZERO))
    acs.push({
      charge: true,
      reasonCode: FREIGHT_REASON_CODE,
      reason: request.shipping_label,
      amount: totals.shipping,
      category: shippingTaxCategory(hasTax),
    });

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
