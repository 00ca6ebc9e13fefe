import type { UblAddress } from './ubl-address.ts';
import type { XmlWriter } from './xml-writer.ts';

/**
 * Writes a UBL address element (PostalAddress, DeliveryLocation/Address) in the AddressType sequence:
 * StreetName, AdditionalStreetName, CityName, PostalZone, CountrySubentity, AddressLine, Country.
 */
export function buildAddress(w: XmlWriter, element: string, a: UblAddress): void {
  w.open(element)
    .optLeaf('cbc:StreetName', a.streetName)
    .optLeaf('cbc:AdditionalStreetName', a.additionalStreetName)
    .optLeaf('cbc:CityName', a.cityName)
    .optLeaf('cbc:PostalZone', a.postalZone)
    .optLeaf('cbc:CountrySubentity', a.countrySubentity);
  if (a.addressLine !== undefined) w.open('cac:AddressLine').leaf('cbc:Line', a.addressLine).close();
  if (a.countryCode !== undefined) w.open('cac:Country').leaf('cbc:IdentificationCode', a.countryCode).close();
  w.close();
}
