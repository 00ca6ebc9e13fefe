export { EN16931_RULE_FIXES, type En16931RuleId, en16931Issues } from './en16931-issues.ts';
export { EN16931_CUSTOMIZATION_ID, renderInvoiceUbl } from './render-invoice-ubl.ts';
export { computeUblAmounts, type UblAmounts } from './ubl-amounts.ts';
export { unitCodeFor } from './unit-codes.ts';
