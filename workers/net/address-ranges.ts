// Which IP addresses count as public (H1, after the IANA special-purpose address registries).
// IPv4: every address outside the blocks below. IPv6: only global unicast (2000::/3) outside its
// special blocks, and the IPv4-mapped form of a public IPv4 address; every other IPv6 address is
// refused, which covers ::, ::1, IPv4-compatible ::/96 and IPv4-translated ::ffff:0:0:0/96, NAT64
// 64:ff9b::/96 and 64:ff9b:1::/48, discard 100::/64, SRv6 5f00::/16, unique-local fc00::/7,
// link-local fe80::/10, site-local fec0::/10 and multicast ff00::/8. 6to4 (2002::/16) addresses are
// judged by the IPv4 address they embed.
import { parseIpv4, parseIpv6 } from './ip-literal.ts';

interface Block {
  prefix: Uint8Array;
  bits: number;
  name: string;
  /** The verdict for addresses in the block; 'embedded' judges the IPv4 address at byte `v4At`. */
  verdict: 'public' | 'refused' | 'embedded';
  v4At?: number;
}

function block(cidr: string, name: string, verdict: Block['verdict'] = 'refused', v4At?: number): Block {
  const [addr, bits] = cidr.split('/');
  const prefix = addr.includes(':') ? parseIpv6(addr) : parseIpv4(addr);
  if (!prefix) throw new Error(`bad CIDR ${cidr}`);
  return { prefix, bits: Number(bits), name, verdict, v4At };
}

const IPV4_BLOCKS: readonly Block[] = [
  block('0.0.0.0/8', 'this network'),
  block('10.0.0.0/8', 'private'),
  block('100.64.0.0/10', 'shared address space (carrier-grade NAT)'),
  block('127.0.0.0/8', 'loopback'),
  block('169.254.0.0/16', 'link-local (cloud metadata)'),
  block('172.16.0.0/12', 'private'),
  block('192.0.0.0/24', 'IETF protocol assignments'),
  block('192.0.2.0/24', 'documentation (TEST-NET-1)'),
  block('192.88.99.0/24', 'deprecated 6to4 relay anycast'),
  block('192.168.0.0/16', 'private'),
  block('198.18.0.0/15', 'benchmarking'),
  block('198.51.100.0/24', 'documentation (TEST-NET-2)'),
  block('203.0.113.0/24', 'documentation (TEST-NET-3)'),
  block('224.0.0.0/4', 'multicast'),
  block('240.0.0.0/4', 'reserved, and the broadcast address'),
];

/** First match wins; an address matching none is refused. */
const IPV6_BLOCKS: readonly Block[] = [
  block('::ffff:0:0/96', 'IPv4-mapped', 'embedded', 12),
  block('2001::/23', 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'),
  block('2001:db8::/32', 'documentation'),
  block('2002::/16', '6to4', 'embedded', 2),
  block('3fff::/20', 'documentation'),
  block('2000::/3', 'global unicast', 'public'),
];

function inBlock(bytes: Uint8Array, b: Block): boolean {
  for (let bit = 0; bit < b.bits; bit += 8) {
    const mask = b.bits - bit >= 8 ? 0xff : (0xff << (8 - (b.bits - bit))) & 0xff;
    if ((bytes[bit >> 3] & mask) !== (b.prefix[bit >> 3] & mask)) return false;
  }
  return true;
}

function isPublicIpv4(bytes: Uint8Array): boolean {
  return !IPV4_BLOCKS.some((b) => inBlock(bytes, b));
}

function isPublicIpv6(bytes: Uint8Array): boolean {
  const b = IPV6_BLOCKS.find((candidate) => inBlock(bytes, candidate));
  if (!b || b.verdict === 'refused') return false;
  return b.verdict === 'public' || isPublicIpv4(bytes.subarray(b.v4At!, b.v4At! + 4));
}

/** True for a globally reachable unicast address (4 bytes IPv4, 16 bytes IPv6). */
export function isPublicAddress(bytes: Uint8Array): boolean {
  return bytes.length === 4 ? isPublicIpv4(bytes) : bytes.length === 16 && isPublicIpv6(bytes);
}
