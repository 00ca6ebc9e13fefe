import { documentFacts } from './document-facts.ts';
import { documentProfile } from './document-profile.ts';
import { type EInvoiceIssue, issueOf, orderedIssues } from './einvoice-rule-fixes.ts';
import { en16931Issues } from './en16931-issues.ts';
import { type EInvoiceProfile, einvoiceProfileOf, type ResolvedInvoice } from './model-imports.ts';
import { profileIssues } from './profile-issues.ts';
import { computeUblAmounts } from './ubl-amounts.ts';

/**
 * The fatal rules the official validators of the profile (the EN 16931 layer included: CEN 1.3.16 for Peppol,
 * KoSIT's CEN 1.3.15 for XRechnung) report on the UBL written for this request, for lack of request data, each
 * with the field that fixes it (X-EInvoice-Issues). Computed from the request and the profile's decisions
 * (document-profile.ts), never from the XML. For `en16931` these are en16931Issues' rules.
 */
export function ublEInvoiceIssues(
  resolved: ResolvedInvoice,
  profile: EInvoiceProfile = einvoiceProfileOf(resolved.request),
): EInvoiceIssue[] {
  const amounts = computeUblAmounts(resolved);
  const cen = en16931Issues(resolved, amounts).map((rule) => issueOf(rule));
  if (profile === 'en16931') return cen;
  const facts = documentFacts(resolved, documentProfile(resolved, profile, amounts), 'ubl');
  return orderedIssues([...cen, ...profileIssues(facts, profile)]);
}
