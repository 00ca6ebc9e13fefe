import type { UblTaxCategory } from './tax-category.ts';
import { decimalText } from './ubl-values.ts';
import type { XmlWriter } from './xml-writer.ts';

const TAX_SCHEME_ID = 'VAT';

/**
 * A TaxCategory or ClassifiedTaxCategory in the TaxCategoryType sequence:
 * ID, Name, Percent, TaxExemptionReasonCode, TaxExemptionReason, TaxScheme.
 */
export function buildTaxCategory(w: XmlWriter, element: string, c: UblTaxCategory, withReason = true): void {
  w.open(element).leaf('cbc:ID', c.id).optLeaf('cbc:Name', c.name);
  if (c.percent !== undefined) w.leaf('cbc:Percent', decimalText(c.percent));
  if (withReason)
    w.optLeaf('cbc:TaxExemptionReasonCode', c.exemptionReasonCode).optLeaf('cbc:TaxExemptionReason', c.exemptionReason);
  w.open('cac:TaxScheme').leaf('cbc:ID', TAX_SCHEME_ID).close();
  w.close();
}
