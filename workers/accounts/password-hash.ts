// PBKDF2-SHA-256 password hashes (D6): 100,000 iterations (the Workers maximum), 16-byte per-user salt.
// The iteration count is part of every stored hash, so a hash verifies by whatever count made it (P13).
import { base64ToBytes, bytesToBase64 } from '../crypto/byte-encoding.ts';
import { timingSafeEqual } from '../crypto/timing-safe-equal.ts';

const PBKDF2_ITERATIONS = 100_000;
const encoder = new TextEncoder();

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

/**
 * The count new hashes use: 100,000, except in DEV_MODE, where PASSWORD_HASH_ITERATIONS (1,000 to 100,000) may
 * lower it for the test runs, which make hundreds of throw-away accounts (P13). Never read outside DEV_MODE.
 */
export function passwordHashIterations(env: { DEV_MODE?: string; PASSWORD_HASH_ITERATIONS?: string }): number {
  const asked = env.DEV_MODE === 'true' ? Number(env.PASSWORD_HASH_ITERATIONS) : Number.NaN;
  return Number.isInteger(asked) && asked >= 1_000 && asked <= PBKDF2_ITERATIONS ? asked : PBKDF2_ITERATIONS;
}

/** `pbkdf2_sha256$<iterations>$<salt b64>$<hash b64>`; scripts/admin.ts calls this function, so operator-made accounts hash alike. */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return `pbkdf2_sha256$${iterations}$${bytesToBase64(salt)}$${bytesToBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iter, salt, hash] = stored.split('$');
  const iterations = Number(iter);
  if (scheme !== 'pbkdf2_sha256' || !Number.isInteger(iterations) || !salt || !hash) return false;
  const actual = await derive(password, base64ToBytes(salt), iterations);
  return timingSafeEqual(actual, base64ToBytes(hash));
}

/**
 * Login verifies against this when the email is unknown, so unknown and known emails cost the same PBKDF2 work
 * (the count new hashes get) and cannot be told apart by timing. No password derives to it (the hash is random bytes).
 */
export function dummyPasswordHash(iterations: number): string {
  return `pbkdf2_sha256$${iterations}$q1Wm0m5y3b6b3Kx6l6mYvA==$3Yl1c8o1hI0bS3n6b0c9n0kQ2m4s6u8w0y2A4C6E8G0=`;
}
