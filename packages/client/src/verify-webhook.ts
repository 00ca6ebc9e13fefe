// Verifies a delivery by both signatures of D10 before trusting a byte of it: `X-Service-Signature`
// (HMAC-SHA-256 of the raw body keyed with the secret string) and the Standard Webhooks signature
// (HMAC-SHA-256 of "id.timestamp.body" keyed with the base64-decoded secret), whose timestamp must be
// within the tolerance (5 minutes, as the standardwebhooks libraries), so a captured delivery cannot be
// replayed later. Web Crypto only; `crypto.subtle.verify` compares in constant time.
import { base64ToBytes, hexToBytes } from './base64.ts';
import type { WebhookEvent } from './webhook-event.ts';

export type WebhookVerificationReason =
  | 'missing_header'
  | 'invalid_secret'
  | 'invalid_signature'
  | 'timestamp_out_of_tolerance'
  | 'invalid_payload';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
  }
}

/** A fetch `Headers`, or Node's `req.headers` (lower-case names, values possibly arrays). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** Seconds a `webhook-timestamp` may differ from now, either way (default 300). */
  toleranceSeconds?: number;
  /** The clock, Unix ms (tests). */
  now?: number;
}

const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string {
  let value: string | string[] | null | undefined;
  if (typeof (headers as Headers).get === 'function') value = (headers as Headers).get(name);
  else {
    const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
    value = key === undefined ? undefined : (headers as Record<string, string | string[] | undefined>)[key];
  }
  const text = Array.isArray(value) ? value.join(', ') : value;
  if (!text) throw new WebhookVerificationError('missing_header', `The ${name} header is missing.`);
  return text;
}

function hmacKey(raw: Uint8Array): Promise<CryptoKey> {
  // A copy: importKey wants a view of a plain ArrayBuffer.
  return crypto.subtle.importKey('raw', new Uint8Array(raw), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function standardKey(secret: string): Uint8Array<ArrayBuffer> {
  try {
    return base64ToBytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  } catch {
    throw new WebhookVerificationError('invalid_secret', 'The secret is not whsec_ followed by base64.');
  }
}

/**
 * Checks a delivery and returns its event. `rawBody` is the body exactly as received (verify before
 * parsing); `secret` the `whsec_…` string returned when the webhook was created. Throws
 * WebhookVerificationError when a header is missing, either signature does not match, or the timestamp
 * is outside the tolerance.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const body = concat(typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody);
  const serviceHeader = header(headers, 'x-service-signature');
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');

  const serviceSig = serviceHeader.startsWith('sha256=') ? hexToBytes(serviceHeader.slice(7)) : undefined;
  const serviceOk =
    serviceSig !== undefined
    && (await crypto.subtle.verify('HMAC', await hmacKey(encoder.encode(secret)), serviceSig, body));
  if (!serviceOk) throw new WebhookVerificationError('invalid_signature', 'X-Service-Signature does not match.');

  const seconds = /^\d+$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (!(Math.abs(now - seconds) <= tolerance))
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      `webhook-timestamp ${timestamp} is more than ${tolerance} s from now (${now}).`,
    );

  const key = await hmacKey(standardKey(secret));
  const signed = concat(encoder.encode(`${id}.${timestamp}.`), body);
  let standardOk = false;
  for (const part of signatures.split(' ')) {
    const [version, b64] = part.split(',', 2);
    if (version !== 'v1' || !b64) continue;
    let sig: Uint8Array<ArrayBuffer>;
    try {
      sig = base64ToBytes(b64);
    } catch {
      continue;
    }
    if (await crypto.subtle.verify('HMAC', key, sig, signed)) standardOk = true;
  }
  if (!standardOk) throw new WebhookVerificationError('invalid_signature', 'webhook-signature does not match.');

  try {
    return JSON.parse(new TextDecoder().decode(body)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'The signed body is not JSON.');
  }
}
