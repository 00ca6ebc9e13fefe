// D10: a webhook URL must be https to a public host. IP literals in private, loopback, link-local
// and other non-public ranges are refused, and so is `localhost`; in local development
// (DEV_MODE=true) http(s)://localhost and http(s)://127.0.0.1 are accepted so a receiver can run
// on the developer's machine. Hostnames are not resolved: DNS can change after registration.

const MAX_URL_LENGTH = 2048;

/** Returns null when acceptable, otherwise the reason (used in the validation_error message). */
export function webhookUrlProblem(raw: unknown, devMode: boolean): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return 'is required and must be a string';
  if (raw.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return 'must be an absolute URL';
  }
  const host = url.hostname.toLowerCase();
  const isLocalDev = host === 'localhost' || host === '127.0.0.1';
  if (devMode && isLocalDev && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return 'must use https';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'must point to a public host, not localhost';
  if (!host.includes('.') && !host.startsWith('[')) return 'must point to a public host name';
  const v4 = parseIpv4(host);
  if (v4 && !isPublicIpv4(v4)) return 'must not point to a private, loopback or link-local address';
  if (host.startsWith('[') && !isPublicIpv6(host.slice(1, -1))) return 'must not point to a private, loopback or link-local address';
  return null;
}

function parseIpv4(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

function isPublicIpv4([a, b, c]: number[]): boolean {
  if (a === 0 || a === 10 || a === 127) return false; // this-network, private, loopback
  if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
  if (a === 169 && b === 254) return false; // link-local (cloud metadata)
  if (a === 172 && b >= 16 && b <= 31) return false; // private
  if (a === 192 && b === 168) return false; // private
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false; // IETF protocol assignments, TEST-NET-1
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if ((a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return false; // TEST-NET-2/3
  if (a >= 224) return false; // multicast, reserved, broadcast
  return true;
}

/** Expands an IPv6 literal (as the URL parser normalises it) to eight 16-bit groups. */
function ipv6Groups(text: string): number[] | null {
  let head = text;
  let tail: number[] = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const p = parseIpv4(v4[1]);
    if (!p) return null;
    tail = [(p[0] << 8) | p[1], (p[2] << 8) | p[3]];
    head = text.slice(0, -v4[1].length).replace(/:$/, ':0').replace(/::0$/, '::');
  }
  const [left, right] = head.includes('::') ? head.split('::') : [head, undefined];
  const parse = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const l = parse(left);
  const r = parse(right);
  const missing = 8 - tail.length - l.length - r.length;
  if (missing < 0 || (right === undefined && missing !== 0)) return null;
  const groups = [...l, ...new Array(right === undefined ? 0 : missing).fill(0), ...r, ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function isPublicIpv6(text: string): boolean {
  const g = ipv6Groups(text);
  if (!g) return false;
  if (g.every((x) => x === 0)) return false; // unspecified
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return false; // loopback
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return isPublicIpv4([g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255]); // IPv4-mapped
  }
  if ((g[0] & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((g[0] & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((g[0] & 0xff00) === 0xff00) return false; // multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if (g[0] === 0x64 && g[1] === 0xff9b) return false; // NAT64 could reach private IPv4
  return true;
}
