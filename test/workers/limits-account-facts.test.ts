// P-ACC2, W7: the RateLimiter holds its account's webhook subscriptions, so emitting an event reads no D1 (neither
// the request nor the fan-out), accounts without an active webhook hand off nothing, and every change of a webhook
// reloads the copy, so a new webhook gets the very next event (D10).
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../workers/index.ts';
import { webhookSubscribers } from '../../workers/limits/account-facts.ts';
import { deactivateWebhooksOfKey } from '../../workers/webhooks/key-webhooks.ts';
import {
  encryptSecret,
  importEncryptionKey,
  newWebhookSecret,
  secretHint,
} from '../../workers/webhooks/webhook-secret.ts';
import { deleteWebhook, insertWebhook } from '../../workers/webhooks/webhook-store.ts';
import { webhooksChanged } from '../../workers/webhooks/webhooks-changed.ts';
import { BASE, PLAIN_INVOICE as INVOICE, recordingDb, testEnv, verifiedAccountWithKey } from './accounts-fixtures.ts';
import { consumedByWorker, emittedMessages, sentMessages, watchEmits, watchQueue } from './queue-fixtures.ts';

type Json = Record<string, any>;

/** Runs the Worker (with the test env unless told) and waits for its waitUntil work, so queue sends are observed. */
async function run(apiKey: string, method: string, path: string, json?: unknown, env = testEnv): Promise<Response> {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}` };
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  const res = await (worker as ExportedHandler<typeof testEnv>).fetch!(
    new Request(`${BASE}${path}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    }) as never,
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** A webhook put straight into D1, as no route would: the RateLimiter's copy learns of it only when told. */
async function storeHook(accountId: string, url: string, createdByKeyHash: string | null = null) {
  const secret = newWebhookSecret();
  const key = await importEncryptionKey(testEnv.WEBHOOK_ENCRYPTION_KEY);
  const hook = await insertWebhook(testEnv.DB, {
    accountId,
    url,
    events: ['invoice.generated', 'batch.generated'],
    secretCiphertext: await encryptSecret(key, secret),
    secretHint: secretHint(secret),
    createdAt: 1_700_000_000,
  });
  // Set apart: insertWebhook checks that the creating key is live, and this account has no key row.
  await testEnv.DB.prepare('UPDATE webhooks SET created_by_key_hash = ? WHERE id = ?')
    .bind(createdByKeyHash, hook!.id)
    .run();
  return hook!;
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

describe('P-ACC2, W7: webhook emission reads no D1', () => {
  it('issue 25 (W7): no webhook, no message; a created webhook gets the very next event, handed off and fanned out without D1; after its deletion nothing is sent', async () => {
    const { apiKey } = await verifiedAccountWithKey('af-hook');
    const send = watchEmits();
    const lookups = vi.spyOn(testEnv.DB, 'prepare');

    expect((await run(apiKey, 'POST', '/api/generate-invoice', INVOICE)).status).toBe(200);
    expect(send).not.toHaveBeenCalled();
    lookups.mockClear();
    expect((await run(apiKey, 'POST', '/api/generate-invoice', INVOICE)).status).toBe(200);
    // Key from the isolate cache, subscriptions from the Durable Object: the Worker did not query D1.
    expect(lookups).not.toHaveBeenCalled();

    const created = await run(apiKey, 'POST', '/api/webhooks', { url: 'https://hooks.example.com/in' });
    expect(created.status).toBe(201);
    const hookId = ((await created.json()) as Json).webhook.id;
    const delivered = receiver();
    const deliveries = watchQueue();
    const log: string[] = [];
    const recorded = { ...testEnv, DB: recordingDb(testEnv.DB, log) };
    expect((await run(apiKey, 'POST', '/api/generate-invoice', INVOICE, recorded)).status).toBe(200);
    expect(emittedTypes(send)).toEqual(['invoice.generated']);
    // The request (key cached or read, never a webhook) read no webhook from D1.
    expect(log.filter((l) => /webhooks/.test(l))).toEqual([]);
    // The real queue's consumer fans the event out and delivers it, on the same bindings, so the spies see its work.
    lookups.mockClear();
    await consumedByWorker(hookId, 1);
    expect(sentMessages(deliveries).map((m) => m.webhook_id)).toEqual([hookId]);
    expect(delivered).toEqual(['https://hooks.example.com/in']);
    // The fan-out read no webhook from D1: nothing naming them was prepared before it handed off the delivery
    // (the delivery itself reads its webhook row, W1).
    const handedOff = deliveries.mock.invocationCallOrder[0];
    const fanOutSql = lookups.mock.calls
      .filter((_, i) => lookups.mock.invocationCallOrder[i] < handedOff)
      .map(([sql]) => sql);
    expect(fanOutSql.filter((sql) => /\bwebhooks\b/.test(sql))).toEqual([]);

    expect((await run(apiKey, 'DELETE', `/api/webhooks/${hookId}`)).status).toBe(200);
    send.mockClear();
    expect((await run(apiKey, 'POST', '/api/generate-invoice', INVOICE)).status).toBe(200);
    // The deletion reloaded the subscriptions: no active webhook, so nothing is handed off.
    expect(send).not.toHaveBeenCalled();
  });

  it("issue 25 (W7): the fan-out reads the object's copy, reloaded by webhooksChanged after a create, a deactivation and a delete", async () => {
    const account = `acct_subs_${crypto.randomUUID().slice(0, 8)}`;
    const subscribers = () => webhookSubscribers(testEnv, account, 'invoice.generated');
    const first = await storeHook(account, 'https://hooks.example.com/first');
    // No copy yet: the first use loads it from D1.
    expect(await subscribers()).toEqual([first.id]);
    const byKey = await storeHook(account, 'https://hooks.example.com/by-key', 'a'.repeat(64));
    // In D1 but not told: the copy is what the fan-out reads.
    expect(await subscribers()).toEqual([first.id]);
    await webhooksChanged(testEnv, account);
    expect((await subscribers()).sort()).toEqual([first.id, byKey.id].sort());
    expect(await deactivateWebhooksOfKey(testEnv, account, 'a'.repeat(64), 'the key was deleted (test)')).toBe(1);
    expect(await subscribers()).toEqual([first.id]);
    expect(await deleteWebhook(testEnv.DB, account, first.id)).toBe(true);
    await webhooksChanged(testEnv, account);
    expect(await subscribers()).toEqual([]);
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
