import type { DocumentFacts } from './document-facts.ts';
import { type EInvoiceIssue, issueOf } from './einvoice-rule-fixes.ts';
import { supplierCountry, taxRegistrationOf } from './peppol-countries.ts';
import { normalizeSpace } from './xpath-values.ts';

/** IT-R: an Italian seller (by VAT prefix, else postal address) gives a full address and a well-formed tax id. */
export function italianIssues(f: DocumentFacts): EInvoiceIssue[] {
  if (supplierCountry(f) !== 'IT') return [];
  const found: EInvoiceIssue[] = [];
  const taxRegistration = taxRegistrationOf(f.seller, f.hasTax);
  if (taxRegistration !== undefined && !/^[A-Z0-9]{11,16}$/.test(normalizeSpace(taxRegistration)))
    found.push(issueOf('IT-R-001'));
  const a = f.seller.address;
  if (a?.streetName === undefined) found.push(issueOf('IT-R-002'));
  if (a?.cityName === undefined) found.push(issueOf('IT-R-003'));
  if (a?.postalZone === undefined) found.push(issueOf('IT-R-004'));
  return found;
}
