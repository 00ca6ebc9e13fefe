/**
 * The one place this package reaches into @invoice/model: the UBL writer depends on the D1 types and
 * money helpers only, never on the calculator (renderers are written from a ResolvedInvoice).
 */
export type { ResolvedInvoice, CalculatedInvoice, CalculatedLine, InvoiceRequest, Party, Payment, ShipTo, CurrencyCode } from '@invoice/model';
export { isCountryCode, minorUnits, money, moneyToString, roundMoney, ZERO, HUNDRED } from '@invoice/model';
