// PBKDF2-SHA-256 password hashes (D6): 100,000 iterations (the Workers maximum), 16-byte per-user salt.
import { base64ToBytes, bytesToBase64 } from '../crypto/byte-encoding.ts';
import { timingSafeEqual } from '../crypto/timing-safe-equal.ts';

const PBKDF2_ITERATIONS = 100_000;
const encoder = new TextEncoder();

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

/** `pbkdf2_sha256$<iterations>$<salt b64>$<hash b64>`; scripts/admin.ts calls this function, so operator-made accounts hash alike. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return `pbkdf2_sha256$${PBKDF2_ITERATIONS}$${bytesToBase64(salt)}$${bytesToBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iter, salt, hash] = stored.split('$');
  const iterations = Number(iter);
  if (scheme !== 'pbkdf2_sha256' || !Number.isInteger(iterations) || !salt || !hash) return false;
  const actual = await derive(password, base64ToBytes(salt), iterations);
  return timingSafeEqual(actual, base64ToBytes(hash));
}

// Login verifies against this when the email is unknown, so unknown and known emails cost the same
// PBKDF2 work and cannot be told apart by timing. No password derives to it (the hash is random bytes).
export const DUMMY_PASSWORD_HASH = `pbkdf2_sha256$${PBKDF2_ITERATIONS}$q1Wm0m5y3b6b3Kx6l6mYvA==$3Yl1c8o1hI0bS3n6b0c9n0kQ2m4s6u8w0y2A4C6E8G0=`;
