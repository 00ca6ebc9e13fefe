export { renderInvoiceUbl, EN16931_CUSTOMIZATION_ID } from './render-invoice-ubl.ts';
export { computeUblAmounts, type UblAmounts } from './ubl-amounts.ts';
export { unitCodeFor } from './unit-codes.ts';
export { en16931Issues, EN16931_RULE_FIXES, type En16931RuleId } from './en16931-issues.ts';
