// The e-invoice profiles a request may ask for (issue 22, decision E5) and what each can carry. `en16931` is the
// CEN core the service always wrote; `peppol` is Peppol BIS Billing 3.0 (UBL only); `xrechnung` is XRechnung 3.0
// (UBL and CII). A profile shapes the UBL and CII documents (packages/ubl, packages/cii), including those a hosted
// link opens later; the JSON and PDF outputs carry it for those documents. Factur-X stays EN 16931.
import { PEPPOL_EAS_CODES, XRECHNUNG_EAS_CODES, XRECHNUNG_ICD_CODES } from './identifier-schemes.ts';
import type { IssueRule } from './issue-rules.ts';

export const EINVOICE_PROFILES = ['en16931', 'peppol', 'xrechnung'] as const;
export type EInvoiceProfile = (typeof EINVOICE_PROFILES)[number];

const NAMES: Readonly<Record<EInvoiceProfile, string>> = {
  en16931: 'EN 16931',
  peppol: 'Peppol BIS Billing 3.0',
  xrechnung: 'XRechnung 3.0',
};

/** The profile of a parsed request; a hosted-link snapshot made before issue 22 (D9: up to 7 days) has none. */
export function einvoiceProfileOf(req: { einvoice_profile?: EInvoiceProfile }): EInvoiceProfile {
  return req.einvoice_profile ?? 'en16931';
}

/** The XML syntaxes each profile is written in. */
const SYNTAXES: Readonly<Record<EInvoiceProfile, readonly ('ubl' | 'cii')[]>> = {
  en16931: ['ubl', 'cii'],
  peppol: ['ubl'],
  xrechnung: ['ubl', 'cii'],
};

/** Whether `profile` can be written as the document `format` (ubl, cii; facturx is EN 16931 only). */
export function profileCarries(profile: EInvoiceProfile, format: string): boolean {
  if (format === 'ubl' || format === 'cii') return SYNTAXES[profile].includes(format);
  if (format === 'facturx') return profile === 'en16931';
  return true;
}

interface ProfileRequest {
  einvoice_profile: EInvoiceProfile;
  output: string;
  from: { electronic_address?: { scheme: string }; registration_scheme?: string };
  to: { electronic_address?: { scheme: string }; registration_scheme?: string };
}

interface ProfileIssue {
  path: (string | number)[];
  rule: IssueRule;
  message: string;
}

/**
 * The 400s of a profile: an output it cannot be written in, and party codes its receivers' lists refuse
 * (PEPPOL-EN16931-CL008 has no `EM`; XRechnung's CEN 1.3.15 lists lack the newest codes). Data the profile
 * needs but the request lacks is no 400: it is named in X-EInvoice-Issues (and by POST /api/validate-invoice).
 */
export function profileRequestIssues(req: ProfileRequest): ProfileIssue[] {
  const profile = req.einvoice_profile;
  const issues: ProfileIssue[] = [];
  if (!profileCarries(profile, req.output)) {
    const why =
      req.output === 'facturx'
        ? 'a Factur-X PDF carries the EN 16931 profile only'
        : `${NAMES[profile]} is written as ${SYNTAXES[profile].map((s) => s.toUpperCase()).join(' or ')} only`;
    issues.push({
      path: ['einvoice_profile'],
      rule: 'conflict',
      message: `cannot be ${profile} with output ${req.output}: ${why}`,
    });
  }
  const eas = profile === 'peppol' ? PEPPOL_EAS_CODES : profile === 'xrechnung' ? XRECHNUNG_EAS_CODES : undefined;
  for (const party of ['from', 'to'] as const) {
    const scheme = req[party].electronic_address?.scheme;
    if (eas && scheme !== undefined && !eas.has(scheme))
      issues.push({
        path: [party, 'electronic_address', 'scheme'],
        rule: 'enum',
        message:
          scheme === 'EM'
            ? `must not be EM under ${profile}: an e-mail address is no Peppol participant id`
            : `is not an electronic address scheme ${NAMES[profile]} accepts`,
      });
    const icd = req[party].registration_scheme;
    if (profile === 'xrechnung' && icd !== undefined && !XRECHNUNG_ICD_CODES.has(icd))
      issues.push({
        path: [party, 'registration_scheme'],
        rule: 'enum',
        message: 'is not an identifier scheme XRechnung 3.0 accepts (its code list ends at 0244)',
      });
  }
  return issues;
}
