import type { InvoiceRequest } from '@invoice/model';
import { present, type XmlWriter } from '@invoice/ubl';
import { writeFormattedDate } from './cii-values.ts';

type InvoiceMeta = InvoiceRequest['invoice'];

/** ram:BuyerReference (BT-10), the first element of ram:ApplicableHeaderTradeAgreement. */
export function writeBuyerReference(w: XmlWriter, invoice: InvoiceMeta): void {
  w.optLeaf('ram:BuyerReference', invoice.buyer_reference);
}

/** ram:BuyerOrderReferencedDocument (BT-13, `po_number`), after the trade parties. */
export function writeBuyerOrderReference(w: XmlWriter, invoice: InvoiceMeta): void {
  if (present(invoice.po_number))
    w.open('ram:BuyerOrderReferencedDocument').leaf('ram:IssuerAssignedID', invoice.po_number).close();
}

/**
 * ram:InvoiceReferencedDocument (BG-3): the invoice a credit note corrects, IssuerAssignedID (BT-25) and
 * FormattedIssueDateTime (BT-26), after the monetary summation of ram:ApplicableHeaderTradeSettlement.
 */
export function writeInvoiceReference(w: XmlWriter, invoice: InvoiceMeta): void {
  if (!present(invoice.original_number)) return;
  w.open('ram:InvoiceReferencedDocument').leaf('ram:IssuerAssignedID', invoice.original_number);
  if (present(invoice.original_date)) writeFormattedDate(w, 'ram:FormattedIssueDateTime', invoice.original_date);
  w.close();
}
