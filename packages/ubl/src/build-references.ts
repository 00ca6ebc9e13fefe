import type { InvoiceRequest } from './model-imports.ts';
import { present, type XmlWriter } from './xml-writer.ts';

/** cbc:BuyerReference (BT-10), in the header after the currency codes. */
export function buildBuyerReference(w: XmlWriter, invoice: InvoiceRequest['invoice']): void {
  w.optLeaf('cbc:BuyerReference', invoice.buyer_reference);
}

/**
 * cac:OrderReference (BT-13, `po_number`) then cac:BillingReference/cac:InvoiceDocumentReference: the
 * invoice a credit note corrects (BG-3: BT-25 number, BT-26 date), in the header sequence of both documents.
 */
export function buildDocumentReferences(w: XmlWriter, invoice: InvoiceRequest['invoice']): void {
  if (present(invoice.po_number)) w.open('cac:OrderReference').leaf('cbc:ID', invoice.po_number).close();
  if (present(invoice.original_number)) {
    w.open('cac:BillingReference')
      .open('cac:InvoiceDocumentReference')
      .leaf('cbc:ID', invoice.original_number)
      .optLeaf('cbc:IssueDate', invoice.original_date)
      .close()
      .close();
  }
}
