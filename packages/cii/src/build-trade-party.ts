import type { Party, ShipTo } from '@invoice/model';
import { present, taxSchemeFor, type UblAddress, ublAddress, type XmlWriter } from '@invoice/ubl';

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
 * A seller or buyer (BG-4, BG-7) in the TradePartyType sequence: ID, Name, SpecifiedLegalOrganization,
 * DefinedTradeContact, PostalTradeAddress, SpecifiedTaxRegistration. The address comes from the same
 * mapping as the UBL (structured fields over the parsed free text).
 */
export function writeTradeParty(w: XmlWriter, role: 'seller' | 'buyer', party: Party, invoiceHasTax: boolean): void {
  const scheme = present(party.tax_id) ? taxSchemeFor(party.tax_id, invoiceHasTax) : undefined;
  // A buyer has a VAT identifier only (BT-48; Factur-X allows schemeID VA alone there): any other tax id
  // of the buyer is its identifier (BT-46), so that it still reaches the receiver.
  const buyerOtherId = role === 'buyer' && scheme === 'TAX';
  w.open(role === 'seller' ? 'ram:SellerTradeParty' : 'ram:BuyerTradeParty');
  if (buyerOtherId) w.leaf('ram:ID', party.tax_id!);
  w.leaf('ram:Name', party.name);
  if (present(party.registration_no))
    w.open('ram:SpecifiedLegalOrganization').leaf('ram:ID', party.registration_no).close();
  if (present(party.phone) || present(party.email)) {
    w.open('ram:DefinedTradeContact');
    if (present(party.phone))
      w.open('ram:TelephoneUniversalCommunication').leaf('ram:CompleteNumber', party.phone).close();
    if (present(party.email)) w.open('ram:EmailURIUniversalCommunication').leaf('ram:URIID', party.email).close();
    w.close();
  }
  writeAddress(w, ublAddress(party));
  if (scheme !== undefined && !buyerOtherId)
    w.open('ram:SpecifiedTaxRegistration').leaf('ram:ID', party.tax_id!, { schemeID: TAX_SCHEME_IDS[scheme] }).close();
  w.close();
}

/** ram:ApplicableHeaderTradeDelivery (required, possibly empty) with the ship-to party (BG-13, BT-70, BG-15). */
export function writeDelivery(w: XmlWriter, shipTo: ShipTo | undefined): void {
  w.open('ram:ApplicableHeaderTradeDelivery');
  const address = shipTo && ublAddress(shipTo);
  if (shipTo && (present(shipTo.name) || address?.countryCode !== undefined)) {
    w.open('ram:ShipToTradeParty').optLeaf('ram:Name', shipTo.name);
    writeAddress(w, address);
    w.close();
  }
  w.close();
}
