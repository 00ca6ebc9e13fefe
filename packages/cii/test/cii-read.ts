/**
 * Reads values back out of a produced CII (or UBL) document for the tests: the texts of every element of
 * a name, in document order. Enough for the flat leaves these tests compare; the XML structure itself is
 * checked by the schema (cii-xsd-validation.test.ts).
 */
const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#13;/g, '\r')
    .replace(/&amp;/g, '&');

export function texts(xml: string, name: string): string[] {
  const re = new RegExp(`<${name}(?:\\s[^>]*)?>([^<]*)</${name}>`, 'g');
  return [...xml.matchAll(re)].map((m) => unescapeXml(m[1]));
}

export function text(xml: string, name: string): string {
  const [first] = texts(xml, name);
  if (first === undefined) throw new Error(`no <${name}> in the document`);
  return first;
}

/** The part of the document inside the first element of that name. */
export function inside(xml: string, name: string): string {
  const start = xml.indexOf(`<${name}>`);
  const end = xml.indexOf(`</${name}>`, start);
  if (start < 0 || end < 0) throw new Error(`no <${name}> in the document`);
  return xml.slice(start, end);
}

/** The CII monetary summation (BG-22) and the UBL totals of the same invoice, as the documents write them. */
export function ciiSummation(xml: string) {
  const s = inside(xml, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  return {
    lineTotal: text(s, 'ram:LineTotalAmount'),
    chargeTotal: text(s, 'ram:ChargeTotalAmount'),
    allowanceTotal: text(s, 'ram:AllowanceTotalAmount'),
    taxBasisTotal: text(s, 'ram:TaxBasisTotalAmount'),
    taxTotal: text(s, 'ram:TaxTotalAmount'),
    rounding: text(s, 'ram:RoundingAmount'),
    grandTotal: text(s, 'ram:GrandTotalAmount'),
    prepaid: text(s, 'ram:TotalPrepaidAmount'),
    duePayable: text(s, 'ram:DuePayableAmount'),
  };
}

export function ublTotals(xml: string) {
  const m = inside(xml, 'cac:LegalMonetaryTotal');
  return {
    lineTotal: text(m, 'cbc:LineExtensionAmount'),
    chargeTotal: text(m, 'cbc:ChargeTotalAmount'),
    allowanceTotal: text(m, 'cbc:AllowanceTotalAmount'),
    taxBasisTotal: text(m, 'cbc:TaxExclusiveAmount'),
    taxTotal: text(inside(xml, 'cac:TaxTotal'), 'cbc:TaxAmount'),
    rounding: text(m, 'cbc:PayableRoundingAmount'),
    grandTotal: text(m, 'cbc:TaxInclusiveAmount'),
    prepaid: text(m, 'cbc:PrepaidAmount'),
    duePayable: text(m, 'cbc:PayableAmount'),
  };
}
