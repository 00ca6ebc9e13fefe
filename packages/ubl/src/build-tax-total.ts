import { buildTaxCategory } from './build-tax-category.ts';
import type { CurrencyCode } from './model-imports.ts';
import type { UblAmounts } from './ubl-amounts.ts';
import { amountText } from './ubl-values.ts';
import type { XmlWriter } from './xml-writer.ts';

/** cac:TaxTotal: the D1 total tax (BT-110) and one cac:TaxSubtotal per breakdown (BG-23). */
export function buildTaxTotal(w: XmlWriter, amounts: UblAmounts, currency: CurrencyCode): void {
  const cur = { currencyID: currency };
  w.open('cac:TaxTotal').leaf('cbc:TaxAmount', amountText(amounts.taxAmount, currency), cur);
  for (const s of amounts.subtotals) {
    w.open('cac:TaxSubtotal')
      .leaf('cbc:TaxableAmount', amountText(s.taxable, currency), cur)
      .leaf('cbc:TaxAmount', amountText(s.amount, currency), cur);
    buildTaxCategory(w, 'cac:TaxCategory', s.category);
    w.close();
  }
  w.close();
}
