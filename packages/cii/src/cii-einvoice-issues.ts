import { type EInvoiceProfile, einvoiceProfileOf, type ResolvedInvoice } from '@invoice/model';
import {
  computeUblAmounts,
  documentFacts,
  documentProfile,
  type EInvoiceIssue,
  issueOf,
  orderedIssues,
  profileIssues,
} from '@invoice/ubl';
import { ciiEn16931Issues } from './cii-issues.ts';
import { ciiProfile } from './render-invoice-cii.ts';

/**
 * The fatal rules the official validators of the profile report on the CII written for this request, for lack
 * of request data (X-EInvoice-Issues): the EN 16931 ones as the CII shows them (ciiEn16931Issues), and under
 * XRechnung its rules read on the CII (which writes an address only with a country, and no payment means for a
 * credit note's due date). Peppol BIS Billing has no CII: a RangeError, as renderInvoiceCii.
 */
export function ciiEInvoiceIssues(
  resolved: ResolvedInvoice,
  profile: EInvoiceProfile = einvoiceProfileOf(resolved.request),
): EInvoiceIssue[] {
  const written = ciiProfile(profile);
  const cen = ciiEn16931Issues(resolved).map((rule) => issueOf(rule));
  if (written === 'en16931') return cen;
  const shape = documentProfile(resolved, written, computeUblAmounts(resolved));
  return orderedIssues([...cen, ...profileIssues(documentFacts(resolved, shape, 'cii'), written)]);
}
