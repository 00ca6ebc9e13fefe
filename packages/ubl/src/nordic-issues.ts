import type { DocumentFacts } from './document-facts.ts';
import { type EInvoiceIssue, issueOf } from './einvoice-rule-fixes.ts';
import { norwegianOrganisation } from './model-imports.ts';
import { postalCountry, supplierCountry, taxRegistrationOf, vatIdOf } from './peppol-countries.ts';
import type { UblAddress } from './ubl-address.ts';
import { isXPathNumber, normalizeSpace } from './xpath-values.ts';

/** Peppol's u:checkSEOrgnr: digits only; the 10th is the Luhn check of the first nine. */
function swedishCheckDigit(id: string): boolean {
  if (!/^[0-9]+$/.test(id) || id.length < 10) return false;
  const sum = [...id.slice(0, 9)]
    .reverse()
    .map(Number)
    .reduce((s, d, i) => s + (i % 2 === 0 ? ((d * 2) % 10) + Math.floor((d * 2) / 10) : d), 0);
  return (10 - (sum % 10)) % 10 === Number(id[9]);
}

/** NO-R-001: a VAT id starting NO must be NO, an organisation number with a valid mod 11 check digit, MVA. */
function norwayIssues(f: DocumentFacts): EInvoiceIssue[] {
  const vat = vatIdOf(f.seller, f.hasTax);
  if (supplierCountry(f) !== 'NO' || vat === undefined || !vat.startsWith('NO')) return [];
  const ok = /^[0-9]{9}MVA$/.test(vat.slice(2)) && norwegianOrganisation(vat.slice(2, 11));
  return ok ? [] : [issueOf('NO-R-001')];
}

const SWEDISH_RATES = ['25', '12', '6'];

/** SE-R: a seller with a Swedish postal address (SE-R-001/002/006: and a VAT id starting SE). */
function swedenIssues(f: DocumentFacts): EInvoiceIssue[] {
  if (postalCountry(f.seller) !== 'SE') return [];
  const found: EInvoiceIssue[] = [];
  const vat = vatIdOf(f.seller, f.hasTax);
  if (vat?.startsWith('SE')) {
    if (normalizeSpace(vat).length !== 14) found.push(issueOf('SE-R-001'));
    if (!isXPathNumber(vat.slice(2, 14))) found.push(issueOf('SE-R-002'));
    const offRate = f.standardRates.find((r) => !SWEDISH_RATES.includes(r.rate.toString()));
    if (offRate) found.push(issueOf('SE-R-006', offRate.path));
  }
  const registration = f.seller.registrationNo;
  if (registration !== undefined) {
    if (!isXPathNumber(registration)) found.push(issueOf('SE-R-003'));
    if (normalizeSpace(registration).length !== 10) found.push(issueOf('SE-R-004'));
    if (!swedishCheckDigit(normalizeSpace(registration))) found.push(issueOf('SE-R-013'));
    // A Swedish seller's non-VAT tax scheme entry is reserved for its F-tax approval.
    const taxRegistration = taxRegistrationOf(f.seller, f.hasTax);
    if (taxRegistration !== undefined && normalizeSpace(taxRegistration.toUpperCase()) !== 'GODKÄND FÖR F-SKATT')
      found.push(issueOf('SE-R-005'));
  }
  return found;
}

const DANISH_INVOICE_PAYMENT_CODES = ['1', '10', '31', '42', '48', '49', '50', '58', '59', '93', '97'];
const DANISH_CVR = '0184';

/** DK-R: a seller with a Danish postal address (DK-R-005/017: and a Danish buyer). */
function denmarkIssues(f: DocumentFacts): EInvoiceIssue[] {
  if (postalCountry(f.seller) !== 'DK') return [];
  const found: EInvoiceIssue[] = [];
  if (f.seller.registrationNo === undefined) found.push(issueOf('DK-R-002'));
  else if (f.seller.registrationScheme !== DANISH_CVR) found.push(issueOf('DK-R-014'));
  if (postalCountry(f.buyer) !== 'DK') return found;
  const code = f.paymentMeansCode;
  if (f.type === 'invoice' && code !== undefined && !DANISH_INVOICE_PAYMENT_CODES.includes(code))
    found.push(issueOf('DK-R-005'));
  if (f.buyer.registrationNo !== undefined && f.buyer.registrationScheme !== DANISH_CVR)
    found.push(issueOf('DK-R-017'));
  return found;
}

const KENNITALA = '0196';

/** IS-R: a seller with an Icelandic postal address (IS-R-004/005: and an Icelandic buyer). */
function icelandIssues(f: DocumentFacts): EInvoiceIssue[] {
  if (postalCountry(f.seller) !== 'IS') return [];
  const found: EInvoiceIssue[] = [];
  const streetAndCode = (a: UblAddress | undefined) => a?.streetName !== undefined && a.postalZone !== undefined;
  if (f.seller.registrationScheme !== KENNITALA) found.push(issueOf('IS-R-002'));
  if (!streetAndCode(f.seller.address)) found.push(issueOf('IS-R-003'));
  if (postalCountry(f.buyer) === 'IS') {
    if (f.buyer.registrationScheme !== KENNITALA) found.push(issueOf('IS-R-004'));
    if (!streetAndCode(f.buyer.address)) found.push(issueOf('IS-R-005'));
  }
  return found;
}

/** The national Peppol rules of the Nordic countries the seller's data triggers. */
export function nordicIssues(f: DocumentFacts): EInvoiceIssue[] {
  return [...norwayIssues(f), ...swedenIssues(f), ...denmarkIssues(f), ...icelandIssues(f)];
}
