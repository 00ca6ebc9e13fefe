import type { DocumentFacts } from './document-facts.ts';
import { type EInvoiceIssue, issueOf } from './einvoice-rule-fixes.ts';
import type { ElectronicAddress } from './party-profile.ts';
import { customerCountry, postalCountry, supplierCountry, vatIdOf } from './peppol-countries.ts';
import { normalizeSpace } from './xpath-values.ts';

/** Peppol's u:TinVerification: digits 1–8 weighted 256…2, sum mod 11 mod 10 = digit 9 (longer input: ignored). */
function validTin(value: string): boolean {
  const d = [...value].slice(0, 9);
  if (d.length < 9 || !d.every((c) => /^[0-9]$/.test(c))) return false;
  const sum = d.slice(0, 8).reduce((s, c, i) => s + Number(c) * 2 ** (8 - i), 0);
  return (sum % 11) % 10 === Number(d[8]);
}

const GREEK_DOCUMENT_TYPES = ['1.1', '1.6', '2.1', '2.4', '5.1', '5.2'];
const ID_DATE = /^(0?[1-9]|[12][0-9]|3[01])[-\\/ ]?(0?[1-9]|1[0-2])[-\\/ ]?(19|20)[0-9]{2}/;

/** GR-R-001: a Greek seller's invoice number is TIN|dd/mm/yyyy|serial|document type|series|number. */
function invoiceNumberIssues(f: DocumentFacts): EInvoiceIssue[] {
  const s = f.number.split('|');
  const present = (x: string | undefined) => x !== undefined && normalizeSpace(x).length > 0;
  const [year, month, day] = f.issueDate.split('-');
  const date = s[1]?.split('/') ?? [];
  const failed: [string, boolean][] = [
    ['GR-R-001-1', s.length !== 6],
    [
      'GR-R-001-2',
      !(normalizeSpace(s[0]).length === 9 && validTin(s[0]) && s[0] === vatIdOf(f.seller, f.hasTax)?.slice(2, 11)),
    ],
    ['GR-R-001-3', !(present(s[1]) && ID_DATE.test(s[1]) && date[0] === day && date[1] === month && date[2] === year)],
    ['GR-R-001-4', !(present(s[2]) && /^[ \t\r\n]*\+?[0-9]+[ \t\r\n]*$/.test(s[2]))],
    ['GR-R-001-5', !(present(s[3]) && GREEK_DOCUMENT_TYPES.includes(s[3]))],
    ['GR-R-001-6', !(s[4]?.length > 0)],
    ['GR-R-001-7', !(s[5]?.length > 0)],
  ];
  return failed.filter(([, fails]) => fails).map(([rule]) => issueOf(rule));
}

const tinEndpoint = (e: ElectronicAddress) => e.scheme === '9933' && validTin(e.id);
const greekVat = (vat: string | undefined) => vat?.startsWith('EL') === true && validTin(vat.slice(2));

/**
 * GR-R: a Greek seller (by VAT prefix EL or GR, else postal address). Its document needs a MARK number from the
 * Greek tax authority's myDATA, which the service has no field for: GR-R-004-1 then always stands.
 */
export function greekIssues(f: DocumentFacts): EInvoiceIssue[] {
  const greek = (country: string) => country === 'GR' || country === 'EL';
  if (!greek(supplierCountry(f))) return [];
  const found = invoiceNumberIssues(f);
  const sellerVat = vatIdOf(f.seller, f.hasTax);
  if (sellerVat !== undefined && !greekVat(sellerVat)) found.push(issueOf('GR-R-003'));
  if (postalCountry(f.seller) === 'GR') found.push(issueOf('GR-R-004-1'));
  if (f.seller.endpoint && !tinEndpoint(f.seller.endpoint)) found.push(issueOf('GR-R-009'));
  if (greek(customerCountry(f))) {
    if (!greekVat(vatIdOf(f.buyer, f.hasTax))) found.push(issueOf('GR-R-006'));
    if (f.buyer.endpoint && !tinEndpoint(f.buyer.endpoint)) found.push(issueOf('GR-R-010'));
  }
  return found;
}
