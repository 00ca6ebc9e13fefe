// IP literals as the URL parser leaves them in `url.hostname`: IPv4 in dotted decimal (the WHATWG
// host parser has already turned `2130706433`, `0x7f.1`, `0177.0.0.1` and `127.1` into 127.0.0.1)
// and IPv6 in brackets. The IPv6 reader also takes the forms the parser never emits (full groups,
// an embedded dotted IPv4, upper case), so a runtime that serialises differently is still read.

/** Four bytes for a dotted-decimal IPv4 address, or null when `text` is not one. */
export function parseIpv4(text: string): Uint8Array | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? Uint8Array.from(parts) : null;
}

/** Sixteen bytes for an IPv6 literal (without brackets), or null when `text` is not one. */
export function parseIpv6(text: string): Uint8Array | null {
  let head = text.toLowerCase();
  let tail: number[] = [];
  const v4 = /(?:^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  if (v4) {
    const bytes = parseIpv4(v4[1]);
    if (!bytes) return null;
    tail = [(bytes[0] << 8) | bytes[1], (bytes[2] << 8) | bytes[3]];
    head = head.slice(0, head.length - v4[1].length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const left = groups(halves[0]);
  const right = halves.length === 2 ? groups(halves[1]) : [];
  if (![...left, ...right].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const missing = 8 - tail.length - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const words = [
    ...left.map((g) => parseInt(g, 16)),
    ...new Array<number>(halves.length === 2 ? missing : 0).fill(0),
    ...right.map((g) => parseInt(g, 16)),
    ...tail,
  ];
  const out = new Uint8Array(16);
  words.forEach((w, i) => {
    out[2 * i] = w >> 8;
    out[2 * i + 1] = w & 0xff;
  });
  return out;
}
