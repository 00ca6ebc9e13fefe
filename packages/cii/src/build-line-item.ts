import type { CalculatedLine, CurrencyCode } from '@invoice/model';
import {
  amountText,
  DISCOUNT_REASON,
  DISCOUNT_REASON_CODE,
  decimalText,
  type NetLine,
  priceText,
  unitCodeFor,
  type XmlWriter,
} from '@invoice/ubl';
import { writeCategory, writeChargeIndicator } from './cii-values.ts';

/**
 * ram:IncludedSupplyChainTradeLineItem (BG-25): line id (BT-126), item name (BT-153), net price (BT-146),
 * billed quantity with its unit (BT-129/BT-130), and the settlement: the line's VAT category (BG-30), its
 * discount as a line allowance (BG-27) and its net amount (BT-131). The amounts are the UBL line's.
 */
export function writeLineItem(
  w: XmlWriter,
  index: number,
  line: CalculatedLine,
  net: NetLine,
  currency: CurrencyCode,
): void {
  w.open('ram:IncludedSupplyChainTradeLineItem');
  w.open('ram:AssociatedDocumentLineDocument')
    .leaf('ram:LineID', String(index + 1))
    .close();
  w.open('ram:SpecifiedTradeProduct').leaf('ram:Name', line.description).close();
  w.open('ram:SpecifiedLineTradeAgreement')
    .open('ram:NetPriceProductTradePrice')
    .leaf('ram:ChargeAmount', priceText(net.price, currency))
    .close()
    .close();
  w.open('ram:SpecifiedLineTradeDelivery')
    .leaf('ram:BilledQuantity', decimalText(line.quantity), { unitCode: unitCodeFor(line.unit) })
    .close();
  w.open('ram:SpecifiedLineTradeSettlement');
  writeCategory(w, 'ram:ApplicableTradeTax', net.category);
  const a = net.allowance;
  if (a) {
    w.open('ram:SpecifiedTradeAllowanceCharge');
    writeChargeIndicator(w, false);
    if (a.percent !== undefined)
      w.leaf('ram:CalculationPercent', decimalText(a.percent)).leaf('ram:BasisAmount', amountText(a.base, currency));
    w.leaf('ram:ActualAmount', amountText(a.amount, currency))
      .leaf('ram:ReasonCode', DISCOUNT_REASON_CODE)
      .leaf('ram:Reason', DISCOUNT_REASON)
      .close();
  }
  w.open('ram:SpecifiedTradeSettlementLineMonetarySummation')
    .leaf('ram:LineTotalAmount', amountText(net.lineExtension, currency))
    .close();
  w.close().close();
}
