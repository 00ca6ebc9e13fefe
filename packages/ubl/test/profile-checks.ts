import { Decimal } from 'decimal.js';
import { germanChecks, nationalChecks } from './national-checks.ts';
import { all, dec, documentLines, type El, one, opt, path } from './ubl-dom.ts';

/**
 * Re-implementation, for the tests, of the Peppol BIS Billing 3.0 and XRechnung 3.0 rules the profile layer
 * itself is responsible for (written from the rule texts of PEPPOL-EN16931-UBL.sch 3.0.21 and
 * XRechnung-UBL-validation.sch 2.5.0), plus the data rules every complete corpus request must satisfy. Reads
 * the produced UBL only and returns the violations as "RULE: detail" strings.
 */

export const PEPPOL_BT24 = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const XRECHNUNG_BT24 = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
export const BILLING_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const SLACK = new Decimal('0.02');
const text = (el: El | undefined) => el?.text.trim() ?? '';
const party = (doc: El, role: string) => path(doc, role, 'cac:Party');
const country = (p: El) => {
  const a = opt(p, 'cac:PostalAddress');
  return a && opt(a, 'cac:Country') ? path(a, 'cac:Country', 'cbc:IdentificationCode').text : undefined;
};

/** PEPPOL-EN16931-R008: no element without children and without text. */
function emptyElements(el: El, found: string[] = []): string[] {
  if (el.children.length === 0 && el.text.trim() === '') found.push(el.name);
  for (const c of el.children) emptyElements(c, found);
  return found;
}

/** The line rules both profiles share: R120 (line net = qty × price − allowances ± 0.02), R040–R042. */
function lineArithmetic(doc: El): string[] {
  const v: string[] = [];
  for (const line of documentLines(doc)) {
    const id = one(line, 'cbc:ID').text;
    const qty = dec(opt(line, 'cbc:InvoicedQuantity') ?? opt(line, 'cbc:CreditedQuantity'));
    const price = dec(path(line, 'cac:Price', 'cbc:PriceAmount'));
    const allowances = all(line, 'cac:AllowanceCharge').reduce(
      (s, a) => s.plus(dec(one(a, 'cbc:Amount'))),
      new Decimal(0),
    );
    const net = dec(one(line, 'cbc:LineExtensionAmount'));
    if (net.minus(qty.times(price).minus(allowances)).abs().gt(SLACK))
      v.push(`PEPPOL-EN16931-R120: line ${id}: ${net} ≠ ${qty} × ${price} − ${allowances}`);
  }
  for (const ac of [
    ...all(doc, 'cac:AllowanceCharge'),
    ...documentLines(doc).flatMap((l) => all(l, 'cac:AllowanceCharge')),
  ]) {
    const pct = opt(ac, 'cbc:MultiplierFactorNumeric');
    const base = opt(ac, 'cbc:BaseAmount');
    if ((pct === undefined) !== (base === undefined))
      v.push('PEPPOL-EN16931-R041/R042: percentage and base go together');
    if (
      pct
      && base
      && dec(one(ac, 'cbc:Amount'))
        .minus(dec(base).times(dec(pct)).dividedBy(100))
        .abs()
        .gt(SLACK)
    )
      v.push(`PEPPOL-EN16931-R040: ${one(ac, 'cbc:Amount').text} ≠ ${base.text} × ${pct.text} %`);
  }
  return v;
}

/** What both profiles write: BT-23, electronic addresses with their scheme, a rate on every breakdown, no empty element. */
function commonChecks(doc: El): string[] {
  const v: string[] = [];
  if (text(opt(doc, 'cbc:ProfileID')) !== BILLING_PROCESS) v.push('PEPPOL-EN16931-R001/R007: ProfileID');
  for (const [role, rule] of [
    ['cac:AccountingSupplierParty', 'PEPPOL-EN16931-R020'],
    ['cac:AccountingCustomerParty', 'PEPPOL-EN16931-R010'],
  ]) {
    const endpoint = opt(party(doc, role), 'cbc:EndpointID');
    if (!endpoint || text(endpoint) === '' || !endpoint.attrs.schemeID) v.push(`${rule}: EndpointID with schemeID`);
  }
  for (const s of all(one(doc, 'cac:TaxTotal'), 'cac:TaxSubtotal'))
    if (text(opt(path(s, 'cac:TaxCategory'), 'cbc:Percent')) === '')
      v.push('BR-DE-14/DE-R-014: breakdown without Percent');
  for (const name of emptyElements(doc)) v.push(`PEPPOL-EN16931-R008: empty ${name}`);
  return [...v, ...lineArithmetic(doc)];
}

/** Peppol BIS Billing 3.0 (PEPPOL-EN16931-UBL.sch): its identifiers, one note, a reference, the national rules. */
export function checkPeppol(doc: El): string[] {
  const v = commonChecks(doc);
  if (!text(opt(doc, 'cbc:CustomizationID')).startsWith(PEPPOL_BT24)) v.push('PEPPOL-EN16931-R004: CustomizationID');
  const bothDE = ['cac:AccountingSupplierParty', 'cac:AccountingCustomerParty'].every(
    (r) => country(party(doc, r)) === 'DE',
  );
  if (all(doc, 'cbc:Note').length > 1 && !bothDE) v.push('PEPPOL-EN16931-R002: more than one Note');
  if (!opt(doc, 'cbc:BuyerReference') && !opt(doc, 'cac:OrderReference')) v.push('PEPPOL-EN16931-R003: no reference');
  return [...v, ...nationalChecks(doc)];
}

/** XRechnung 3.0 (XRechnung-UBL-validation.sch): BT-24 exactly, and the BR-DE data a complete request gives. */
export function checkXRechnung(doc: El): string[] {
  const v = commonChecks(doc);
  if (text(opt(doc, 'cbc:CustomizationID')) !== XRECHNUNG_BT24) v.push('BR-DE-21: CustomizationID is not XRechnung’s');
  // BR-CO-25 as CEN 1.3.15 (the rules KoSIT's XRechnung 3.0.2 runs) words it, on invoices only.
  const owed = doc.name === 'Invoice' && dec(path(doc, 'cac:LegalMonetaryTotal', 'cbc:PayableAmount')).gt(0);
  const terms = all(doc, 'cac:PaymentTerms').some((t) => opt(t, 'cbc:Note'));
  if (owed && !opt(doc, 'cbc:DueDate') && !terms) v.push('BR-CO-25: amount due without due date or terms');
  return [...v, ...germanChecks(doc, 'BR-DE')];
}
