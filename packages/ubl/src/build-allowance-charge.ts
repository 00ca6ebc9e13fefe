import { buildTaxCategory } from './build-tax-category.ts';
import type { CurrencyCode } from './model-imports.ts';
import type { LineAllowance } from './net-line-amounts.ts';
import type { DocumentAllowanceCharge } from './ubl-amounts.ts';
import { amountText, decimalText } from './ubl-values.ts';
import type { XmlWriter } from './xml-writer.ts';

/**
 * Document-level cac:AllowanceCharge (BG-20/BG-21) in the AllowanceChargeType sequence:
 * ChargeIndicator, AllowanceChargeReasonCode, AllowanceChargeReason, Amount, TaxCategory.
 */
export function buildDocumentAllowanceCharge(w: XmlWriter, ac: DocumentAllowanceCharge, currency: CurrencyCode): void {
  w.open('cac:AllowanceCharge')
    .leaf('cbc:ChargeIndicator', ac.charge ? 'true' : 'false')
    .leaf('cbc:AllowanceChargeReasonCode', ac.reasonCode);
  if (ac.reason !== undefined) w.leaf('cbc:AllowanceChargeReason', ac.reason);
  w.leaf('cbc:Amount', amountText(ac.amount, currency), { currencyID: currency });
  // The allowance's category carries no exemption reason: that belongs to the breakdown (BG-23).
  buildTaxCategory(w, 'cac:TaxCategory', ac.category, false);
  w.close();
}

/** The line discount as a line-level allowance (BG-27): MultiplierFactorNumeric and BaseAmount for percentages. */
export function buildLineAllowance(
  w: XmlWriter,
  a: LineAllowance,
  reason: string,
  reasonCode: string,
  currency: CurrencyCode,
): void {
  w.open('cac:AllowanceCharge')
    .leaf('cbc:ChargeIndicator', 'false')
    .leaf('cbc:AllowanceChargeReasonCode', reasonCode)
    .leaf('cbc:AllowanceChargeReason', reason);
  if (a.percent !== undefined) w.leaf('cbc:MultiplierFactorNumeric', decimalText(a.percent));
  w.leaf('cbc:Amount', amountText(a.amount, currency), { currencyID: currency });
  if (a.percent !== undefined) w.leaf('cbc:BaseAmount', amountText(a.base, currency), { currencyID: currency });
  w.close();
}
