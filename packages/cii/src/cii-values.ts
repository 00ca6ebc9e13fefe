import { decimalText, type UblTaxCategory, type XmlWriter } from '@invoice/ubl';

/** The CII namespaces (D16B, as the Factur-X 1.09 schema declares them). */
export const CII_NAMESPACES = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
} as const;

/** A request date (YYYY-MM-DD) as CII's DateTimeString format 102 (CCYYMMDD). */
function date102(isoDate: string): string {
  return isoDate.replace(/-/g, '');
}

/** A udt:DateTimeString format 102 inside the named element (IssueDateTime, DueDateDateTime…). */
export function writeDate(w: XmlWriter, element: string, isoDate: string): void {
  w.open(element).leaf('udt:DateTimeString', date102(isoDate), { format: '102' }).close();
}

/** A qdt:DateTimeString format 102 inside the named element (FormattedIssueDateTime of a referenced document). */
export function writeFormattedDate(w: XmlWriter, element: string, isoDate: string): void {
  w.open(element).leaf('qdt:DateTimeString', date102(isoDate), { format: '102' }).close();
}

/** ram:ChargeIndicator: false for an allowance, true for a charge. */
export function writeChargeIndicator(w: XmlWriter, charge: boolean): void {
  w.open('ram:ChargeIndicator')
    .leaf('udt:Indicator', charge ? 'true' : 'false')
    .close();
}

const VAT = 'VAT';

/**
 * A VAT category in the CII TradeTaxType sequence, without amounts (lines: ApplicableTradeTax; document
 * allowances and charges: CategoryTradeTax): TypeCode, CategoryCode, RateApplicablePercent (none for O).
 */
export function writeCategory(w: XmlWriter, element: string, c: UblTaxCategory): void {
  w.open(element).leaf('ram:TypeCode', VAT).leaf('ram:CategoryCode', c.id);
  if (c.percent !== undefined) w.leaf('ram:RateApplicablePercent', decimalText(c.percent));
  w.close();
}
