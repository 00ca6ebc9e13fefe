import { env } from 'cloudflare:workers';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  decryptSecret,
  encryptSecret,
  importEncryptionKey,
  newWebhookSecret,
  secretHint,
} from '../../workers/webhooks/webhook-secret.ts';
import { deliveryHeaders, serviceSignature, standardSignature } from '../../workers/webhooks/webhook-signature.ts';

async function hmacHex(key: string, body: string): Promise<string> {
  const k = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const sig = new Uint8Array(await crypto.subtle.sign('HMAC', k, new TextEncoder().encode(body)));
  return Array.from(sig, (b) => b.toString(16).padStart(2, '0')).join('');
}

describe('webhook secrets (D10)', () => {
  it('D10: a secret is whsec_ + standard base64 of 32 random bytes; the hint is its last 4 characters', () => {
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(atob(a.slice(6)).length).toBe(32);
    expect(a).not.toBe(b);
    expect(secretHint(a)).toBe(a.slice(-4));
    expect(secretHint(a)).toHaveLength(4);
  });

  it('D10: secrets are stored AES-GCM encrypted and decrypt to the original; a fresh IV each time', async () => {
    const key = await importEncryptionKey(env.WEBHOOK_ENCRYPTION_KEY);
    const secret = newWebhookSecret();
    const c1 = await encryptSecret(key, secret);
    const c2 = await encryptSecret(key, secret);
    expect(c1).not.toContain(secret.slice(6, 20));
    expect(c1).not.toBe(c2);
    expect(await decryptSecret(key, c1)).toBe(secret);
    expect(await decryptSecret(key, c2)).toBe(secret);
  });

  it('D10: a tampered ciphertext does not decrypt', async () => {
    const key = await importEncryptionKey(env.WEBHOOK_ENCRYPTION_KEY);
    const sealed = await encryptSecret(key, newWebhookSecret());
    const bytes = Uint8Array.from(atob(sealed), (ch) => ch.charCodeAt(0));
    bytes[20] ^= 1;
    await expect(decryptSecret(key, btoa(String.fromCharCode(...bytes)))).rejects.toThrow();
  });

  it('D4: a missing or malformed WEBHOOK_ENCRYPTION_KEY is 503 not_provisioned', async () => {
    for (const bad of [undefined, '', 'c2hvcnQ=', '!!!not base64']) {
      await expect(importEncryptionKey(bad)).rejects.toMatchObject({ status: 503, code: 'not_provisioned' });
    }
  });
});

describe('delivery signatures (D10)', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const body = JSON.stringify({ id: 'evt_1', type: 'invoice.generated', created: 1_700_000_000, data: { x: 'é' } });

  it('D10: X-Service-Signature is sha256=<hex HMAC of the raw body keyed with the secret string>', async () => {
    expect(await serviceSignature(secret, body)).toBe(`sha256=${await hmacHex(secret, body)}`);
    expect(await serviceSignature(secret, body + ' ')).not.toBe(await serviceSignature(secret, body));
  });

  it('D10: the Standard Webhooks signature verifies with the standardwebhooks library', async () => {
    const ts = Math.floor(Date.now() / 1000);
    const headers = await deliveryHeaders(secret, { id: 'evt_1', type: 'invoice.generated' }, body, ts);
    expect(headers['webhook-signature']).toBe(await standardSignature(secret, 'evt_1', ts, body));
    const verified = new Webhook(secret).verify(body, headers);
    expect(verified).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('é', 'e'), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('D10: the library rejects a stale timestamp (replay protection)', async () => {
    const stale = Math.floor(Date.now() / 1000) - 3600;
    const headers = await deliveryHeaders(secret, { id: 'evt_1', type: 'invoice.generated' }, body, stale);
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/timestamp/i);
  });

  it('D10: every delivery carries the event, delivery id and content type headers', async () => {
    const headers = await deliveryHeaders(secret, { id: 'evt_42', type: 'batch.generated' }, body, 1_700_000_000);
    expect(headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-Service-Event': 'batch.generated',
      'X-Service-Delivery': 'evt_42',
      'webhook-id': 'evt_42',
      'webhook-timestamp': '1700000000',
    });
    expect(headers['X-Service-Signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });
});
