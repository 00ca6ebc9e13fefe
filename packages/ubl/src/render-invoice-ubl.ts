import { buildDocumentAllowanceCharge } from './build-allowance-charge.ts';
import { buildInvoiceLine } from './build-invoice-line.ts';
import { buildMonetaryTotal } from './build-monetary-total.ts';
import { buildDelivery, buildParty } from './build-party.ts';
import { buildPayeeParty, buildPaymentMeans, buildPaymentTerms } from './build-payment.ts';
import { buildBuyerReference, buildDocumentReferences } from './build-references.ts';
import { buildTaxTotal } from './build-tax-total.ts';
import { documentProfile } from './document-profile.ts';
import { documentTypeOf, type EInvoiceProfile, einvoiceProfileOf, type ResolvedInvoice } from './model-imports.ts';
import { invoiceHasTax } from './tax-category.ts';
import { ublDocumentKind } from './ubl-document-kind.ts';
import { XmlWriter } from './xml-writer.ts';

const UBL_COMMON_NAMESPACES = {
  'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** Which e-invoice profile to write; the request's own (`einvoice_profile`) when absent. */
export interface RenderOptions {
  profile?: EInvoiceProfile;
}

/**
 * Renders a UBL 2.1 Invoice, or a CreditNote for `invoice.type` credit_note, from the D1 result, in the EN 16931
 * core or a profile on top of it (Peppol BIS Billing 3.0, XRechnung 3.0: document-profile.ts). Elements follow
 * the strict sequence of UBL-Invoice-2.1.xsd / UBL-CreditNote-2.1.xsd; every amount comes from
 * computeUblAmounts, which reconciles with the JSON totals to the minor unit. The output depends on the input
 * only: no clock, no random ids (D14).
 */
export function renderInvoiceUbl(resolved: ResolvedInvoice, options: RenderOptions = {}): string {
  const { request: req, totals } = resolved;
  const currency = totals.currency;
  const shape = documentProfile(resolved, options.profile ?? einvoiceProfileOf(req));
  const amounts = shape.amounts;
  const hasTax = invoiceHasTax(totals);
  const kind = ublDocumentKind(documentTypeOf(req.invoice));
  const w = new XmlWriter();

  w.open(kind.root, { xmlns: kind.namespace, ...UBL_COMMON_NAMESPACES })
    .leaf('cbc:UBLVersionID', '2.1')
    .leaf('cbc:CustomizationID', shape.ids.customizationId)
    .optLeaf('cbc:ProfileID', shape.ids.profileId)
    .leaf('cbc:ID', req.invoice.number)
    .leaf('cbc:IssueDate', req.invoice.date);
  if (kind.dueDate === 'header') w.optLeaf('cbc:DueDate', req.invoice.due_date);
  w.leaf(kind.typeCodeElement, kind.typeCode);
  for (const note of shape.notes) w.leaf('cbc:Note', note);
  w.leaf('cbc:DocumentCurrencyCode', currency);
  buildBuyerReference(w, req.invoice);
  buildDocumentReferences(w, req.invoice);

  w.open('cac:AccountingSupplierParty');
  buildParty(w, shape.seller, hasTax);
  w.close().open('cac:AccountingCustomerParty');
  buildParty(w, shape.buyer, hasTax);
  w.close();
  buildPayeeParty(w, req.payment);
  buildDelivery(w, req.ship_to, shape.deliverTo);
  buildPaymentMeans(w, req, kind.dueDate === 'payment-means' ? req.invoice.due_date : undefined);
  buildPaymentTerms(w, req.invoice.terms);
  for (const ac of amounts.allowanceCharges) buildDocumentAllowanceCharge(w, ac, currency);
  buildTaxTotal(w, amounts, currency);
  buildMonetaryTotal(w, amounts.monetary, currency);
  totals.lines.forEach((line, i) => buildInvoiceLine(w, kind, i, line, amounts.lines[i], currency));
  w.close();
  return w.toString();
}
