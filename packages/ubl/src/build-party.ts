import { buildAddress } from './build-address.ts';
import { isCountryCode, type Party, type ShipTo } from './model-imports.ts';
import { ublAddress } from './ubl-address.ts';
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

/** cac:Party in the UBL 2.1 PartyType sequence: WebsiteURI, PartyName, PostalAddress, PartyTaxScheme, PartyLegalEntity, Contact. */
export function buildParty(w: XmlWriter, party: Party, invoiceHasTax: boolean): void {
  w.open('cac:Party').optLeaf('cbc:WebsiteURI', party.website);
  w.open('cac:PartyName').leaf('cbc:Name', party.name).close();
  const address = ublAddress(party);
  if (address) buildAddress(w, 'cac:PostalAddress', address);
  if (present(party.tax_id)) {
    w.open('cac:PartyTaxScheme').leaf('cbc:CompanyID', party.tax_id);
    w.open('cac:TaxScheme').leaf('cbc:ID', taxSchemeFor(party.tax_id, invoiceHasTax)).close();
    w.close();
  }
  // EN 16931 carries the legal name here (BT-27/BT-44), so the entity is always written.
  w.open('cac:PartyLegalEntity')
    .leaf('cbc:RegistrationName', party.name)
    .optLeaf('cbc:CompanyID', party.registration_no)
    .close();
  if (present(party.phone) || present(party.email))
    w.open('cac:Contact').optLeaf('cbc:Telephone', party.phone).optLeaf('cbc:ElectronicMail', party.email).close();
  w.close();
}

/** cac:Delivery from ship_to: the deliver-to address (BG-15) and party name (BT-70). */
export function buildDelivery(w: XmlWriter, shipTo: ShipTo | undefined): void {
  const address = shipTo && ublAddress(shipTo);
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
