import type { ShipTo } from '@invoice/model';
import { type PartyProfile, present, taxSchemeFor, type UblAddress, type XmlWriter } from '@invoice/ubl';

/** The CII tax registration scheme of a party's tax_id: VA for a VAT number (BT-31/BT-48), FC for any other (BT-32). */
const TAX_SCHEME_IDS = { VAT: 'VA', TAX: 'FC' } as const;

/**
 * ram:PostalTradeAddress in the TradeAddressType sequence: PostcodeCode, LineOne, LineTwo, LineThree,
 * CityName, CountryID, CountrySubDivisionName. The schema requires CountryID, so an address without a
 * country is not written at all (ciiEn16931Issues reports it).
 */
function writeAddress(w: XmlWriter, a: UblAddress | undefined): void {
  if (a?.countryCode === undefined) return;
  w.open('ram:PostalTradeAddress')
    .optLeaf('ram:PostcodeCode', a.postalZone)
    .optLeaf('ram:LineOne', a.streetName)
    .optLeaf('ram:LineTwo', a.additionalStreetName)
    .optLeaf('ram:LineThree', a.addressLine)
    .optLeaf('ram:CityName', a.cityName)
    .leaf('ram:CountryID', a.countryCode)
    .optLeaf('ram:CountrySubDivisionName', a.countrySubentity)
    .close();
}

/**
 * A seller or buyer (BG-4, BG-7) in the TradePartyType sequence: ID, Name, SpecifiedLegalOrganization (ID with
 * its scheme, BT-30-1), DefinedTradeContact (PersonName BT-41, phone, e-mail), PostalTradeAddress,
 * URIUniversalCommunication (the electronic address, BT-34/BT-49), SpecifiedTaxRegistration. The party is the
 * one the UBL writes (party-profile.ts: the address mapping, a profile's derivations).
 */
export function writeTradeParty(
  w: XmlWriter,
  role: 'seller' | 'buyer',
  party: PartyProfile,
  invoiceHasTax: boolean,
): void {
  const scheme = party.taxId === undefined ? undefined : taxSchemeFor(party.taxId, invoiceHasTax);
  // A buyer has a VAT identifier only (BT-48; Factur-X allows schemeID VA alone there): any other tax id
  // of the buyer is its identifier (BT-46), so that it still reaches the receiver.
  const buyerOtherId = role === 'buyer' && scheme === 'TAX';
  w.open(role === 'seller' ? 'ram:SellerTradeParty' : 'ram:BuyerTradeParty');
  if (buyerOtherId) w.leaf('ram:ID', party.taxId!);
  w.leaf('ram:Name', party.name);
  if (party.registrationNo !== undefined) {
    const id = party.registrationScheme === undefined ? undefined : { schemeID: party.registrationScheme };
    w.open('ram:SpecifiedLegalOrganization').leaf('ram:ID', party.registrationNo, id).close();
  }
  const contact = party.contact;
  if (contact) {
    w.open('ram:DefinedTradeContact').optLeaf('ram:PersonName', contact.name);
    if (contact.phone !== undefined)
      w.open('ram:TelephoneUniversalCommunication').leaf('ram:CompleteNumber', contact.phone).close();
    if (contact.email !== undefined)
      w.open('ram:EmailURIUniversalCommunication').leaf('ram:URIID', contact.email).close();
    w.close();
  }
  writeAddress(w, party.address);
  if (party.endpoint)
    w.open('ram:URIUniversalCommunication')
      .leaf('ram:URIID', party.endpoint.id, { schemeID: party.endpoint.scheme })
      .close();
  if (scheme !== undefined && !buyerOtherId)
    w.open('ram:SpecifiedTaxRegistration').leaf('ram:ID', party.taxId!, { schemeID: TAX_SCHEME_IDS[scheme] }).close();
  w.close();
}

/**
 * ram:ApplicableHeaderTradeDelivery (required, possibly empty) with the ship-to party (BG-13, BT-70) and its
 * address as the profile writes it (BG-15).
 */
export function writeDelivery(w: XmlWriter, shipTo: ShipTo | undefined, address: UblAddress | undefined): void {
  w.open('ram:ApplicableHeaderTradeDelivery');
  if (shipTo && (present(shipTo.name) || address?.countryCode !== undefined)) {
    w.open('ram:ShipToTradeParty').optLeaf('ram:Name', shipTo.name);
    writeAddress(w, address);
    w.close();
  }
  w.close();
}
