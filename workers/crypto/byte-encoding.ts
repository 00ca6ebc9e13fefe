// Hex and base64 for bytes: keys, tokens, signatures, secrets and snapshot images all go through these.

export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

// The runtime's own base64 (Uint8Array.prototype.toBase64 / Uint8Array.fromBase64, in workerd) when it has
// it: ~50× faster than the string loop on a PDF (docs/benchmarks.md, legacy-render). Node 22, which runs
// scripts/admin.ts and the benches, has neither and takes the portable path.
interface NativeBase64 {
  toBase64?: () => string;
}
const nativeFromBase64 = (Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array }).fromBase64;

/** Standard base64; chunked, so multi-megabyte images don't build a string a byte at a time. */
export function bytesToBase64(bytes: Uint8Array): string {
  const native = (bytes as NativeBase64).toBase64;
  if (native) return native.call(bytes);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** Decodes standard base64; throws on characters outside the alphabet (atob's rule). */
export function base64ToBytes(text: string): Uint8Array {
  if (nativeFromBase64) return nativeFromBase64(text);
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
