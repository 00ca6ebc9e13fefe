/**
 * Constant-time equality: the loop always visits every byte, so the time does not depend on where
 * the first difference is. Different lengths return false at once (lengths are not secret here:
 * every compared value is a fixed-size hash).
 */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
