export { taxSchemeFor } from './build-party.ts';
export { accountId, paymentMeansCode } from './build-payment.ts';
export { DECIMAL_RULES, decimalIssues } from './decimal-issues.ts';
export { type DocumentFacts, documentFacts } from './document-facts.ts';
export { type DocumentProfile, documentProfile } from './document-profile.ts';
export { ublEInvoiceIssues } from './einvoice-issues.ts';
export { EINVOICE_RULE_FIXES, type EInvoiceIssue, issueOf, orderedIssues } from './einvoice-rule-fixes.ts';
export {
  EN16931_RULE_FIXES,
  type En16931RuleId,
  en16931Issues,
  standardRateRoundingGaps,
} from './en16931-issues.ts';
export type { LineAllowance, NetLine } from './net-line-amounts.ts';
export type { ElectronicAddress, PartyProfile } from './party-profile.ts';
export { EN16931_CUSTOMIZATION_ID } from './profile-identifiers.ts';
export { profileIssues } from './profile-issues.ts';
export { type RenderOptions, renderInvoiceUbl } from './render-invoice-ubl.ts';
export type { UblTaxCategory } from './tax-category.ts';
export { type UblAddress, ublAddress } from './ubl-address.ts';
export {
  computeUblAmounts,
  DISCOUNT_REASON,
  DISCOUNT_REASON_CODE,
  type DocumentAllowanceCharge,
  type MonetaryTotal,
  type UblAmounts,
} from './ubl-amounts.ts';
export { amountText, decimalText, priceText } from './ubl-values.ts';
export { unitCodeFor } from './unit-codes.ts';
export { present, XmlWriter } from './xml-writer.ts';
