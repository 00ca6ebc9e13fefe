import { parseAddress } from './parse-address.ts';
import { present } from './xml-writer.ts';

/** What a party or ship_to gives about its address: the free text and the structured parts. */
export interface AddressFields {
  address?: string;
  street?: string;
  postal_code?: string;
  city?: string;
  state?: string;
  /** ISO 3166-1 alpha-2, validated and upper-cased by the model. */
  country?: string;
}

/** The parts of a UBL address (BG-5, BG-8, BG-15), named after their elements. */
export interface UblAddress {
  streetName?: string;
  additionalStreetName?: string;
  addressLine?: string;
  cityName?: string;
  postalZone?: string;
  countrySubentity?: string;
  countryCode?: string;
}

const given = (s: string | undefined) => (present(s) ? s.trim() : undefined);

/**
 * The address a party or ship_to gets in UBL: a structured field wins over what parseAddress reads from the
 * free text (street over its first line, city over its last, country over a recognised country name);
 * postal code and state come from the structured fields only. Undefined when nothing is given.
 */
export function ublAddress(fields: AddressFields): UblAddress | undefined {
  const parsed = present(fields.address) ? parseAddress(fields.address) : {};
  const address: UblAddress = {
    streetName: given(fields.street) ?? parsed.streetName,
    additionalStreetName: parsed.additionalStreetName,
    addressLine: parsed.addressLine,
    cityName: given(fields.city) ?? parsed.cityName,
    postalZone: given(fields.postal_code),
    countrySubentity: given(fields.state),
    countryCode: given(fields.country) ?? parsed.countryCode,
  };
  return Object.values(address).some((v) => v !== undefined) ? address : undefined;
}
