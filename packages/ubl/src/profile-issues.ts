import type { DocumentFacts } from './document-facts.ts';
import { type EInvoiceIssue, issueOf } from './einvoice-rule-fixes.ts';
import { germanIssues, PEPPOL_GERMAN_RULE_IDS, XRECHNUNG_RULE_IDS } from './german-issues.ts';
import { greekIssues } from './greek-issues.ts';
import { italianIssues } from './italian-issues.ts';
import type { EInvoiceProfile } from './model-imports.ts';
import { netherlandsIssues } from './netherlands-issues.ts';
import { nordicIssues } from './nordic-issues.ts';
import { postalCountry } from './peppol-countries.ts';

/** PEPPOL-EN16931-R010/R020: both profiles route by the parties' electronic addresses. */
function endpointIssues(f: DocumentFacts): EInvoiceIssue[] {
  const found: EInvoiceIssue[] = [];
  if (!f.buyer.endpoint) found.push(issueOf('PEPPOL-EN16931-R010'));
  if (!f.seller.endpoint) found.push(issueOf('PEPPOL-EN16931-R020'));
  return found;
}

/**
 * Peppol BIS Billing 3.0: its own transaction rules, the German ones between two German postal addresses, and the
 * national rules the seller's country triggers. R001/R004/R007 (identifiers), R002 (one note), R040 and R120
 * (line arithmetic) are the writer's and never stand.
 */
function peppolIssues(f: DocumentFacts): EInvoiceIssue[] {
  const found = endpointIssues(f);
  if (!f.buyerReference && !f.orderReference) found.push(issueOf('PEPPOL-EN16931-R003'));
  if (postalCountry(f.seller) === 'DE' && postalCountry(f.buyer) === 'DE')
    found.push(...germanIssues(f, PEPPOL_GERMAN_RULE_IDS));
  return [...found, ...netherlandsIssues(f), ...nordicIssues(f), ...italianIssues(f), ...greekIssues(f)];
}

/**
 * XRechnung 3.0: the BR-DE rules for every document, the Peppol rules KoSIT merges in, and CEN's BR-CO-25,
 * which KoSIT's CEN 1.3.15 still runs (1.3.16 dropped it): an amount due needs a due date or payment terms.
 * UBL checks it on invoices only, CII on every document.
 */
function xrechnungIssues(f: DocumentFacts): EInvoiceIssue[] {
  const found = [...endpointIssues(f), ...germanIssues(f, XRECHNUNG_RULE_IDS)];
  const checked = f.syntax === 'cii' || f.type === 'invoice';
  if (checked && f.payable.gt(0) && !f.dueDate && f.terms === undefined) found.push(issueOf('BR-CO-25'));
  return found;
}

/** The profile's own rules (beside the EN 16931 ones) the document fails for lack of request data. */
export function profileIssues(f: DocumentFacts, profile: EInvoiceProfile): EInvoiceIssue[] {
  if (profile === 'peppol') return peppolIssues(f);
  return profile === 'xrechnung' ? xrechnungIssues(f) : [];
}
