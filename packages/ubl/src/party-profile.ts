import { type EInvoiceProfile, isValidEmailAddress, type Party } from './model-imports.ts';
import { splitPostcodeLine } from './postal-code.ts';
import { type AddressFields, type UblAddress, ublAddress } from './ubl-address.ts';
import { present } from './xml-writer.ts';

/** A party's electronic address (BT-34 / BT-49): an EAS code and the identifier in it. */
export interface ElectronicAddress {
  scheme: string;
  id: string;
}

/** What the seller's or buyer's element carries under a profile: the request's data plus what the profile derives. */
export interface PartyProfile {
  name: string;
  website?: string;
  address?: UblAddress;
  endpoint?: ElectronicAddress;
  /** BT-32/BT-31 or BT-48, as written. */
  taxId?: string;
  registrationNo?: string;
  /** BT-30-1 / BT-47-1, written only beside a registration number. */
  registrationScheme?: string;
  /** BG-6 / BG-9: absent when the party gives no contact name, phone or e-mail. */
  contact?: { name?: string; phone?: string; email?: string };
}

const given = (s: string | undefined) => (present(s) ? s : undefined);

/**
 * The address a profile document writes: the EN 16931 mapping (ubl-address.ts), and under Peppol and XRechnung
 * the post code split off a free-text last line when that is unambiguous (postal-code.ts) and the request gave
 * neither `postal_code` nor `city`.
 */
export function profileAddress(fields: AddressFields, profile: EInvoiceProfile): UblAddress | undefined {
  const address = ublAddress(fields);
  if (!address || profile === 'en16931' || address.postalZone !== undefined || present(fields.city)) return address;
  if (address.cityName === undefined || address.countryCode === undefined) return address;
  const split = splitPostcodeLine(address.cityName, address.countryCode);
  return split ? { ...address, ...split } : address;
}

/**
 * XRechnung accepts `EM` (an e-mail address, CEN's EAS list) as an electronic address, so a party's own e-mail
 * stands in for a missing one there. Peppol's list has no EM: nothing is ever derived for Peppol, and no
 * participant id (9930 from a VAT number, 0204 from a Leitweg-ID…) is ever made up.
 */
function endpointOf(party: Party, profile: EInvoiceProfile): ElectronicAddress | undefined {
  if (party.electronic_address) return party.electronic_address;
  if (profile !== 'xrechnung' || !present(party.email)) return undefined;
  const email = party.email.trim();
  return isValidEmailAddress(email.toLowerCase()) ? { scheme: 'EM', id: email } : undefined;
}

/**
 * The party as a profile writes it. Under en16931 every value is the request's as given (today's documents, byte
 * for byte); the profiles write identifiers trimmed, since several receivers' rules measure them without
 * normalising the spaces (PEPPOL-COMMON-R042, SE-R-002, NO-R-001).
 */
export function partyProfile(party: Party, profile: EInvoiceProfile): PartyProfile {
  const id = (s: string | undefined) => (present(s) ? (profile === 'en16931' ? s : s.trim()) : undefined);
  const registrationNo = id(party.registration_no);
  const contact = { name: given(party.contact_name), phone: given(party.phone), email: given(party.email) };
  return {
    name: party.name,
    website: given(party.website),
    address: profileAddress(party, profile),
    endpoint: endpointOf(party, profile),
    taxId: id(party.tax_id),
    registrationNo,
    registrationScheme: registrationNo === undefined ? undefined : party.registration_scheme,
    contact: Object.values(contact).some((v) => v !== undefined) ? contact : undefined,
  };
}
