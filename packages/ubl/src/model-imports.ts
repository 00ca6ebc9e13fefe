/**
 * The one place this package reaches into @invoice/model: the UBL writer depends on the D1 types and
 * money helpers only, never on the calculator (renderers are written from a ResolvedInvoice).
 */
export type {
  CalculatedInvoice,
  CalculatedLine,
  CurrencyCode,
  DocumentType,
  EInvoiceProfile,
  InvoiceRequest,
  Party,
  Payment,
  ResolvedInvoice,
  ShipTo,
} from '@invoice/model';
export {
  DOCUMENT_TYPE_CODES,
  documentTypeOf,
  einvoiceProfileOf,
  HUNDRED,
  isCountryCode,
  isValidEmailAddress,
  minorUnits,
  money,
  moneyToString,
  norwegianOrganisation,
  roundMoney,
  ZERO,
} from '@invoice/model';
