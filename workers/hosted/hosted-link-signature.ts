// D9: a hosted link is `{base_url}/api/i/{id}?t={sig}` with a random 22-character base62 id and
// sig = bytesToBase64Url(HMAC-SHA-256(id)) keyed with HOSTED_LINK_SECRET. The id alone grants nothing.
import { bytesToBase64Url } from '../crypto/byte-encoding.ts';
import { randomBase62 } from '../crypto/random-ids.ts';
import { ApiError } from '../http/api-error.ts';

export const HOSTED_ID_PATTERN = /^[0-9A-Za-z]{22}$/;

export function newHostedId(): string {
  return randomBase62(22);
}

/** D4: without HOSTED_LINK_SECRET no link can be signed or checked → 503 not_provisioned. */
export function hostedLinkSecret(env: { HOSTED_LINK_SECRET?: string }): string {
  const secret = env.HOSTED_LINK_SECRET;
  if (!secret)
    throw new ApiError('not_provisioned', 'Hosted links are not provisioned: the secret HOSTED_LINK_SECRET is missing');
  return secret;
}

export async function signHostedId(secret: string, id: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return bytesToBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(id))));
}

/**
 * Compares the given `t` with the expected signature in constant time. Comparing the canonical
 * strings (not decoded bytes) means no alternative spelling of a valid signature is accepted.
 */
export async function verifyHostedSignature(secret: string, id: string, t: string | undefined): Promise<boolean> {
  const expected = new TextEncoder().encode(await signHostedId(secret, id));
  const given = new TextEncoder().encode(t ?? '');
  // Length is public (always 43); compare equal-length buffers so timingSafeEqual never throws.
  const same = crypto.subtle.timingSafeEqual(
    expected,
    given.length === expected.length ? given : expected.map((b) => b ^ 0xff),
  );
  return same && given.length === expected.length;
}
