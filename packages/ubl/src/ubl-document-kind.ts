import { DOCUMENT_TYPE_CODES, type DocumentType } from './model-imports.ts';

/**
 * What differs between a UBL 2.1 Invoice and a CreditNote: the root and its namespace, the type code
 * element (UNTDID 1001: 380 commercial invoice, 381 credit note), the line and quantity elements, and where
 * the payment due date (BT-9) goes: the CreditNote schema has no header `cbc:DueDate`, so EN 16931 maps it
 * to `cac:PaymentMeans/cbc:PaymentDueDate`. Everything else is written by the same builders, so a CIUS
 * (Peppol, XRechnung) adds its identifiers and rules once for both documents.
 */
export interface UblDocumentKind {
  root: 'Invoice' | 'CreditNote';
  namespace: string;
  typeCodeElement: 'cbc:InvoiceTypeCode' | 'cbc:CreditNoteTypeCode';
  typeCode: '380' | '381';
  lineElement: 'cac:InvoiceLine' | 'cac:CreditNoteLine';
  quantityElement: 'cbc:InvoicedQuantity' | 'cbc:CreditedQuantity';
  dueDate: 'header' | 'payment-means';
}

const INVOICE: UblDocumentKind = {
  root: 'Invoice',
  namespace: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  typeCodeElement: 'cbc:InvoiceTypeCode',
  typeCode: DOCUMENT_TYPE_CODES.invoice,
  lineElement: 'cac:InvoiceLine',
  quantityElement: 'cbc:InvoicedQuantity',
  dueDate: 'header',
};

const CREDIT_NOTE: UblDocumentKind = {
  root: 'CreditNote',
  namespace: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  typeCodeElement: 'cbc:CreditNoteTypeCode',
  typeCode: DOCUMENT_TYPE_CODES.credit_note,
  lineElement: 'cac:CreditNoteLine',
  quantityElement: 'cbc:CreditedQuantity',
  dueDate: 'payment-means',
};

export function ublDocumentKind(type: DocumentType): UblDocumentKind {
  return type === 'credit_note' ? CREDIT_NOTE : INVOICE;
}
