import { greekTin, norwegianOrganisation, swedishOrganisation } from '@invoice/model';
import { all, dec, documentLines, type El, one, opt, path } from './ubl-dom.ts';

/**
 * The tests' own versions of the German and national rules an invoice request can trigger, written from the
 * rule texts of PEPPOL-EN16931-UBL.sch 3.0.21 (DE-R, NO-R, SE-R, NL-R, DK-R, IT-R, IS-R) and
 * XRechnung-UBL-validation.sch 2.5.0 (BR-DE). Each returns "RULE: detail" strings for the produced UBL; the corpus
 * test compares their ids with the prediction of every request, complete or not.
 */

const text = (el: El | undefined) => el?.text.trim() ?? '';
const party = (doc: El, role: string) => path(doc, role, 'cac:Party');
const seller = (doc: El) => party(doc, 'cac:AccountingSupplierParty');
const buyer = (doc: El) => party(doc, 'cac:AccountingCustomerParty');
/** The country of the postal address ($supplierCountryIsDE, $DKSupplierCountry, …). */
const addressCountry = (p: El) => {
  const a = opt(p, 'cac:PostalAddress');
  return a && opt(a, 'cac:Country') ? text(path(a, 'cac:Country', 'cbc:IdentificationCode')).toUpperCase() : '';
};
const schemes = (p: El, vat: boolean) =>
  all(p, 'cac:PartyTaxScheme').filter((s) => (text(path(s, 'cac:TaxScheme', 'cbc:ID')) === 'VAT') === vat);
const vatId = (p: El) => {
  const vat = schemes(p, true)[0];
  return vat ? text(opt(vat, 'cbc:CompanyID')) : '';
};
/** $supplierCountry: the seller's VAT id prefix, else its address country. */
const supplierCountry = (doc: El) =>
  vatId(seller(doc)).slice(0, 2).toUpperCase() || addressCountry(seller(doc)) || 'XX';
const legalId = (p: El) => {
  const entity = opt(p, 'cac:PartyLegalEntity');
  return entity && opt(entity, 'cbc:CompanyID');
};
const isCreditNote = (doc: El) => doc.name === 'CreditNote';
/** NL-R-002 (seller), NL-R-004 (buyer): a postal address, when given, has street, city and post code. */
const dutchAddressComplete = (p: El) => {
  const address = opt(p, 'cac:PostalAddress');
  return !address || ['cbc:StreetName', 'cbc:CityName', 'cbc:PostalZone'].every((n) => opt(address, n));
};
/** NL-R-003 (seller), NL-R-005 (buyer): a legal id, when given, is a KvK (0106) or OIN (0190) number. */
const dutchLegalIdValid = (p: El) => {
  const id = legalId(p);
  return !id || (['0106', '0190'].includes(id.attrs.schemeID ?? '') && text(id) !== '');
};
const SKONTO = /(^|\r?\n)#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/;
export const TAXED = ['S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M'];
/** XPath `string(number(s)) != 'NaN'`: an optional sign, digits with an optional decimal point, spaces around. */
const xpathNumeric = (s: string) => /^\s*-?([0-9]+(\.[0-9]*)?|\.[0-9]+)\s*$/.test(s);

/**
 * BR-DE-18 / DE-R-018 on the first payment terms note (UBL) or description (CII): every line starting with `#`
 * matches XR-SKONTO-REGEX, and what follows the last `#…#` starts with a line break.
 */
export function skontoLinesValid(note: string): boolean {
  const lines = note.split(/\r?\n/).filter((l) => l.trim().startsWith('#'));
  const tail = note.split(/#.+#/).at(-1) ?? '';
  return lines.length === 0 || (lines.every((l) => SKONTO.test(l.trim())) && /^\s*\n/.test(tail));
}

/** BG-15, cac:Delivery/cac:DeliveryLocation/cac:Address. */
function deliveryAddress(doc: El): El | undefined {
  const location = all(doc, 'cac:Delivery')
    .map((d) => opt(d, 'cac:DeliveryLocation'))
    .find((l) => l);
  return location && opt(location, 'cac:Address');
}

/** BR-DE-n for XRechnung; DE-R-00n for Peppol when seller and buyer are in Germany (the same texts). */
export function germanChecks(doc: El, family: 'BR-DE' | 'DE-R'): string[] {
  const id = (n: number) => (family === 'BR-DE' ? `BR-DE-${n}` : `DE-R-${String(n).padStart(3, '0')}`);
  const v: string[] = [];
  if (!opt(doc, 'cac:PaymentMeans')) v.push(`${id(1)}: no PaymentMeans`);
  const contact = opt(seller(doc), 'cac:Contact');
  if (!contact) v.push(`${id(2)}: no seller Contact`);
  else
    for (const [name, n] of [
      ['cbc:Name', 5],
      ['cbc:Telephone', 6],
      ['cbc:ElectronicMail', 7],
    ] as const)
      if (text(opt(contact, name)) === '') v.push(`${id(n)}: seller contact without ${name}`);
  const addresses: [El | undefined, number, number][] = [
    [opt(seller(doc), 'cac:PostalAddress'), 3, 4],
    [opt(buyer(doc), 'cac:PostalAddress'), 8, 9],
    [deliveryAddress(doc), 10, 11],
  ];
  for (const [address, city, code] of addresses) {
    if (!address) continue;
    if (text(opt(address, 'cbc:CityName')) === '') v.push(`${id(city)}: no CityName`);
    if (text(opt(address, 'cbc:PostalZone')) === '') v.push(`${id(code)}: no PostalZone`);
  }
  if (text(opt(doc, 'cbc:BuyerReference')) === '') v.push(`${id(15)}: no BuyerReference`);
  const categories = [
    ...all(doc, 'cac:AllowanceCharge').map((a) => text(path(a, 'cac:TaxCategory', 'cbc:ID'))),
    ...documentLines(doc).map((l) => text(path(l, 'cac:Item', 'cac:ClassifiedTaxCategory', 'cbc:ID'))),
  ];
  const sellerTaxId = all(seller(doc), 'cac:PartyTaxScheme').some((s) => text(opt(s, 'cbc:CompanyID')) !== '');
  if (categories.some((c) => TAXED.includes(c)) && !sellerTaxId && !opt(doc, 'cac:TaxRepresentativeParty'))
    v.push(`${id(16)}: taxed categories without a seller tax id`);
  const paymentTerms = opt(doc, 'cac:PaymentTerms');
  const terms = paymentTerms && opt(paymentTerms, 'cbc:Note');
  if (terms && !skontoLinesValid(terms.text)) v.push(`${id(18)}: Skonto lines`);
  return v;
}

/** The Peppol national rules a seller's (and buyer's) country triggers. */
export function nationalChecks(doc: El): string[] {
  const v: string[] = [];
  const from = seller(doc);
  const to = buyer(doc);
  const sellerAt = addressCountry(from);
  const buyerAt = addressCountry(to);
  const country = supplierCountry(doc);
  if (sellerAt === 'DE' && buyerAt === 'DE') v.push(...germanChecks(doc, 'DE-R'));
  if (country === 'NO') {
    const vat = vatId(from);
    if (vat.startsWith('NO') && !(/^NO[0-9]{9}MVA$/.test(vat) && norwegianOrganisation(vat.slice(2, 11))))
      v.push('NO-R-001: NO + organisation number + MVA');
  }
  if (sellerAt === 'SE' && vatId(from).startsWith('SE')) {
    if (vatId(from).length !== 14) v.push('SE-R-001: VAT id of 14 characters');
    if (!xpathNumeric(vatId(from).slice(2, 14))) v.push('SE-R-002: numeric after SE');
    for (const c of [
      ...all(doc, 'cac:TaxTotal')
        .flatMap((t) => all(t, 'cac:TaxSubtotal'))
        .map((s) => one(s, 'cac:TaxCategory')),
      ...all(doc, 'cac:AllowanceCharge').map((a) => one(a, 'cac:TaxCategory')),
      ...documentLines(doc).map((l) => path(l, 'cac:Item', 'cac:ClassifiedTaxCategory')),
    ])
      if (text(one(c, 'cbc:ID')) === 'S' && !['25', '12', '6'].includes(dec(one(c, 'cbc:Percent')).toString()))
        v.push('SE-R-006: standard rate 25, 12 or 6');
  }
  if (sellerAt === 'SE') {
    const id = legalId(from);
    if (id) {
      if (!xpathNumeric(text(id))) v.push('SE-R-003: numeric');
      if (text(id).length !== 10) v.push('SE-R-004: 10 characters');
      if (!swedishOrganisation(text(id))) v.push('SE-R-013: Luhn');
      for (const s of schemes(from, false))
        if (text(opt(s, 'cbc:CompanyID')).toUpperCase() !== 'GODKÄND FÖR F-SKATT')
          v.push('SE-R-005: Godkänd för F-skatt');
    }
  }
  if (sellerAt === 'NL') {
    const corrected = all(doc, 'cac:BillingReference').some((b) => {
      const ref = opt(b, 'cac:InvoiceDocumentReference');
      return ref !== undefined && opt(ref, 'cbc:ID') !== undefined;
    });
    if (isCreditNote(doc) && !corrected) v.push('NL-R-001: credit note without invoice reference');
    if (!dutchAddressComplete(from)) v.push('NL-R-002: street, city and post code');
    if (!dutchLegalIdValid(from)) v.push('NL-R-003: CompanyID scheme 0106 or 0190');
    const payable = dec(path(doc, 'cac:LegalMonetaryTotal', 'cbc:PayableAmount'));
    const owed = isCreditNote(doc) ? payable.lt(0) : payable.gt(0);
    if (owed && !opt(doc, 'cac:PaymentMeans')) v.push('NL-R-007: no PaymentMeans');
    if (buyerAt === 'NL') {
      if (!dutchAddressComplete(to)) v.push('NL-R-004: buyer street, city and post code');
      if (!dutchLegalIdValid(to)) v.push('NL-R-005: buyer CompanyID scheme 0106 or 0190');
      for (const m of all(doc, 'cac:PaymentMeans'))
        if (!['30', '48', '49', '57', '58', '59'].includes(text(one(m, 'cbc:PaymentMeansCode'))))
          v.push('NL-R-008: payment means code');
    }
  }
  if (sellerAt === 'DK') {
    const id = legalId(from);
    if (text(id) === '') v.push('DK-R-002: no CVR');
    if (id && id.attrs.schemeID !== '0184') v.push('DK-R-014: CompanyID scheme 0184');
    if (buyerAt === 'DK') {
      if (!isCreditNote(doc))
        for (const m of all(doc, 'cac:PaymentMeans'))
          if (!' 1 10 31 42 48 49 50 58 59 93 97 '.includes(` ${text(one(m, 'cbc:PaymentMeansCode'))} `))
            v.push('DK-R-005: payment means code');
      const bid = legalId(to);
      if (bid && bid.attrs.schemeID !== '0184') v.push('DK-R-017: buyer CompanyID scheme 0184');
    }
  }
  if (country === 'IT') {
    for (const s of schemes(from, false))
      if (!/^[A-Z0-9]{11,16}$/.test(text(opt(s, 'cbc:CompanyID')))) v.push('IT-R-001: tax registration id');
    const address = opt(from, 'cac:PostalAddress');
    for (const [name, rule] of [
      ['cbc:StreetName', 'IT-R-002'],
      ['cbc:CityName', 'IT-R-003'],
      ['cbc:PostalZone', 'IT-R-004'],
    ])
      if (!address || !opt(address, name)) v.push(`${rule}: ${name}`);
  }
  v.push(...greekChecks(doc));
  if (sellerAt === 'IS') {
    const id = legalId(from);
    if (id?.attrs.schemeID !== '0196') v.push('IS-R-002: kennitala (0196)');
    const address = opt(from, 'cac:PostalAddress');
    if (!address || !opt(address, 'cbc:StreetName') || !opt(address, 'cbc:PostalZone'))
      v.push('IS-R-003: street and post code');
  }
  return v;
}

const GREEK = ['GR', 'EL'];
const GREEK_DOCUMENT_TYPES = ['1.1', '1.6', '2.1', '2.4', '5.1', '5.2'];
const GREEK_DATE = /^(0?[1-9]|[12][0-9]|3[01])[-\\/ ]?(0?[1-9]|1[0-2])[-\\/ ]?(19|20)[0-9]{2}/;

/** The Greek rules ($isGreekSender: the seller's VAT prefix, else its address country, is GR or EL). */
function greekChecks(doc: El): string[] {
  const from = seller(doc);
  const to = buyer(doc);
  if (!GREEK.includes(supplierCountry(doc))) return [];
  const v: string[] = [];
  const segments = text(one(doc, 'cbc:ID')).split('|');
  const segment = (n: number) => segments[n - 1] ?? '';
  if (segments.length !== 6) v.push('GR-R-001-1: six segments');
  const tin = segment(1);
  if (!(tin.trim().length === 9 && greekTin(tin) && tin === vatId(from).slice(2, 11))) v.push('GR-R-001-2: seller TIN');
  const [day, month, year] = segment(2).split('/');
  const [issueYear, issueMonth, issueDay] = text(one(doc, 'cbc:IssueDate')).split('-');
  if (!(GREEK_DATE.test(segment(2)) && day === issueDay && month === issueMonth && year === issueYear))
    v.push('GR-R-001-3: the issue date');
  if (!/^\s*[0-9]+\s*$/.test(segment(3))) v.push('GR-R-001-4: a positive integer');
  if (!GREEK_DOCUMENT_TYPES.includes(segment(4))) v.push('GR-R-001-5: a Greek document type');
  if (segment(5) === '') v.push('GR-R-001-6: fifth segment');
  if (segment(6) === '') v.push('GR-R-001-7: sixth segment');
  if (text(opt(opt(from, 'cac:PartyName') ?? from, 'cbc:Name')) === '') v.push('GR-R-002: seller name');
  for (const s of schemes(from, true)) {
    const vat = text(opt(s, 'cbc:CompanyID'));
    if (!(vat.startsWith('EL') && greekTin(vat.slice(2)))) v.push('GR-R-003: EL + TIN');
  }
  if (addressCountry(from) === 'GR') {
    const marks = all(doc, 'cac:AdditionalDocumentReference').filter(
      (r) => text(opt(r, 'cbc:DocumentDescription')) === '##M.AR.K##',
    );
    if (marks.length !== 1) v.push('GR-R-004-1: one MARK number');
  }
  const buyerName = opt(to, 'cac:PartyName');
  if (!buyerName || text(opt(buyerName, 'cbc:Name')) === '') v.push('GR-R-005: buyer name');
  const accountingCountry = vatId(from).slice(0, 2).toUpperCase() || addressCountry(from);
  const endpoint = opt(from, 'cbc:EndpointID');
  if (
    GREEK.includes(accountingCountry)
    && endpoint
    && !(endpoint.attrs.schemeID === '9933' && greekTin(text(endpoint)))
  )
    v.push('GR-R-009: seller endpoint 9933 TIN');
  const customerCountry = vatId(to).slice(0, 2).toUpperCase() || addressCountry(to);
  if (GREEK.includes(customerCountry)) {
    const vats = schemes(to, true).map((s) => text(opt(s, 'cbc:CompanyID')));
    if (!(vats.length === 1 && vats[0].startsWith('EL') && greekTin(vats[0].slice(2))))
      v.push('GR-R-006: buyer VAT EL + TIN');
    const buyerEndpoint = opt(to, 'cbc:EndpointID');
    if (buyerEndpoint && !(buyerEndpoint.attrs.schemeID === '9933' && greekTin(text(buyerEndpoint))))
      v.push('GR-R-010: buyer endpoint 9933 TIN');
  }
  return v;
}
