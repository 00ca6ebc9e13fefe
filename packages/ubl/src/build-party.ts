import { buildAddress } from './build-address.ts';
import { isCountryCode, type ShipTo } from './model-imports.ts';
import type { PartyProfile } from './party-profile.ts';
import type { UblAddress } from './ubl-address.ts';
import { present, type XmlWriter } from './xml-writer.ts';

/** VAT prefixes EN 16931 accepts beyond ISO 3166-1 (BR-CO-09): Greece's `EL` and Northern Ireland's `XI`. */
const EXTRA_VAT_PREFIXES = new Set(['EL', 'XI']);

/**
 * The tax scheme a party's tax_id is filed under. A VAT number (EN 16931 BT-31/BT-48) starts with an
 * ISO 3166 country prefix (BR-CO-09); anything else (GSTIN, EIN, ABN…) and every id on an invoice without
 * VAT (BR-O-02, BR-O-04 forbid VAT identifiers there) is a tax registration identifier (BT-32) under "TAX".
 */
export function taxSchemeFor(taxId: string, invoiceHasTax: boolean): 'VAT' | 'TAX' {
  const prefix = /^([A-Z]{2})[0-9A-Z]/.exec(taxId.trim())?.[1];
  return invoiceHasTax && prefix !== undefined && (isCountryCode(prefix) || EXTRA_VAT_PREFIXES.has(prefix))
    ? 'VAT'
    : 'TAX';
}

/**
 * cac:Party in the UBL 2.1 PartyType sequence: WebsiteURI, EndpointID (BT-34/BT-49), PartyName, PostalAddress,
 * PartyTaxScheme, PartyLegalEntity (CompanyID with its scheme, BT-30-1/BT-47-1), Contact (Name BT-41/BT-56,
 * Telephone, ElectronicMail).
 */
export function buildParty(w: XmlWriter, party: PartyProfile, invoiceHasTax: boolean): void {
  w.open('cac:Party').optLeaf('cbc:WebsiteURI', party.website);
  if (party.endpoint) w.leaf('cbc:EndpointID', party.endpoint.id, { schemeID: party.endpoint.scheme });
  w.open('cac:PartyName').leaf('cbc:Name', party.name).close();
  if (party.address) buildAddress(w, 'cac:PostalAddress', party.address);
  if (party.taxId !== undefined) {
    w.open('cac:PartyTaxScheme').leaf('cbc:CompanyID', party.taxId);
    w.open('cac:TaxScheme').leaf('cbc:ID', taxSchemeFor(party.taxId, invoiceHasTax)).close();
    w.close();
  }
  // EN 16931 carries the legal name here (BT-27/BT-44), so the entity is always written.
  w.open('cac:PartyLegalEntity').leaf('cbc:RegistrationName', party.name);
  if (party.registrationNo !== undefined) {
    const scheme = party.registrationScheme;
    w.leaf('cbc:CompanyID', party.registrationNo, scheme === undefined ? undefined : { schemeID: scheme });
  }
  w.close();
  const contact = party.contact;
  if (contact)
    w.open('cac:Contact')
      .optLeaf('cbc:Name', contact.name)
      .optLeaf('cbc:Telephone', contact.phone)
      .optLeaf('cbc:ElectronicMail', contact.email)
      .close();
  w.close();
}

/** cac:Delivery from ship_to: the deliver-to address (BG-15, as the profile writes it) and party name (BT-70). */
export function buildDelivery(w: XmlWriter, shipTo: ShipTo | undefined, address: UblAddress | undefined): void {
  if (!shipTo || (!present(shipTo.name) && !address)) return;
  w.open('cac:Delivery');
  if (address) {
    w.open('cac:DeliveryLocation');
    buildAddress(w, 'cac:Address', address);
    w.close();
  }
  if (present(shipTo.name))
    w.open('cac:DeliveryParty').open('cac:PartyName').leaf('cbc:Name', shipTo.name).close().close();
  w.close();
}
