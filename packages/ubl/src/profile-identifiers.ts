import type { EInvoiceProfile } from './model-imports.ts';

/** The specification identifier (BT-24) and business process (BT-23) a document of each profile carries. */
export interface ProfileIdentifiers {
  customizationId: string;
  profileId?: string;
}

export const EN16931_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017';

/** Peppol BIS Billing 3.0's process; XRechnung only checks that one is given (PEPPOL-EN16931-R001), KoSIT's samples use it. */
const PEPPOL_BILLING_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/**
 * BT-24 must be XRechnung's exactly (not merely start with it): KoSIT's validator picks its scenario by this
 * string and rejects a document that matches none before any rule runs. Peppol's must start with its id
 * (PEPPOL-EN16931-R004) and its process must be an approved one (R007).
 */
export const PROFILE_IDENTIFIERS: Readonly<Record<EInvoiceProfile, ProfileIdentifiers>> = {
  en16931: { customizationId: EN16931_CUSTOMIZATION_ID },
  peppol: {
    customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    profileId: PEPPOL_BILLING_PROCESS,
  },
  xrechnung: {
    customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    profileId: PEPPOL_BILLING_PROCESS,
  },
};
