// D10: two signatures on every delivery. `X-Service-Signature` signs the raw body with the secret
// string's UTF-8 bytes; the Standard Webhooks signature signs "id.timestamp.body" with the
// base64-decoded secret so receivers can reject replays by timestamp.
import { bytesToBase64, bytesToHex } from '../crypto/byte-encoding.ts';
import { standardKeyBytes } from './webhook-secret.ts';

async function hmacSha256(key: Uint8Array, message: string): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, new TextEncoder().encode(message)));
}

/** `sha256=<hex>` for the X-Service-Signature header. */
export async function serviceSignature(secret: string, rawBody: string): Promise<string> {
  return `sha256=${bytesToHex(await hmacSha256(new TextEncoder().encode(secret), rawBody))}`;
}

/** `v1,<base64>` for the webhook-signature header (standardwebhooks.com). */
export async function standardSignature(
  secret: string,
  eventId: string,
  timestampSeconds: number,
  rawBody: string,
): Promise<string> {
  return `v1,${bytesToBase64(await hmacSha256(standardKeyBytes(secret), `${eventId}.${timestampSeconds}.${rawBody}`))}`;
}

/** Every header of one delivery attempt (D10). */
export async function deliveryHeaders(
  secret: string,
  event: { id: string; type: string },
  rawBody: string,
  attemptSeconds: number,
): Promise<Record<string, string>> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'invoice-service-webhooks/1.0',
    'X-Service-Signature': await serviceSignature(secret, rawBody),
    'X-Service-Event': event.type,
    'X-Service-Delivery': event.id,
    'webhook-id': event.id,
    'webhook-timestamp': String(attemptSeconds),
    'webhook-signature': await standardSignature(secret, event.id, attemptSeconds, rawBody),
  };
}
