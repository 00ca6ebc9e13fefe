// P-ACC2: the RateLimiter knows whether its account may have webhooks, so generate skips the D1 lookup of
// event emission for accounts that never had one, while a new webhook still gets the very next event (D10).
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../workers/index.ts';
import {
  encryptSecret,
  importEncryptionKey,
  newWebhookSecret,
  secretHint,
} from '../../workers/webhooks/webhook-secret.ts';
import { insertWebhook } from '../../workers/webhooks/webhook-store.ts';
import { BASE, testEnv, verifiedAccountWithKey } from './accounts-fixtures.ts';
import { consumedByWorker, emittedMessages, watchEmits } from './queue-fixtures.ts';

type Json = Record<string, any>;
const INVOICE = {
  from: { name: 'Acme' },
  to: { name: 'Client' },
  items: [{ description: 'Work', quantity: 2, unit_price: 50 }],
  features: { hosted_link: false, qr: false },
};

/** Runs the Worker with the test env and waits for its waitUntil work, so queue sends are observed. */
async function run(apiKey: string, method: string, path: string, json?: unknown): Promise<Response> {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}` };
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  const res = await (worker as ExportedHandler<typeof testEnv>).fetch!(
    new Request(`${BASE}${path}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    }) as never,
    testEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** The event types handed off (W6: one emit message per event, fanned out by the consumer). */
const emittedTypes = (send: ReturnType<typeof watchEmits>) => emittedMessages(send).map((m) => m.event_type);

/** The webhook receivers: every delivery the Worker's queue consumer makes is answered 204. */
function receiver() {
  const urls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    urls.push(new Request(input as RequestInfo, init).url);
    return new Response(null, { status: 204 });
  });
  return urls;
}

afterEach(() => vi.restoreAllMocks());

describe('P-ACC2: webhook emission without a D1 lookup for accounts that never had a webhook', () => {
  it('D10: no webhook, no message; a webhook created later gets the very next event; after its deletion nothing is sent', async () => {
    const { apiKey } = await verifiedAccountWithKey('af-hook');
    const delivered = receiver();
    const send = watchEmits();
    const lookups = vi.spyOn(testEnv.DB, 'prepare');

    expect((await run(apiKey, 'POST', '/api/generate-invoice', INVOICE)).status).toBe(200);
    expect(send).not.toHaveBeenCalled();
    lookups.mockClear();
    expect((await run(apiKey, 'POST', '/api/generate-invoice', INVOICE)).status).toBe(200);
    // Key from the isolate cache, webhook flag from the Durable Object: the Worker did not query D1.
    expect(lookups).not.toHaveBeenCalled();

    const created = await run(apiKey, 'POST', '/api/webhooks', { url: 'https://hooks.example.com/in' });
    expect(created.status).toBe(201);
    const hookId = ((await created.json()) as Json).webhook.id;
    expect((await run(apiKey, 'POST', '/api/generate-invoice', INVOICE)).status).toBe(200);
    expect(emittedTypes(send)).toEqual(['invoice.generated']);
    // The real queue brings it to the Worker's consumer before the webhook goes.
    await consumedByWorker(hookId, 1);
    expect(delivered).toEqual(['https://hooks.example.com/in']);

    expect((await run(apiKey, 'DELETE', `/api/webhooks/${hookId}`)).status).toBe(200);
    send.mockClear();
    const consumerLog = vi.spyOn(console, 'log');
    expect((await run(apiKey, 'POST', '/api/generate-invoice', INVOICE)).status).toBe(200);
    // The account may have webhooks (the fact is never unset), so the event is handed off (W6); the consumer's
    // fan-out finds no webhook and delivers nothing.
    const [emit] = emittedMessages(send);
    const fannedOut = () =>
      consumerLog.mock.calls
        .map((call) => String(call[0]))
        .find((line) => line.includes('webhook event fanned out') && line.includes(emit.event_id));
    await expect.poll(fannedOut, { timeout: 20_000 }).toBeDefined();
    expect(JSON.parse(fannedOut()!)).toMatchObject({ copies: 0 });
    expect(delivered).toEqual(['https://hooks.example.com/in']);
  });

  it('D10: a webhook already in D1 when the RateLimiter first sees the account is found by its first load', async () => {
    const { apiKey, email } = await verifiedAccountWithKey('af-lazy');
    const { id } = (await testEnv.DB.prepare('SELECT id FROM accounts WHERE email = ?')
      .bind(email)
      .first<{ id: string }>())!;
    const secret = newWebhookSecret();
    const key = await importEncryptionKey(testEnv.WEBHOOK_ENCRYPTION_KEY);
    const hook = await insertWebhook(testEnv.DB, {
      accountId: id,
      url: 'https://hooks.example.com/lazy',
      events: ['invoice.generated', 'batch.generated'],
      secretCiphertext: await encryptSecret(key, secret),
      secretHint: secretHint(secret),
      createdAt: 1_700_000_000,
    });
    const delivered = receiver();
    const send = watchEmits();

    expect((await run(apiKey, 'POST', '/api/generate-invoice', INVOICE)).status).toBe(200);
    expect(emittedTypes(send)).toEqual(['invoice.generated']);
    const batch = await run(apiKey, 'POST', '/api/batch', { invoices: [INVOICE] });
    expect(batch.status).toBe(200);
    expect(emittedTypes(send)).toEqual(['invoice.generated', 'batch.generated']);
    await consumedByWorker(hook!.id, 2);
    expect(delivered).toEqual(['https://hooks.example.com/lazy', 'https://hooks.example.com/lazy']);
  });
});
