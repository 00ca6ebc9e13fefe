import type { CurrencyCode } from '@invoice/model';
import { amountText, type DocumentAllowanceCharge, decimalText, type UblAmounts, type XmlWriter } from '@invoice/ubl';
import { writeCategory, writeChargeIndicator } from './cii-values.ts';

const VAT = 'VAT';

/**
 * One ram:ApplicableTradeTax per breakdown (BG-23), from the same subtotals as the UBL, in the TradeTaxType
 * sequence: CalculatedAmount, TypeCode, ExemptionReason, BasisAmount, CategoryCode, ExemptionReasonCode,
 * RateApplicablePercent.
 */
export function writeTaxBreakdown(w: XmlWriter, amounts: UblAmounts, currency: CurrencyCode): void {
  for (const s of amounts.subtotals) {
    const c = s.category;
    w.open('ram:ApplicableTradeTax')
      .leaf('ram:CalculatedAmount', amountText(s.amount, currency))
      .leaf('ram:TypeCode', VAT)
      .optLeaf('ram:ExemptionReason', c.exemptionReason)
      .leaf('ram:BasisAmount', amountText(s.taxable, currency))
      .leaf('ram:CategoryCode', c.id)
      .optLeaf('ram:ExemptionReasonCode', c.exemptionReasonCode);
    if (c.percent !== undefined) w.leaf('ram:RateApplicablePercent', decimalText(c.percent));
    w.close();
  }
}

/** A document-level allowance (BG-20: the global discount per category) or charge (BG-21: shipping). */
export function writeDocumentAllowanceCharge(w: XmlWriter, ac: DocumentAllowanceCharge, currency: CurrencyCode): void {
  w.open('ram:SpecifiedTradeAllowanceCharge');
  writeChargeIndicator(w, ac.charge);
  w.leaf('ram:ActualAmount', amountText(ac.amount, currency))
    .leaf('ram:ReasonCode', ac.reasonCode)
    .optLeaf('ram:Reason', ac.reason);
  writeCategory(w, 'ram:CategoryTradeTax', ac.category);
  w.close();
}

/**
 * ram:SpecifiedTradeSettlementHeaderMonetarySummation (BG-22), the UBL's LegalMonetaryTotal in CII
 * order: every amount written, zeros included; TaxTotalAmount carries the currency (BT-110).
 */
export function writeMonetarySummation(w: XmlWriter, amounts: UblAmounts, currency: CurrencyCode): void {
  const m = amounts.monetary;
  const a = (v: typeof m.lineExtension) => amountText(v, currency);
  w.open('ram:SpecifiedTradeSettlementHeaderMonetarySummation')
    .leaf('ram:LineTotalAmount', a(m.lineExtension))
    .leaf('ram:ChargeTotalAmount', a(m.chargeTotal))
    .leaf('ram:AllowanceTotalAmount', a(m.allowanceTotal))
    .leaf('ram:TaxBasisTotalAmount', a(m.taxExclusive))
    .leaf('ram:TaxTotalAmount', a(amounts.taxAmount), { currencyID: currency })
    .leaf('ram:RoundingAmount', a(m.rounding))
    .leaf('ram:GrandTotalAmount', a(m.taxInclusive))
    .leaf('ram:TotalPrepaidAmount', a(m.prepaid))
    .leaf('ram:DuePayableAmount', a(m.payable))
    .close();
}
