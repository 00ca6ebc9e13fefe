export * from './allocate-largest-remainder.ts';
export * from './allocate-tax-groups.ts';
export * from './apply-rounding.ts';
export * from './calculate-totals.ts';
export * from './calculated-invoice.ts';
export * from './country-codes.ts';
export * from './currencies.ts';
export * from './detect-status.ts';
export { DOCUMENT_TYPE_CODES, DOCUMENT_TYPES, type DocumentType, documentTypeOf } from './document-type.ts';
export * from './einvoice-profile.ts';
export * from './email-address.ts';
export * from './field-rules.ts';
export * from './identifier-schemes.ts';
export * from './invoice-errors.ts';
export * from './invoice-number.ts';
export * from './invoice-request-schema.ts';
export * from './invoice-response.ts';
export * from './issue-details.ts';
export * from './issue-messages.ts';
export * from './issue-rules.ts';
export * from './languages.ts';
export * from './line-amounts.ts';
export * from './minor-amounts.ts';
export * from './money.ts';
export * from './normalise-input.ts';
export * from './party-identifiers.ts';
export {
  type ManualPayment,
  type PaymentCode,
  paymentCodeOf,
} from './payment-codes/build-payment-code.ts';
export { groupInFours } from './payment-codes/mod-97.ts';
export { groupQrReference } from './payment-codes/qr-reference.ts';
export type { SwissAddress, SwissQrFields } from './payment-codes/swiss-qr.ts';
export * from './payment-qr.ts';
export * from './resolve-invoice.ts';
export * from './resolve-line-taxes.ts';
export { suggestField } from './suggest-field.ts';
export * from './tolerated-fields.ts';
export * from './validate-invoice-request.ts';
