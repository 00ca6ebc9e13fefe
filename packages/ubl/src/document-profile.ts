import { type EInvoiceProfile, type ResolvedInvoice, ZERO } from './model-imports.ts';
import { type PartyProfile, partyProfile, profileAddress } from './party-profile.ts';
import { PROFILE_IDENTIFIERS, type ProfileIdentifiers } from './profile-identifiers.ts';
import { profileLines } from './profile-lines.ts';
import type { UblAddress } from './ubl-address.ts';
import { computeUblAmounts, type UblAmounts } from './ubl-amounts.ts';
import { present } from './xml-writer.ts';

/**
 * Everything a profile decides about the document of one request, computed once for the UBL and CII writers
 * and for the issue prediction alike, so that what is predicted is what is written. Under `en16931` it is
 * exactly what the writers wrote before profiles existed.
 */
export interface DocumentProfile {
  profile: EInvoiceProfile;
  ids: ProfileIdentifiers;
  /** The document notes (BT-22), each non-blank. */
  notes: string[];
  seller: PartyProfile;
  buyer: PartyProfile;
  deliverTo?: UblAddress;
  /** The amounts as the document states them: D1's, with the profile's restatements (profile-lines.ts). */
  amounts: UblAmounts;
}

/** Peppol allows one note (PEPPOL-EN16931-R002, unless seller and buyer are both German): they become one. */
const NOTE_SEPARATOR = '\n\n';

/**
 * The amounts a profile states differently, all without changing a total: restated line prices and lines'
 * percent allowances (profile-lines.ts); a rate of 0 on the "not subject to VAT" (O) breakdown, since XRechnung
 * (BR-DE-14) and Peppol between German parties (DE-R-014) want a rate on every breakdown and EN 16931 allows it
 * there (never on O lines or allowances: BR-O-05…07); and no empty charge reason (an empty `shipping_label`),
 * which PEPPOL-EN16931-R008 refuses: the reason code says what the charge is.
 */
function profileAmounts(resolved: ResolvedInvoice, amounts: UblAmounts): UblAmounts {
  const { totals } = resolved;
  return {
    ...amounts,
    lines: profileLines(amounts.lines, totals.lines, totals.currency),
    allowanceCharges: amounts.allowanceCharges.map((ac) => (present(ac.reason) ? ac : { ...ac, reason: undefined })),
    subtotals: amounts.subtotals.map((s) =>
      s.category.id === 'O' ? { ...s, category: { ...s.category, percent: ZERO } } : s,
    ),
  };
}

export function documentProfile(
  resolved: ResolvedInvoice,
  profile: EInvoiceProfile,
  amounts: UblAmounts = computeUblAmounts(resolved),
): DocumentProfile {
  const { request: req } = resolved;
  const notes = [req.notes, req.refund_policy, req.footer].filter(present);
  return {
    profile,
    ids: PROFILE_IDENTIFIERS[profile],
    notes: profile === 'peppol' && notes.length > 1 ? [notes.join(NOTE_SEPARATOR)] : notes,
    seller: partyProfile(req.from, profile),
    buyer: partyProfile(req.to, profile),
    deliverTo: req.ship_to && profileAddress(req.ship_to, profile),
    amounts: profile === 'en16931' ? amounts : profileAmounts(resolved, amounts),
  };
}
