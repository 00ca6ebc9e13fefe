/**
 * The post code the last line of a free-text address starts with ("10117 Berlin", "1015 CJ Amsterdam"), for the
 * profiles whose rules require BT-38/BT-53/BT-78 as an element of its own (XRechnung BR-DE-4/9/11, Peppol's
 * DE-R, NL-R, IT-R, IS-R). Only countries that write the post code before the town, in their own fixed format:
 * the line must be exactly "<code> <town>", so a street number, a town in capitals after a Dutch code or a code
 * after the town is never taken for one. Anything else stays a data issue the request names (`postal_code`).
 */
// biome-ignore format: a table
const POSTCODE_FIRST: Readonly<Record<string, string>> = {
  AT: '\\d{4}', BE: '\\d{4}', BG: '\\d{4}', CH: '\\d{4}', CY: '\\d{4}', CZ: '\\d{3} ?\\d{2}', DE: '\\d{5}',
  DK: '\\d{4}', EE: '\\d{5}', ES: '\\d{5}', FI: '\\d{5}', FR: '\\d{5}', GR: '\\d{3} ?\\d{2}', HR: '\\d{5}',
  HU: '\\d{4}', IS: '\\d{3}', IT: '\\d{5}', LI: '\\d{4}', LU: '\\d{4}', NL: '\\d{4} ?[A-Z]{2}', NO: '\\d{4}',
  PL: '\\d{2}-\\d{3}', PT: '\\d{4}-\\d{3}', RO: '\\d{6}', SE: '\\d{3} ?\\d{2}', SI: '\\d{4}', SK: '\\d{3} ?\\d{2}',
};

const PATTERNS = new Map(
  Object.entries(POSTCODE_FIRST).map(([country, code]) => [country, new RegExp(`^(${code}) +(\\S.*)$`, 'u')]),
);

/** The town must contain a letter: "1234 5678" is not a post code and a town. */
const HAS_LETTER = /\p{L}/u;

/** The line split into post code and town, when the country writes them so and the line is exactly that. */
export function splitPostcodeLine(line: string, country: string): { postalZone: string; cityName: string } | undefined {
  const m = PATTERNS.get(country)?.exec(line.trim());
  if (!m || !HAS_LETTER.test(m[2])) return undefined;
  return { postalZone: m[1], cityName: m[2].trim() };
}
