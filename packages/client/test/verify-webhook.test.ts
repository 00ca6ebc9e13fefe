// D10: verifyWebhook accepts a delivery only when both signatures match and the Standard Webhooks
// timestamp is within 5 minutes. The signatures here are made the way the Worker makes them, but by
// other code: node:crypto for X-Service-Signature and the maintained `standardwebhooks` library.
import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../src/index.ts';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const event = {
  id: 'evt_2Bq9',
  type: 'webhook.test',
  created: 1767312000,
  data: { webhook_id: 'wh_1', message: 'A test event sent on request; it describes no invoice.' },
};
const raw = JSON.stringify(event);

function signedHeaders(body: string, at: Date, key = secret): Record<string, string> {
  const seconds = Math.floor(at.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'x-service-signature': 'sha256=' + createHmac('sha256', key).update(body, 'utf8').digest('hex'),
    'webhook-id': event.id,
    'webhook-timestamp': String(seconds),
    'webhook-signature': new Webhook(key).sign(event.id, at, body),
  };
}

async function reason(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WebhookVerificationError);
  return (err as WebhookVerificationError).reason;
}

describe('verifyWebhook (D10: both signatures, 5-minute tolerance)', () => {
  it('D10: a valid delivery returns the typed event, from Node headers, fetch Headers and raw bytes alike', async () => {
    const headers = signedHeaders(raw, new Date());
    expect(await verifyWebhook(raw, headers, secret)).toEqual(event);
    expect(await verifyWebhook(raw, new Headers(headers), secret)).toEqual(event);
    const got = await verifyWebhook(new TextEncoder().encode(raw), headers, secret);
    expect(got.type === 'webhook.test' && got.data.webhook_id).toBe('wh_1');
  });

  it('D10: a tampered body fails (one changed character)', async () => {
    const headers = signedHeaders(raw, new Date());
    expect(await reason(verifyWebhook(raw.replace('wh_1', 'wh_2'), headers, secret))).toBe('invalid_signature');
  });

  it('D10: a body-only signature is not enough: a tampered webhook-signature fails though X-Service-Signature matches', async () => {
    const headers = signedHeaders(raw, new Date());
    const other = signedHeaders(raw.replace('wh_1', 'wh_2'), new Date());
    const mixed = { ...headers, 'webhook-signature': other['webhook-signature'] };
    expect(await reason(verifyWebhook(raw, mixed, secret))).toBe('invalid_signature');
  });

  it('D10: a timestamp more than 5 minutes old (or ahead) fails; within 5 minutes passes', async () => {
    const now = Date.now();
    const stale = signedHeaders(raw, new Date(now - 301_000));
    expect(await reason(verifyWebhook(raw, stale, secret, { now }))).toBe('timestamp_out_of_tolerance');
    const ahead = signedHeaders(raw, new Date(now + 301_000));
    expect(await reason(verifyWebhook(raw, ahead, secret, { now }))).toBe('timestamp_out_of_tolerance');
    const recent = signedHeaders(raw, new Date(now - 290_000));
    expect((await verifyWebhook(raw, recent, secret, { now })).id).toBe(event.id);
  });

  it('D10: the wrong secret fails', async () => {
    const headers = signedHeaders(raw, new Date());
    const wrong = `whsec_${randomBytes(32).toString('base64')}`;
    expect(await reason(verifyWebhook(raw, headers, wrong))).toBe('invalid_signature');
  });

  it('D10: a missing signature header fails naming it', async () => {
    const { 'webhook-signature': _dropped, ...headers } = signedHeaders(raw, new Date());
    const err = await verifyWebhook(raw, headers, secret).catch((e: WebhookVerificationError) => e);
    expect(err).toMatchObject({ reason: 'missing_header', message: expect.stringContaining('webhook-signature') });
  });
});
