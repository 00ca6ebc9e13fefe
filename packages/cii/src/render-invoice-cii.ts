import {
  DOCUMENT_TYPE_CODES,
  documentTypeOf,
  type EInvoiceProfile,
  einvoiceProfileOf,
  type ResolvedInvoice,
} from '@invoice/model';
import { documentProfile, type RenderOptions, XmlWriter } from '@invoice/ubl';
import { writeLineItem } from './build-line-item.ts';
import { writePayee, writePaymentMeans, writePaymentTerms } from './build-payment.ts';
import { writeBuyerOrderReference, writeBuyerReference, writeInvoiceReference } from './build-references.ts';
import { writeDocumentAllowanceCharge, writeMonetarySummation, writeTaxBreakdown } from './build-settlement.ts';
import { writeDelivery, writeTradeParty } from './build-trade-party.ts';
import { CII_NAMESPACES, writeDate } from './cii-values.ts';

/** The profile a CII document is written in: Peppol BIS Billing is UBL only (profileCarries in the model). */
export function ciiProfile(profile: EInvoiceProfile): Exclude<EInvoiceProfile, 'peppol'> {
  if (profile === 'peppol') throw new RangeError('Peppol BIS Billing 3.0 is written as UBL only, not as CII');
  return profile;
}

/**
 * Renders a UN/CEFACT Cross Industry Invoice (D16B) from the D1 result, type code 380, or 381 for a credit note
 * (which names the invoice it corrects, BG-3, when given): the Factur-X EN 16931 profile, or XRechnung 3.0 on
 * top of it (the same document-profile.ts decisions as the UBL). Elements follow the sequence of the Factur-X
 * 1.09 EN 16931 schema; every amount comes from the UBL writer's computeUblAmounts, so the CII, the UBL and the
 * JSON totals agree to the minor unit (D1), and the output depends on the input only (D14).
 */
export function renderInvoiceCii(resolved: ResolvedInvoice, options: RenderOptions = {}): string {
  const { request: req, totals } = resolved;
  const currency = totals.currency;
  const shape = documentProfile(resolved, ciiProfile(options.profile ?? einvoiceProfileOf(req)));
  const amounts = shape.amounts;
  const hasTax = totals.tax_lines.length > 0;
  const w = new XmlWriter();

  w.open('rsm:CrossIndustryInvoice', CII_NAMESPACES);
  w.open('rsm:ExchangedDocumentContext');
  if (shape.ids.profileId !== undefined)
    w.open('ram:BusinessProcessSpecifiedDocumentContextParameter').leaf('ram:ID', shape.ids.profileId).close();
  w.open('ram:GuidelineSpecifiedDocumentContextParameter').leaf('ram:ID', shape.ids.customizationId).close();
  w.close();
  w.open('rsm:ExchangedDocument')
    .leaf('ram:ID', req.invoice.number)
    .leaf('ram:TypeCode', DOCUMENT_TYPE_CODES[documentTypeOf(req.invoice)]);
  writeDate(w, 'ram:IssueDateTime', req.invoice.date);
  for (const note of shape.notes) w.open('ram:IncludedNote').leaf('ram:Content', note).close();
  w.close();

  w.open('rsm:SupplyChainTradeTransaction');
  totals.lines.forEach((line, i) => writeLineItem(w, i, line, amounts.lines[i], currency));
  w.open('ram:ApplicableHeaderTradeAgreement');
  writeBuyerReference(w, req.invoice);
  writeTradeParty(w, 'seller', shape.seller, hasTax);
  writeTradeParty(w, 'buyer', shape.buyer, hasTax);
  writeBuyerOrderReference(w, req.invoice);
  w.close();
  writeDelivery(w, req.ship_to, shape.deliverTo);

  w.open('ram:ApplicableHeaderTradeSettlement')
    .leaf('ram:PaymentReference', req.invoice.number)
    .leaf('ram:InvoiceCurrencyCode', currency);
  writePayee(w, req.payment);
  writePaymentMeans(w, req.payment);
  writeTaxBreakdown(w, amounts, currency);
  for (const ac of amounts.allowanceCharges) writeDocumentAllowanceCharge(w, ac, currency);
  writePaymentTerms(w, req.invoice.terms, req.invoice.due_date);
  writeMonetarySummation(w, amounts, currency);
  writeInvoiceReference(w, req.invoice);
  w.close().close().close();
  return w.toString();
}
