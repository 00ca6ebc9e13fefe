export { ciiEInvoiceIssues } from './cii-einvoice-issues.ts';
export { ciiEn16931Issues } from './cii-issues.ts';
export { ciiProfile, renderInvoiceCii } from './render-invoice-cii.ts';
