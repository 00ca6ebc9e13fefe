export { ciiEn16931Issues } from './cii-issues.ts';
export { renderInvoiceCii } from './render-invoice-cii.ts';
