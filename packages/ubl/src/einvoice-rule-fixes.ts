import { DECIMAL_RULES } from './decimal-issues.ts';

/**
 * One fatal rule the official validators of a profile will report on the document written for a request, for
 * lack of (or a fault in) request data: the rule id as the validator names it, the request field that fixes it
 * and what to add (X-EInvoice-Issues, POST /api/validate-invoice).
 */
export interface EInvoiceIssue {
  rule: string;
  path: string;
  message: string;
}

type Fix = readonly [path: string, message: string];

const seller = (what: string, field: string): Fix => [`from.${field}`, `add the seller's ${what} (from.${field})`];
const buyer = (what: string, field: string): Fix => [`to.${field}`, `add the buyer's ${what} (to.${field})`];
const TAX_ID: Fix = ['from.tax_id', 'add the seller’s VAT number or tax registration id (from.tax_id)'];
const PAYMENT: Fix = ['payment', 'add payment instructions: payment.iban (or account_number, instructions)'];
/** C-ISO: EN 16931 amounts have at most 2 decimals; KWD, BHD, OMR, JOD, TND, LYD and IQD have 3. */
const DECIMALS: Fix = [
  'invoice.currency',
  'EN 16931 allows at most 2 decimals in an amount: a 3-decimal currency (KWD, BHD, OMR…) cannot conform',
];
const CREDIT_TRANSFER: Fix = ['payment.iban', 'add payment.iban (or payment.account_number): a credit transfer'];

/**
 * Every rule id an issue list can hold, in the order lists give them, with its default field and message
 * (docs/einvoice-profiles.md has this table). The CEN rules come first, then Peppol's, the German (BR-DE and
 * Peppol's DE-R) and the other national ones.
 */
export const EINVOICE_RULE_FIXES: Readonly<Record<string, Fix>> = {
  'BR-08': ['from.country', 'add the seller’s country (from.country) or any address field'],
  'BR-09': ['from.country', 'add the seller’s country (from.country)'],
  'BR-10': ['to.country', 'add the buyer’s country (to.country) or any address field'],
  'BR-11': ['to.country', 'add the buyer’s country (to.country)'],
  'BR-57': ['ship_to.country', 'add the deliver-to country (ship_to.country)'],
  'BR-CO-26': ['from.registration_no', 'identify the seller: from.registration_no, or a VAT number as from.tax_id'],
  'BR-S-02': TAX_ID,
  'BR-S-03': TAX_ID,
  'BR-Z-02': TAX_ID,
  'BR-Z-03': TAX_ID,
  'BR-Z-04': TAX_ID,
  'BR-E-02': TAX_ID,
  'BR-E-03': TAX_ID,
  'BR-S-09': ['items', 'several tax components at one rate round a whole currency unit apart (JPY, KRW)'],
  'BR-CO-17': ['items', 'several tax components at one rate round a whole currency unit apart (JPY, KRW)'],
  ...Object.fromEntries(DECIMAL_RULES.map((rule) => [rule, DECIMALS])),
  'BR-CO-25': ['invoice.due_date', 'add invoice.due_date or invoice.terms: an amount is due'],
  'PEPPOL-EN16931-R003': ['invoice.buyer_reference', 'add invoice.buyer_reference or invoice.po_number'],
  'PEPPOL-EN16931-R010': ['to.electronic_address', 'add the buyer’s electronic address (to.electronic_address)'],
  'PEPPOL-EN16931-R020': ['from.electronic_address', 'add the seller’s electronic address (from.electronic_address)'],
  'BR-DE-1': PAYMENT,
  'BR-DE-2': ['from.contact_name', 'add the seller contact: from.contact_name, from.phone and from.email'],
  'BR-DE-3': seller('city', 'city'),
  'BR-DE-4': seller('post code', 'postal_code'),
  'BR-DE-5': seller('contact name or department', 'contact_name'),
  'BR-DE-6': seller('contact phone', 'phone'),
  'BR-DE-7': seller('contact e-mail', 'email'),
  'BR-DE-8': buyer('city', 'city'),
  'BR-DE-9': buyer('post code', 'postal_code'),
  'BR-DE-10': ['ship_to.city', 'add the deliver-to city (ship_to.city)'],
  'BR-DE-11': ['ship_to.postal_code', 'add the deliver-to post code (ship_to.postal_code)'],
  'BR-DE-15': ['invoice.buyer_reference', 'add invoice.buyer_reference (the Leitweg-ID of a German public buyer)'],
  'BR-DE-16': TAX_ID,
  'BR-DE-18': ['invoice.terms', 'a terms line starting with # must read #SKONTO#TAGE=n#PROZENT=n.nn# and end the line'],
  'DE-R-001': PAYMENT,
  'DE-R-002': ['from.contact_name', 'add the seller contact: from.contact_name, from.phone and from.email'],
  'DE-R-003': seller('city', 'city'),
  'DE-R-004': seller('post code', 'postal_code'),
  'DE-R-005': seller('contact name or department', 'contact_name'),
  'DE-R-006': seller('contact phone', 'phone'),
  'DE-R-007': seller('contact e-mail', 'email'),
  'DE-R-008': buyer('city', 'city'),
  'DE-R-009': buyer('post code', 'postal_code'),
  'DE-R-010': ['ship_to.city', 'add the deliver-to city (ship_to.city)'],
  'DE-R-011': ['ship_to.postal_code', 'add the deliver-to post code (ship_to.postal_code)'],
  'DE-R-015': ['invoice.buyer_reference', 'add invoice.buyer_reference: required between German parties'],
  'DE-R-016': TAX_ID,
  'DE-R-018': ['invoice.terms', 'a terms line starting with # must read #SKONTO#TAGE=n#PROZENT=n.nn# and end the line'],
  'NL-R-001': ['invoice.original_number', 'a Dutch seller’s credit note names the invoice it corrects'],
  'NL-R-002': ['from.postal_code', 'a Dutch seller’s address needs street, post code and city'],
  'NL-R-003': ['from.registration_scheme', 'a Dutch seller’s registration_no must be a KvK (0106) or OIN (0190)'],
  'NL-R-004': ['to.postal_code', 'a Dutch buyer’s address needs street, post code and city'],
  'NL-R-005': ['to.registration_scheme', 'a Dutch buyer’s registration_no must be a KvK (0106) or OIN (0190)'],
  'NL-R-007': PAYMENT,
  'NL-R-008': CREDIT_TRANSFER,
  'NO-R-001': ['from.tax_id', 'a Norwegian VAT number is NO, 9 digits with a valid check digit, then MVA'],
  'SE-R-001': ['from.tax_id', 'a Swedish VAT number has 14 characters: SE and 12 digits'],
  'SE-R-002': ['from.tax_id', 'a Swedish VAT number is SE followed by 12 digits'],
  'SE-R-003': ['from.registration_no', 'a Swedish organisation number is numeric'],
  'SE-R-004': ['from.registration_no', 'a Swedish organisation number has 10 digits'],
  'SE-R-005': ['from.tax_id', 'a Swedish seller’s non-VAT tax id must read “Godkänd för F-skatt”'],
  'SE-R-006': ['items', 'a Swedish seller charges VAT at 25, 12 or 6 % only'],
  'SE-R-013': ['from.registration_no', 'a Swedish organisation number needs a valid check digit (Luhn)'],
  'DK-R-002': ['from.registration_no', 'add the Danish seller’s CVR number (from.registration_no, scheme 0184)'],
  'DK-R-005': CREDIT_TRANSFER,
  'DK-R-014': ['from.registration_scheme', 'a Danish seller’s registration_no must have registration_scheme 0184'],
  'DK-R-017': ['to.registration_scheme', 'a Danish buyer’s registration_no must have registration_scheme 0184'],
  'IT-R-001': ['from.tax_id', 'an Italian seller’s tax id (not VAT) has 11 to 16 letters and digits'],
  'IT-R-002': seller('street', 'street'),
  'IT-R-003': seller('city', 'city'),
  'IT-R-004': seller('post code', 'postal_code'),
  'IS-R-002': ['from.registration_no', 'add the Icelandic seller’s kennitala (registration_scheme 0196)'],
  'IS-R-003': ['from.postal_code', 'an Icelandic seller’s address needs street and post code'],
  'IS-R-004': ['to.registration_no', 'add the Icelandic buyer’s kennitala (registration_scheme 0196)'],
  'IS-R-005': ['to.postal_code', 'an Icelandic buyer’s address needs street and post code'],
  'GR-R-001-1': ['invoice.number', 'a Greek seller’s invoice number has 6 segments separated by |'],
  'GR-R-001-2': ['invoice.number', 'segment 1 of a Greek invoice number is the seller’s TIN'],
  'GR-R-001-3': ['invoice.number', 'segment 2 of a Greek invoice number is the issue date (dd/mm/yyyy)'],
  'GR-R-001-4': ['invoice.number', 'segment 3 of a Greek invoice number is a non-negative integer'],
  'GR-R-001-5': ['invoice.number', 'segment 4 of a Greek invoice number is a Greek document type (1.1, 2.1, …)'],
  'GR-R-001-6': ['invoice.number', 'segment 5 of a Greek invoice number must not be empty'],
  'GR-R-001-7': ['invoice.number', 'segment 6 of a Greek invoice number must not be empty'],
  'GR-R-003': ['from.tax_id', 'a Greek seller’s VAT number is EL and a valid 9-digit TIN'],
  'GR-R-004-1': ['einvoice_profile', 'a Greek seller needs a MARK number, which the service cannot write'],
  'GR-R-006': ['to.tax_id', 'a Greek buyer’s VAT number is EL and a valid 9-digit TIN'],
  'GR-R-009': ['from.electronic_address', 'a Greek seller’s electronic address is its TIN in scheme 9933'],
  'GR-R-010': ['to.electronic_address', 'a Greek buyer’s electronic address is its TIN in scheme 9933'],
};

const ORDER = new Map(Object.keys(EINVOICE_RULE_FIXES).map((rule, i) => [rule, i]));

/** The issue of a rule, with its table field unless the finding names a more precise one. */
export function issueOf(rule: string, path?: string): EInvoiceIssue {
  const fix = EINVOICE_RULE_FIXES[rule];
  if (!fix) throw new Error(`no fix documented for ${rule}`);
  return { rule, path: path ?? fix[0], message: fix[1] };
}

/** One issue per rule, in the table's order. */
export function orderedIssues(issues: Iterable<EInvoiceIssue>): EInvoiceIssue[] {
  const byRule = new Map<string, EInvoiceIssue>();
  for (const i of issues) if (!byRule.has(i.rule)) byRule.set(i.rule, i);
  return [...byRule.values()].sort((a, b) => ORDER.get(a.rule)! - ORDER.get(b.rule)!);
}
