import { buildLineAllowance } from './build-allowance-charge.ts';
import { buildTaxCategory } from './build-tax-category.ts';
import type { CalculatedLine, CurrencyCode } from './model-imports.ts';
import type { NetLine } from './net-line-amounts.ts';
import { DISCOUNT_REASON, DISCOUNT_REASON_CODE } from './ubl-amounts.ts';
import type { UblDocumentKind } from './ubl-document-kind.ts';
import { amountText, decimalText, priceText } from './ubl-values.ts';
import { unitCodeFor } from './unit-codes.ts';
import type { XmlWriter } from './xml-writer.ts';

/**
 * cac:InvoiceLine (BG-25) in the InvoiceLineType sequence: ID, InvoicedQuantity, LineExtensionAmount,
 * AllowanceCharge, Item (Name, ClassifiedTaxCategory), Price; on a credit note cac:CreditNoteLine with
 * cbc:CreditedQuantity, whose sequence is the same for the elements written here.
 */
export function buildInvoiceLine(
  w: XmlWriter,
  kind: UblDocumentKind,
  index: number,
  line: CalculatedLine,
  net: NetLine,
  currency: CurrencyCode,
): void {
  const cur = { currencyID: currency };
  w.open(kind.lineElement)
    .leaf('cbc:ID', String(index + 1))
    .leaf(kind.quantityElement, decimalText(line.quantity), { unitCode: unitCodeFor(line.unit) })
    .leaf('cbc:LineExtensionAmount', amountText(net.lineExtension, currency), cur);
  if (net.allowance) buildLineAllowance(w, net.allowance, DISCOUNT_REASON, DISCOUNT_REASON_CODE, currency);
  w.open('cac:Item').leaf('cbc:Name', line.description);
  buildTaxCategory(w, 'cac:ClassifiedTaxCategory', net.category, false);
  w.close();
  w.open('cac:Price').leaf('cbc:PriceAmount', priceText(net.price, currency), cur).close();
  w.close();
}
