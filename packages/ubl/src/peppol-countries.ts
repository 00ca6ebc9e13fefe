import { taxSchemeFor } from './build-party.ts';
import type { DocumentFacts } from './document-facts.ts';
import type { PartyProfile } from './party-profile.ts';

/** The party's VAT identifier as written (PartyTaxScheme with TaxScheme VAT), if it has one. */
export function vatIdOf(party: PartyProfile, hasTax: boolean): string | undefined {
  return party.taxId !== undefined && taxSchemeFor(party.taxId, hasTax) === 'VAT' ? party.taxId : undefined;
}

/** Its tax registration id (TaxScheme TAX), if that is what it has. */
export function taxRegistrationOf(party: PartyProfile, hasTax: boolean): string | undefined {
  return party.taxId !== undefined && taxSchemeFor(party.taxId, hasTax) === 'TAX' ? party.taxId : undefined;
}

/** The country of a party's postal address as written (most national rule sets are triggered by it). */
export const postalCountry = (party: PartyProfile) => party.address?.countryCode;

/**
 * Peppol's `$supplierCountry` (NO, IT and GR rules): the prefix of the seller's VAT id, else its postal country.
 * (A tax representative would come second; the service writes none.)
 */
export function supplierCountry(f: DocumentFacts): string {
  const vat = vatIdOf(f.seller, f.hasTax);
  return (vat === undefined ? postalCountry(f.seller) : vat.slice(0, 2).toUpperCase()) ?? 'XX';
}

/** Peppol's `$customerCountry` (GR rules), the buyer's likewise. */
export function customerCountry(f: DocumentFacts): string {
  const vat = vatIdOf(f.buyer, f.hasTax);
  return (vat === undefined ? postalCountry(f.buyer) : vat.slice(0, 2).toUpperCase()) ?? 'XX';
}
