import type { CurrencyCode } from './model-imports.ts';
import type { MonetaryTotal } from './ubl-amounts.ts';
import { amountText } from './ubl-values.ts';
import type { XmlWriter } from './xml-writer.ts';

/**
 * cac:LegalMonetaryTotal (BG-22) in the MonetaryTotalType sequence. Every element is written, zeros
 * included, so that a reader never has to guess whether a missing total means 0.
 */
export function buildMonetaryTotal(w: XmlWriter, m: MonetaryTotal, currency: CurrencyCode): void {
  const cur = { currencyID: currency };
  const t = (name: string, v: MonetaryTotal[keyof MonetaryTotal]) => w.leaf(name, amountText(v, currency), cur);
  w.open('cac:LegalMonetaryTotal');
  t('cbc:LineExtensionAmount', m.lineExtension);
  t('cbc:TaxExclusiveAmount', m.taxExclusive);
  t('cbc:TaxInclusiveAmount', m.taxInclusive);
  t('cbc:AllowanceTotalAmount', m.allowanceTotal);
  t('cbc:ChargeTotalAmount', m.chargeTotal);
  t('cbc:PrepaidAmount', m.prepaid);
  t('cbc:PayableRoundingAmount', m.rounding);
  t('cbc:PayableAmount', m.payable);
  w.close();
}
