import { buildDocumentAllowanceCharge } from './build-allowance-charge.ts';
import { buildInvoiceLine } from './build-invoice-line.ts';
import { buildMonetaryTotal } from './build-monetary-total.ts';
import { buildDelivery, buildParty } from './build-party.ts';
import { buildPayeeParty, buildPaymentMeans, buildPaymentTerms } from './build-payment.ts';
import { buildBuyerReference, buildDocumentReferences } from './build-references.ts';
import { buildTaxTotal } from './build-tax-total.ts';
import { documentTypeOf, type ResolvedInvoice } from './model-imports.ts';
import { invoiceHasTax } from './tax-category.ts';
import { computeUblAmounts } from './ubl-amounts.ts';
import { ublDocumentKind } from './ubl-document-kind.ts';
import { XmlWriter } from './xml-writer.ts';

const UBL_COMMON_NAMESPACES = {
  'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;
export const EN16931_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017';

/**
 * Renders a UBL 2.1 Invoice, or a CreditNote for `invoice.type` credit_note (EN 16931 core), from the D1
 * result. Elements follow the strict sequence of UBL-Invoice-2.1.xsd / UBL-CreditNote-2.1.xsd; every amount comes from computeUblAmounts, which reconciles with the JSON
 * totals to the minor unit. The output depends on the input only: no clock, no random ids (D14).
 */
export function renderInvoiceUbl(resolved: ResolvedInvoice): string {
  const { request: req, totals } = resolved;
  const currency = totals.currency;
  const amounts = computeUblAmounts(resolved);
  const hasTax = invoiceHasTax(totals);
  const kind = ublDocumentKind(documentTypeOf(req.invoice));
  const w = new XmlWriter();

  w.open(kind.root, { xmlns: kind.namespace, ...UBL_COMMON_NAMESPACES })
    .leaf('cbc:UBLVersionID', '2.1')
    .leaf('cbc:CustomizationID', EN16931_CUSTOMIZATION_ID)
    .leaf('cbc:ID', req.invoice.number)
    .leaf('cbc:IssueDate', req.invoice.date);
  if (kind.dueDate === 'header') w.optLeaf('cbc:DueDate', req.invoice.due_date);
  w.leaf(kind.typeCodeElement, kind.typeCode)
    .optLeaf('cbc:Note', req.notes)
    .optLeaf('cbc:Note', req.refund_policy)
    .optLeaf('cbc:Note', req.footer)
    .leaf('cbc:DocumentCurrencyCode', currency);
  buildBuyerReference(w, req.invoice);
  buildDocumentReferences(w, req.invoice);

  w.open('cac:AccountingSupplierParty');
  buildParty(w, req.from, hasTax);
  w.close().open('cac:AccountingCustomerParty');
  buildParty(w, req.to, hasTax);
  w.close();
  buildPayeeParty(w, req.payment);
  buildDelivery(w, req.ship_to);
  buildPaymentMeans(w, req, kind.dueDate === 'payment-means' ? req.invoice.due_date : undefined);
  buildPaymentTerms(w, req.invoice.terms);
  for (const ac of amounts.allowanceCharges) buildDocumentAllowanceCharge(w, ac, currency);
  buildTaxTotal(w, amounts, currency);
  buildMonetaryTotal(w, amounts.monetary, currency);
  totals.lines.forEach((line, i) => buildInvoiceLine(w, kind, i, line, amounts.lines[i], currency));
  w.close();
  return w.toString();
}
