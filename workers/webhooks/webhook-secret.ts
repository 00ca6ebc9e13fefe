// D10: the signing secret is `whsec_` + standard base64 of 32 random bytes, shown once, and kept
// encrypted at rest (AES-GCM) because every delivery has to sign with the plain secret again.
import { base64ToBytes, bytesToBase64 } from '../crypto/byte-encoding.ts';
import { ApiError } from '../http/api-error.ts';

const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return SECRET_PREFIX + bytesToBase64(crypto.getRandomValues(new Uint8Array(32)));
}

/** `secret_hint`: the last 4 characters, enough to tell secrets apart, too few to guess one. */
export function secretHint(secret: string): string {
  return secret.slice(-4);
}

/** The HMAC key bytes of the Standard Webhooks signature: the base64 part after `whsec_`. */
export function standardKeyBytes(secret: string): Uint8Array {
  return base64ToBytes(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
}

/** Imports WEBHOOK_ENCRYPTION_KEY (base64 of 32 bytes); missing or malformed → 503 not_provisioned (D4). */
export async function importEncryptionKey(keyBase64: string | undefined): Promise<CryptoKey> {
  let raw: Uint8Array | undefined;
  try {
    raw = keyBase64 ? base64ToBytes(keyBase64.trim()) : undefined;
  } catch {
    raw = undefined;
  }
  if (raw?.length !== 32) {
    throw new ApiError(
      'not_provisioned',
      'Webhooks are not provisioned: the secret WEBHOOK_ENCRYPTION_KEY (base64 of 32 bytes) is missing',
    );
  }
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** base64(iv[12] || ciphertext+tag): one column, a fresh IV per secret. */
export async function encryptSecret(key: CryptoKey, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(secret)),
  );
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv, 0);
  out.set(sealed, iv.length);
  return bytesToBase64(out);
}

export async function decryptSecret(key: CryptoKey, stored: string): Promise<string> {
  const bytes = base64ToBytes(stored);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.subarray(0, 12) }, key, bytes.subarray(12));
  return new TextDecoder().decode(plain);
}
