import type { DocumentFacts } from './document-facts.ts';
import { type EInvoiceIssue, issueOf } from './einvoice-rule-fixes.ts';
import { normalizeSpace } from './xpath-values.ts';

/**
 * The German rules: XRechnung's BR-DE (every XRechnung document) and their translation into Peppol BIS, DE-R
 * (a Peppol document whose seller and buyer both have a German postal address). Same tests, two sets of ids.
 */
type GermanRule =
  | 'payment'
  | 'contact'
  | 'sellerCity'
  | 'sellerPostcode'
  | 'contactName'
  | 'contactPhone'
  | 'contactEmail'
  | 'buyerCity'
  | 'buyerPostcode'
  | 'deliverToCity'
  | 'deliverToPostcode'
  | 'buyerReference'
  | 'taxId'
  | 'skonto';

export const XRECHNUNG_RULE_IDS: Readonly<Record<GermanRule, string>> = {
  payment: 'BR-DE-1',
  contact: 'BR-DE-2',
  sellerCity: 'BR-DE-3',
  sellerPostcode: 'BR-DE-4',
  contactName: 'BR-DE-5',
  contactPhone: 'BR-DE-6',
  contactEmail: 'BR-DE-7',
  buyerCity: 'BR-DE-8',
  buyerPostcode: 'BR-DE-9',
  deliverToCity: 'BR-DE-10',
  deliverToPostcode: 'BR-DE-11',
  buyerReference: 'BR-DE-15',
  taxId: 'BR-DE-16',
  skonto: 'BR-DE-18',
};

export const PEPPOL_GERMAN_RULE_IDS: Readonly<Record<GermanRule, string>> = {
  payment: 'DE-R-001',
  contact: 'DE-R-002',
  sellerCity: 'DE-R-003',
  sellerPostcode: 'DE-R-004',
  contactName: 'DE-R-005',
  contactPhone: 'DE-R-006',
  contactEmail: 'DE-R-007',
  buyerCity: 'DE-R-008',
  buyerPostcode: 'DE-R-009',
  deliverToCity: 'DE-R-010',
  deliverToPostcode: 'DE-R-011',
  buyerReference: 'DE-R-015',
  taxId: 'DE-R-016',
  skonto: 'DE-R-018',
};

/** The categories whose use requires a seller VAT or tax registration id (BR-DE-16); O does not. */
const TAXABLE_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M'];

/** XRechnung's XR-SKONTO-REGEX (common.sch), for one line of the terms after normalize-space. */
const SKONTO_LINE = /(^|\r?\n)#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/;

/**
 * BR-DE-18: every line of the terms (BT-20) that starts with `#` must be a Skonto statement, and the text after
 * the last `#…#` must begin with a line break (XPath's `.` matches no line break, hence `[^\r\n]`).
 */
export function failsSkonto(terms: string | undefined): boolean {
  if (terms === undefined) return false;
  const hashLines = terms.split(/\r?\n/).filter((line) => normalizeSpace(line).startsWith('#'));
  if (hashLines.length === 0) return false;
  const tokens = terms.split(/#[^\r\n]+#/);
  const endsWithBreak = /^[ \t\r\n]*\n/.test(tokens[tokens.length - 1]);
  return !endsWithBreak || !hashLines.every((line) => SKONTO_LINE.test(normalizeSpace(line)));
}

export function germanIssues(f: DocumentFacts, ids: Readonly<Record<GermanRule, string>>): EInvoiceIssue[] {
  const found: EInvoiceIssue[] = [];
  const add = (rule: GermanRule, failed: boolean) => {
    if (failed) found.push(issueOf(ids[rule]));
  };
  add('payment', f.paymentMeansCode === undefined);
  add('buyerReference', !f.buyerReference);
  add('taxId', f.seller.taxId === undefined && TAXABLE_CATEGORIES.some((c) => f.categories.has(c)));
  add('skonto', failsSkonto(f.terms));
  const contact = f.seller.contact;
  add('contact', contact === undefined);
  if (contact) {
    add('contactName', contact.name === undefined);
    add('contactPhone', contact.phone === undefined);
    add('contactEmail', contact.email === undefined);
  }
  // Each address rule looks inside an address that is written: without one, CEN's BR-08/BR-10 speak.
  const seller = f.seller.address;
  if (seller) {
    add('sellerCity', seller.cityName === undefined);
    add('sellerPostcode', seller.postalZone === undefined);
  }
  const buyer = f.buyer.address;
  if (buyer) {
    add('buyerCity', buyer.cityName === undefined);
    add('buyerPostcode', buyer.postalZone === undefined);
  }
  if (f.deliverTo) {
    add('deliverToCity', f.deliverTo.cityName === undefined);
    add('deliverToPostcode', f.deliverTo.postalZone === undefined);
  }
  return found;
}
