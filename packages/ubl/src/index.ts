export { renderInvoiceUbl, EN16931_CUSTOMIZATION_ID } from './render-invoice-ubl.ts';
export { computeUblAmounts, type UblAmounts } from './ubl-amounts.ts';
export { unitCodeFor } from './unit-codes.ts';
