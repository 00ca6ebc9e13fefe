// Parties for the profile corpus (profile-cases.ts): real-shaped data whose identifiers carry valid check digits
// (Belgian mod 97, Norwegian mod 11, Swedish Luhn), so that a complete request is complete for the validators.
type Raw = Record<string, unknown>;

export const BE_SELLER: Raw = {
  name: 'Atelier Lumière SRL',
  street: 'Rue de la Loi 16',
  postal_code: '1000',
  city: 'Bruxelles',
  country: 'BE',
  tax_id: 'BE0456789133',
  registration_no: '0456789133',
  registration_scheme: '0208',
  electronic_address: { scheme: '0208', id: '0456789133' },
  contact_name: 'Marie Dubois',
  email: 'factures@atelier-lumiere.example',
  phone: '+32 2 123 45 67',
};

/** A free-text address whose last lines are "2000 Antwerpen" and "Belgium": the post code is split off. */
export const BE_BUYER: Raw = {
  name: 'Brouwerij De Kroon NV',
  address: 'Kerkstraat 12\n2000 Antwerpen\nBelgium',
  tax_id: 'BE0765432146',
  electronic_address: { scheme: '0208', id: '0765432146' },
};

export const NL_SELLER: Raw = {
  name: 'Grachtenhuis BV',
  address: 'Keizersgracht 1\n1015 CJ Amsterdam\nNetherlands',
  tax_id: 'NL123456789B01',
  registration_no: '12345678',
  registration_scheme: '0106',
  electronic_address: { scheme: '0106', id: '12345678' },
  email: 'facturen@grachtenhuis.example',
};

export const NL_BUYER: Raw = {
  name: 'Koper BV',
  street: 'Damrak 70',
  postal_code: '1012 LM',
  city: 'Amsterdam',
  country: 'NL',
  tax_id: 'NL987654321B01',
  registration_no: '87654321',
  registration_scheme: '0106',
  electronic_address: { scheme: '9944', id: 'NL987654321B01' },
};

export const NO_SELLER: Raw = {
  name: 'Fjord Consulting AS',
  address: 'Karl Johans gate 1\n0154 Oslo\nNorway',
  tax_id: 'NO923609016MVA',
  registration_no: '923609016',
  registration_scheme: '0192',
  electronic_address: { scheme: '0192', id: '923609016' },
};

export const NO_BUYER: Raw = {
  name: 'Nordlys AS',
  street: 'Strandgata 5',
  postal_code: '9008',
  city: 'Tromsø',
  country: 'NO',
  tax_id: 'NO987654325MVA',
  electronic_address: { scheme: '0192', id: '987654325' },
};

export const SE_SELLER: Raw = {
  name: 'Skog & Sjö AB',
  address: 'Drottninggatan 10\n111 51 Stockholm\nSweden',
  tax_id: 'SE556000000101',
  registration_no: '5560000001',
  registration_scheme: '0007',
  electronic_address: { scheme: '0007', id: '5560000001' },
};

export const SE_BUYER: Raw = {
  name: 'Göteborgs Hamn AB',
  street: 'Hamngatan 1',
  postal_code: '411 06',
  city: 'Göteborg',
  country: 'SE',
  tax_id: 'SE559123456101',
  electronic_address: { scheme: '0007', id: '5591234561' },
};

/** No electronic address: XRechnung derives EM from the e-mail; Peppol needs `electronic_address`. */
export const DE_SELLER: Raw = {
  name: 'Muster Software GmbH',
  address: 'Friedrichstraße 123\n10117 Berlin',
  country: 'DE',
  tax_id: 'DE123456789',
  registration_no: 'HRB 123456 B',
  contact_name: 'Erika Mustermann',
  phone: '+49 30 1234567',
  email: 'rechnung@muster-software.example',
  website: 'https://muster-software.example',
};

export const DE_PEPPOL_SELLER: Raw = { ...DE_SELLER, electronic_address: { scheme: '9930', id: 'DE123456789' } };

export const DE_BUYER: Raw = {
  name: 'Beispiel Handel GmbH',
  street: 'Königsallee 1',
  postal_code: '40212',
  city: 'Düsseldorf',
  country: 'DE',
  tax_id: 'DE987654321',
  electronic_address: { scheme: '9930', id: 'DE987654321' },
};

/** A German public buyer: its Leitweg-ID routes the invoice (0204) and is its buyer reference (BT-10). */
export const DE_PUBLIC_BUYER: Raw = {
  name: 'Bundesamt für Beispielwesen',
  street: 'Am Beispielplatz 1',
  postal_code: '53113',
  city: 'Bonn',
  country: 'DE',
  electronic_address: { scheme: '0204', id: '04011000-12345-67' },
};
export const LEITWEG_ID = '04011000-12345-67';
