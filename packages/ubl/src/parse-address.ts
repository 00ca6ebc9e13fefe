/**
 * Splits the request's free-text address (Party.address, ship_to.address) into the parts of a UBL
 * PostalAddress. The text has no structure, so the mapping is conservative: the first line is the street,
 * the last remaining line (which conventionally holds postcode and town) the city, the lines between
 * them the additional street and an address line; a country is only written when the last line (or the
 * last comma-separated part of it) names one we recognise, never guessed. Structured fields (street,
 * city, country…) win over these guesses (ubl-address.ts).
 */

export interface ParsedAddress {
  streetName?: string;
  additionalStreetName?: string;
  addressLine?: string;
  cityName?: string;
  /** ISO 3166-1 alpha-2. */
  countryCode?: string;
}

const COUNTRY_NAMES: Record<string, readonly string[]> = {
  US: ['us', 'usa', 'u.s.', 'u.s.a.', 'united states', 'united states of america', 'america'],
  GB: ['uk', 'u.k.', 'gb', 'united kingdom', 'great britain', 'england', 'scotland', 'wales', 'northern ireland'],
  DE: ['de', 'germany', 'deutschland', 'allemagne', 'alemania', 'germania', 'duitsland'],
  FR: ['fr', 'france', 'frankreich', 'francia', 'frankrijk'],
  NL: ['nl', 'netherlands', 'the netherlands', 'nederland', 'holland', 'niederlande', 'pays-bas', 'países bajos'],
  BE: ['be', 'belgium', 'belgië', 'belgie', 'belgique', 'belgien', 'bélgica'],
  LU: ['lu', 'luxembourg', 'luxemburg'],
  ES: ['es', 'spain', 'españa', 'espana', 'spanien', 'espagne', 'spagna'],
  PT: ['pt', 'portugal'],
  IT: ['it', 'italy', 'italia', 'italien', 'italie'],
  AT: ['at', 'austria', 'österreich', 'oesterreich', 'autriche'],
  CH: ['ch', 'switzerland', 'schweiz', 'suisse', 'svizzera', 'suiza'],
  IE: ['ie', 'ireland', 'éire'],
  DK: ['dk', 'denmark', 'danmark', 'dänemark'],
  SE: ['se', 'sweden', 'sverige', 'schweden'],
  NO: ['no', 'norway', 'norge', 'norwegen'],
  FI: ['fi', 'finland', 'suomi'],
  PL: ['pl', 'poland', 'polska', 'polen'],
  CZ: ['cz', 'czechia', 'czech republic', 'česko'],
  GR: ['gr', 'greece', 'ελλάδα'],
  JP: ['jp', 'japan', '日本', 'nippon'],
  CN: ['cn', 'china', "people's republic of china", '中国'],
  IN: ['in', 'india', 'भारत', 'bharat'],
  AE: ['ae', 'uae', 'u.a.e.', 'united arab emirates', 'الإمارات العربية المتحدة', 'الإمارات'],
  SA: ['sa', 'saudi arabia', 'ksa', 'kingdom of saudi arabia', 'المملكة العربية السعودية', 'السعودية'],
  SG: ['sg', 'singapore'],
  AU: ['au', 'australia'],
  NZ: ['nz', 'new zealand', 'aotearoa'],
  CA: ['ca', 'canada'],
  KR: ['kr', 'korea', 'south korea', 'republic of korea', '대한민국', '한국'],
  BR: ['br', 'brazil', 'brasil'],
  MX: ['mx', 'mexico', 'méxico'],
  ZA: ['za', 'south africa'],
  RU: ['ru', 'russia', 'russian federation', 'россия', 'российская федерация'],
};

const COUNTRY_BY_NAME = new Map<string, string>();
for (const [code, names] of Object.entries(COUNTRY_NAMES)) for (const n of names) COUNTRY_BY_NAME.set(n, code);

/** The ISO code a piece of text names, if it names nothing else (two-letter codes only in capitals). */
export function countryCodeOf(text: string): string | undefined {
  const t = text.trim().replace(/[.,;]+$/, '');
  if (/^[A-Za-z]{2}$/.test(t) && t !== t.toUpperCase()) return undefined; // "in", "no" are words, "IN", "NO" codes
  return COUNTRY_BY_NAME.get(t.toLowerCase());
}

function splitLines(address: string): string[] {
  let lines = address
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 1 && lines[0].includes(','))
    lines = lines[0]
      .split(',')
      .map((l) => l.trim())
      .filter((l) => l !== '');
  return lines;
}

export function parseAddress(address: string): ParsedAddress {
  const lines = splitLines(address);
  let countryCode: string | undefined;
  if (lines.length > 1) {
    const last = lines[lines.length - 1];
    countryCode = countryCodeOf(last);
    if (countryCode) lines.pop();
    else {
      // "Berlin, Germany" on one line: the country is the last comma-separated part.
      const comma = last.lastIndexOf(',');
      if (comma > 0) {
        countryCode = countryCodeOf(last.slice(comma + 1));
        if (countryCode) lines[lines.length - 1] = last.slice(0, comma).trim();
      }
    }
  }
  const parsed: ParsedAddress = { countryCode };
  if (lines.length === 0) return parsed;
  parsed.streetName = lines[0];
  if (lines.length >= 2) parsed.cityName = lines[lines.length - 1];
  const middle = lines.slice(1, -1);
  if (middle.length >= 1) parsed.additionalStreetName = middle[0];
  if (middle.length >= 2) parsed.addressLine = middle.slice(1).join(', ');
  return parsed;
}
