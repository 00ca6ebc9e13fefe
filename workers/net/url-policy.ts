// H1: the one address policy for every URL the Worker contacts on a client's behalf: webhook URLs
// (at registration and before every delivery) and logo/signature URLs (the first URL and every
// redirect hop). A URL must be https to a public host: IP literals outside the public ranges
// (address-ranges.ts) are refused, and so are `localhost`, its subdomains and the names reserved
// for private networks, with or without a trailing dot. Hosts are judged as the URL standard parses
// them (`https://2130706433/` is 127.0.0.1), and callers fetch `url.href`, the parsed form, so the
// checked host is the contacted host. Host names are not resolved: DNS can change between the check
// and the connection. With DEV_MODE=true, http(s)://localhost and http(s)://127.0.0.1 (any port) are
// allowed, so a receiver or an image server can run on the developer's machine.
import { isPublicAddress } from './address-ranges.ts';
import { parseIpv4, parseIpv6 } from './ip-literal.ts';

const MAX_URL_LENGTH = 2048;

/** Special-use and private-network names (RFC 6761, 6762, 8375; ICANN's .internal; never-delegated TLDs). */
const PRIVATE_SUFFIXES = ['local', 'localdomain', 'internal', 'intranet', 'lan', 'home', 'corp', 'home.arpa'];

export type UrlVerdict = { ok: true; url: URL } | { ok: false; problem: string };

const NON_PUBLIC = 'must not point to a private, loopback, link-local or other non-public address';

function hostProblem(hostname: string): string | null {
  if (hostname.startsWith('[')) {
    const v6 = parseIpv6(hostname.slice(1, -1));
    return v6 && isPublicAddress(v6) ? null : NON_PUBLIC;
  }
  const v4 = parseIpv4(hostname);
  if (v4) return isPublicAddress(v4) ? null : NON_PUBLIC;
  const name = hostname.replace(/\.+$/, '');
  // The URL parser turns a name ending in a number into an IPv4 address or refuses it; a runtime
  // that did not is refused here rather than trusted to read it the same way as the check.
  if (/(^|\.)(0x[0-9a-f]*|\d+)$/.test(name)) return NON_PUBLIC;
  if (name === 'localhost' || name.endsWith('.localhost')) return 'must point to a public host, not localhost';
  if (!name.includes('.')) return 'must point to a public host name';
  if (PRIVATE_SUFFIXES.some((s) => name === s || name.endsWith(`.${s}`))) return 'must point to a public host name';
  return null;
}

/** Parses `raw` and applies the policy; `url.href` is what the caller may contact. */
export function checkOutboundUrl(raw: unknown, devMode: boolean): UrlVerdict {
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, problem: 'is required and must be a string' };
  if (raw.length > MAX_URL_LENGTH) return { ok: false, problem: `must be at most ${MAX_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, problem: 'must be an absolute URL' };
  }
  const host = url.hostname.toLowerCase();
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  if (devMode && web && (host === 'localhost' || host === '127.0.0.1')) return { ok: true, url };
  if (url.protocol !== 'https:') return { ok: false, problem: 'must use https' };
  const problem = hostProblem(host);
  return problem ? { ok: false, problem } : { ok: true, url };
}

/** Null when the policy accepts `raw`, otherwise the reason (worded to follow the field name). */
export function outboundUrlProblem(raw: unknown, devMode: boolean): string | null {
  const verdict = checkOutboundUrl(raw, devMode);
  return verdict.ok ? null : verdict.problem;
}
