import { parseAddress } from './parse-address.ts';
import type { XmlWriter } from './xml-writer.ts';

/** Writes a free-text address as a UBL address element (PostalAddress, DeliveryLocation/Address). */
export function buildAddress(w: XmlWriter, element: string, address: string): void {
  const a = parseAddress(address);
  w.open(element)
    .optLeaf('cbc:StreetName', a.streetName)
    .optLeaf('cbc:AdditionalStreetName', a.additionalStreetName)
    .optLeaf('cbc:CityName', a.cityName);
  if (a.addressLine !== undefined) w.open('cac:AddressLine').leaf('cbc:Line', a.addressLine).close();
  if (a.countryCode !== undefined) w.open('cac:Country').leaf('cbc:IdentificationCode', a.countryCode).close();
  w.close();
}
