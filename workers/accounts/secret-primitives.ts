// Hashing, random tokens and constant-time comparison shared by passwords, sessions, keys and tokens.
import { bytesToBase64Url, bytesToHex } from '../http/byte-encoding.ts';

const encoder = new TextEncoder();

/** SHA-256 of a UTF-8 string, lower-case hex: how session ids, keys and tokens are stored. */
export async function sha256Hex(text: string): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}

/** 256 random bits, base64url (43 characters): session ids and verification tokens. */
export function randomToken(): string {
  return bytesToBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

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

export function timingSafeEqualText(a: string, b: string): boolean {
  return timingSafeEqual(encoder.encode(a), encoder.encode(b));
}
