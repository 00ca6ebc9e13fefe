import type { DocumentFacts } from './document-facts.ts';
import { type EInvoiceIssue, issueOf } from './einvoice-rule-fixes.ts';
import type { PartyProfile } from './party-profile.ts';
import { postalCountry } from './peppol-countries.ts';

/** The credit-transfer and card codes NL-R-008 allows between Dutch parties (the writer's fallback 1 is not one). */
const DUTCH_PAYMENT_CODES = ['30', '48', '49', '57', '58', '59'];
const DUTCH_REGISTRATION_SCHEMES = ['0106', '0190'];

/** The first of street, post code and city a written address lacks (NL-R-002/004 want all three). */
function missingAddressPart(party: PartyProfile, role: 'from' | 'to'): string | undefined {
  const a = party.address;
  if (!a) return undefined;
  if (a.streetName === undefined) return `${role}.street`;
  if (a.postalZone === undefined) return `${role}.postal_code`;
  return a.cityName === undefined ? `${role}.city` : undefined;
}

/** Peppol's NL-R rules: a seller with a Dutch postal address (NL-R-004/005/008: and a Dutch buyer). */
export function netherlandsIssues(f: DocumentFacts): EInvoiceIssue[] {
  if (postalCountry(f.seller) !== 'NL') return [];
  const buyerNL = postalCountry(f.buyer) === 'NL';
  const found: EInvoiceIssue[] = [];
  if (f.type === 'credit_note' && !f.precedingInvoice) found.push(issueOf('NL-R-001'));
  const sellerGap = missingAddressPart(f.seller, 'from');
  if (sellerGap) found.push(issueOf('NL-R-002', sellerGap));
  const notKvk = (p: PartyProfile) =>
    p.registrationNo !== undefined && !DUTCH_REGISTRATION_SCHEMES.includes(p.registrationScheme ?? '');
  if (notKvk(f.seller)) found.push(issueOf('NL-R-003'));
  if (f.type === 'invoice' && f.payable.gt(0) && f.paymentMeansCode === undefined) found.push(issueOf('NL-R-007'));
  if (!buyerNL) return found;
  const buyerGap = missingAddressPart(f.buyer, 'to');
  if (buyerGap) found.push(issueOf('NL-R-004', buyerGap));
  if (notKvk(f.buyer)) found.push(issueOf('NL-R-005'));
  if (f.paymentMeansCode !== undefined && !DUTCH_PAYMENT_CODES.includes(f.paymentMeansCode))
    found.push(issueOf('NL-R-008'));
  return found;
}
