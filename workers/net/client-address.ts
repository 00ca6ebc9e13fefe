// Issue 10.14b: the client address that keys anonymous limits and login throttling. CF-Connecting-IP
// is set by Cloudflare's edge, but it is still a header: it is parsed strictly (ip-literal.ts) rather
// than used as any string. IPv6 clients are keyed by their /64, the prefix one subscriber gets, so a
// client cannot rotate through its own 2^64 addresses to get fresh windows.
import { parseIpv4, parseIpv6 } from './ip-literal.ts';

/** The one bucket for every value that is not an IP address: shared, so garbage buys nothing. */
export const INVALID_CLIENT_ADDRESS = 'invalid';
/** Without the header (local calls, tests): Cloudflare and wrangler dev always set it. */
const LOCAL_CLIENT_ADDRESS = '127.0.0.1';

const hex = (bytes: Uint8Array, i: number) => ((bytes[i] << 8) | bytes[i + 1]).toString(16);

/**
 * IPv4 → dotted decimal (`010.0.0.1` → `10.0.0.1`); an IPv4-mapped IPv6 address → its IPv4; other IPv6
 * → its /64 as `g0:g1:g2:g3::/64` (lower case, no leading zeros); anything else → `invalid`.
 */
export function clientAddressKey(header: string | undefined): string {
  const text = header?.trim() ?? '';
  if (text === '') return LOCAL_CLIENT_ADDRESS;
  const v4 = parseIpv4(text);
  if (v4) return v4.join('.');
  const v6 = text.includes(':') ? parseIpv6(text) : null;
  if (!v6) return INVALID_CLIENT_ADDRESS;
  const mapped = v6.slice(0, 10).every((b) => b === 0) && v6[10] === 0xff && v6[11] === 0xff;
  if (mapped) return v6.slice(12).join('.');
  return `${[0, 2, 4, 6].map((i) => hex(v6, i)).join(':')}::/64`;
}
