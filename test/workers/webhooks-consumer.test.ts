import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { insertAccount } from '../../workers/accounts/account-store.ts';
import { listSunkEmails } from '../../workers/email/dev-mail-sink.ts';
import type { Env } from '../../workers/env.ts';
import worker from '../../workers/index.ts';
import { emitInvoiceEvent, shouldPark } from '../../workers/webhooks/emit-event.ts';
import {
  MAX_BATCH_BYTES,
  MAX_BATCH_MESSAGES,
  sendInBatches,
  splitIntoBatches,
} from '../../workers/webhooks/queue-batches.ts';
import type { WebhookEventType } from '../../workers/webhooks/webhook-create-body.ts';
import { type EmitMessage, INLINE_EVENT_MAX_BYTES, type WebhookMessage } from '../../workers/webhooks/webhook-event.ts';
import {
  encryptSecret,
  importEncryptionKey,
  newWebhookSecret,
  secretHint,
} from '../../workers/webhooks/webhook-secret.ts';
import { getWebhookById, insertWebhook } from '../../workers/webhooks/webhook-store.ts';
import { consumedByWorker, emittedMessages, watchEmits, watchQueue } from './queue-fixtures.ts';

async function registerHook(accountId: string, url: string, events: WebhookEventType[] = ['invoice.generated']) {
  const secret = newWebhookSecret();
  const key = await importEncryptionKey(env.WEBHOOK_ENCRYPTION_KEY);
  const hook = await insertWebhook(env.DB, {
    accountId,
    url,
    events,
    secretCiphertext: await encryptSecret(key, secret),
    secretHint: secretHint(secret),
    createdAt: 1_700_000_000,
  });
  return { hook: hook!, secret };
}

function message(body: WebhookMessage, attempts = 1) {
  return { id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body };
}

function eventMessage(hookId: string, accountId: string, type: WebhookEventType = 'invoice.generated'): WebhookMessage {
  const event = {
    id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: true,
    data: { invoice: { number: 'INV-1', grand_total: 12.5 } },
  };
  return { v: 1, webhook_id: hookId, account_id: accountId, event_id: event.id, event_type: type, event };
}

/** Runs the Worker's queue() handler; getQueueResult does not report delaySeconds, so retry() is observed too. */
async function runQueue(messages: ReturnType<typeof message>[]) {
  const batch = createMessageBatch('invoice-webhooks', messages);
  const retries = batch.messages.map((m) => vi.spyOn(m, 'retry'));
  const ctx = createExecutionContext();
  await (worker as ExportedHandler<Env>).queue!(batch, env, ctx);
  const result = await getQueueResult(batch, ctx);
  const retryDelays = retries.flatMap((spy, i) =>
    spy.mock.calls.map((call) => ({ msgId: batch.messages[i].id, delaySeconds: call[0]?.delaySeconds })),
  );
  return { ...result, retryDelays };
}

/**
 * A delivery as the receiver got it, body read at once: a request the queue consumer sends from the real queue
 * belongs to that consumer's I/O context, and its body cannot be read later from the test's.
 */
interface Received {
  url: string;
  method: string;
  redirect: string;
  headers: Headers;
  text(): Promise<string>;
}

async function received(req: Request): Promise<Received> {
  const body = await req.clone().text();
  return {
    url: req.url,
    method: req.method,
    redirect: req.redirect,
    headers: new Headers(req.headers),
    text: async () => body,
  };
}

function mockReceiver(statuses: number[] | ((req: Request) => Response | Promise<Response>)) {
  const seen: Received[] = [];
  let i = 0;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = new Request(input as RequestInfo, init);
    seen.push(await received(req));
    if (typeof statuses === 'function') return statuses(req);
    const status = statuses[Math.min(i++, statuses.length - 1)];
    if (status === 0) throw new TypeError('Network connection lost.');
    return new Response(null, { status });
  });
  return { seen, spy };
}

afterEach(() => vi.restoreAllMocks());

describe('webhook queue consumer (D10)', () => {
  it('D10: a 2xx delivery is acked, signed both ways, and recorded on the webhook', async () => {
    const { hook, secret } = await registerHook('acct_ok', 'https://hooks.example.com/in');
    const { seen } = mockReceiver([204]);
    const m = eventMessage(hook.id, 'acct_ok');
    const result = await runQueue([message(m)]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    expect(seen).toHaveLength(1);
    const req = seen[0];
    expect(req.url).toBe('https://hooks.example.com/in');
    expect(req.method).toBe('POST');
    const raw = await req.text();
    expect(JSON.parse(raw)).toEqual(m.event);
    expect(req.headers.get('content-type')).toBe('application/json');
    expect(req.headers.get('x-service-event')).toBe('invoice.generated');
    expect(req.headers.get('x-service-delivery')).toBe(m.event_id);
    // the receiver verifies with nothing but the secret
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    const sigHex = req.headers.get('x-service-signature')!.replace(/^sha256=/, '');
    const sig = Uint8Array.from(sigHex.match(/../g)!.map((h) => parseInt(h, 16)));
    expect(await crypto.subtle.verify('HMAC', key, sig, new TextEncoder().encode(raw))).toBe(true);
    expect(new Webhook(secret).verify(raw, Object.fromEntries(req.headers))).toEqual(m.event);
    const after = await getWebhookById(env.DB, hook.id);
    expect(after!.last_status).toBe(204);
    expect(after!.last_delivery_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
  });

  it('D10: 5xx, 429, 408 and network errors retry on the schedule for that attempt', async () => {
    const { hook } = await registerHook('acct_retry', 'https://hooks.example.com/retry');
    const cases: [number, number, number][] = [
      [500, 1, 60],
      [429, 2, 300],
      [408, 3, 1800],
      [0, 4, 7200],
      [502, 5, 21600],
      [503, 6, 43200],
    ];
    for (const [status, attempt, delay] of cases) {
      vi.restoreAllMocks();
      mockReceiver([status]);
      const msg = message(eventMessage(hook.id, 'acct_retry'), attempt);
      const result = await runQueue([msg]);
      expect(result.retryMessages).toEqual([{ msgId: msg.id }]);
      expect(result.retryDelays).toEqual([{ msgId: msg.id, delaySeconds: delay }]);
      expect(result.explicitAcks).toEqual([]);
      expect((await getWebhookById(env.DB, hook.id))!.last_status).toBe(status);
    }
  });

  it('D10: after the sixth retry fails the message goes to the dead-letter queue', async () => {
    const { hook } = await registerHook('acct_dlq', 'https://hooks.example.com/dlq');
    mockReceiver([500]);
    const sent = vi.spyOn(env.WEBHOOK_DLQ, 'send');
    const msg = message(eventMessage(hook.id, 'acct_dlq'), 7);
    const result = await runQueue([msg]);
    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.calls[0][0]).toMatchObject({
      webhook_id: hook.id,
      event_id: msg.body.event_id,
      last_status: 500,
      attempts: 7,
    });
  });

  it('D10: other 4xx answers are not retried, but are recorded', async () => {
    const { hook } = await registerHook('acct_410', 'https://hooks.example.com/gone');
    mockReceiver([410]);
    const msg = message(eventMessage(hook.id, 'acct_410'));
    const result = await runQueue([msg]);
    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);
    expect((await getWebhookById(env.DB, hook.id))!.last_status).toBe(410);
  });

  it('D10: a deleted webhook gets no delivery', async () => {
    const { hook } = await registerHook('acct_del', 'https://hooks.example.com/del');
    await env.DB.prepare('DELETE FROM webhooks WHERE id = ?').bind(hook.id).run();
    const { seen } = mockReceiver([200]);
    const msg = message(eventMessage(hook.id, 'acct_del'));
    const result = await runQueue([msg]);
    expect(seen).toHaveLength(0);
    expect(result.explicitAcks).toEqual([msg.id]);
  });

  it('D10: redirects are not followed (a 3xx is a failed, non-retried delivery)', async () => {
    const { hook } = await registerHook('acct_redirect', 'https://hooks.example.com/r');
    const { seen } = mockReceiver(
      () => new Response(null, { status: 302, headers: { Location: 'http://169.254.169.254/' } }),
    );
    const msg = message(eventMessage(hook.id, 'acct_redirect'));
    const result = await runQueue([msg]);
    expect(seen).toHaveLength(1);
    expect(seen[0].redirect).toBe('manual');
    expect(result.explicitAcks).toEqual([msg.id]);
  });

  it.each(['https://[::7f00:1]/h', 'https://localhost./h', 'https://[2002:a9fe:a9fe::1]/h', 'https://10.0.0.1/h'])(
    'H1: a stored URL the address policy now refuses (%s) is never contacted; the attempt is recorded and dropped',
    async (url) => {
      const { hook } = await registerHook('acct_refused', url);
      const { spy } = mockReceiver([200]);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const msg = message(eventMessage(hook.id, 'acct_refused'));
      const result = await runQueue([msg]);
      expect(spy).not.toHaveBeenCalled();
      expect(result.explicitAcks).toEqual([msg.id]);
      expect(result.retryMessages).toEqual([]);
      expect((await getWebhookById(env.DB, hook.id))!.last_status).toBe(0);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('refused by the address policy'));
    },
  );
});

function emitMessage(accountId: string, type: WebhookEventType, data: unknown): EmitMessage {
  const id = `evt_${crypto.randomUUID().replaceAll('-', '')}`;
  const event = { id, type, created: Math.floor(Date.now() / 1000), livemode: true, data };
  return { v: 1, kind: 'emit', account_id: accountId, event_id: id, event_type: type, event };
}

describe('W11: an endpoint failing every delivery for 5 days is deactivated', () => {
  const DAY = 86_400;
  const T0 = 1_900_000_000; // Unix seconds, a fixed clock

  async function failingAccount(tag: string) {
    const id = `acct_${tag}_${crypto.randomUUID().slice(0, 8)}`;
    const email = `${id}@example.com`.toLowerCase();
    await insertAccount(env.DB, { id, email, password_hash: 'x', created_at: T0 * 1000 });
    return { id, email };
  }

  /** One attempt of a fresh event at `at` (Unix seconds), on a clock set there. */
  async function attemptAt(at: number, hookId: string, accountId: string, status: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at * 1000);
    try {
      vi.restoreAllMocks();
      mockReceiver([status]);
      const msg = message(eventMessage(hookId, accountId));
      return { msg, result: await runQueue([msg]) };
    } finally {
      vi.useRealTimers();
    }
  }

  const deliveries = (hookId: string) =>
    env.DB.prepare('SELECT attempted_at, next_attempt_at FROM webhook_deliveries WHERE webhook_id = ? ORDER BY seq')
      .bind(hookId)
      .all<{ attempted_at: number; next_attempt_at: number | null }>()
      .then((r) => r.results);

  it('issue 27: failures from T0 to T0 + 5 days deactivate it, with disabled_reason and one email to the account', async () => {
    const account = await failingAccount('down');
    const { hook } = await registerHook(account.id, 'https://hooks.example.com/down');
    await attemptAt(T0, hook.id, account.id, 503);
    expect((await getWebhookById(env.DB, hook.id))!.failing_since).toBe(T0);
    const almost = await attemptAt(T0 + 5 * DAY - 1, hook.id, account.id, 0);
    expect(almost.result.retryMessages).toEqual([{ msgId: almost.msg.id }]);
    expect((await getWebhookById(env.DB, hook.id))!.is_active).toBe(true);
    expect(await listSunkEmails(env.DB, account.email)).toEqual([]);

    const last = await attemptAt(T0 + 5 * DAY, hook.id, account.id, 500);
    expect(last.result.explicitAcks).toEqual([last.msg.id]); // no retry after the deactivation
    expect(last.result.retryMessages).toEqual([]);
    const after = (await getWebhookById(env.DB, hook.id))!;
    expect(after.is_active).toBe(false);
    expect(after.disabled_reason).toBe(
      'Every delivery failed for 5 days (from 2030-03-17T17:46:40Z to 2030-03-22T17:46:40Z; last: HTTP 500), so the service deactivated this webhook.',
    );
    const emails = await listSunkEmails(env.DB, account.email);
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toBe('A webhook was deactivated');
    expect(emails[0].text).toContain('https://hooks.example.com/down');
    expect(emails[0].text).toContain(after.disabled_reason);
    // W12: each attempt's log row says when the queue tries again; the deactivating attempt has no next one.
    expect(await deliveries(hook.id)).toEqual([
      { attempted_at: T0, next_attempt_at: T0 + 60 },
      { attempted_at: T0 + 5 * DAY - 1, next_attempt_at: T0 + 5 * DAY - 1 + 60 },
      { attempted_at: T0 + 5 * DAY, next_attempt_at: null },
    ]);

    // An event queued before the deactivation reaches nothing, and a second failure sends no second email.
    const { seen } = mockReceiver([500]);
    const late = await runQueue([message(eventMessage(hook.id, account.id))]);
    expect(seen).toHaveLength(0);
    expect(late.retryMessages).toEqual([]);
    expect(await listSunkEmails(env.DB, account.email)).toHaveLength(1);
  });

  it('issue 27: one success restarts the 5 days', async () => {
    const account = await failingAccount('flaky');
    const { hook } = await registerHook(account.id, 'https://hooks.example.com/flaky');
    await attemptAt(T0, hook.id, account.id, 503);
    await attemptAt(T0 + DAY, hook.id, account.id, 204);
    expect((await getWebhookById(env.DB, hook.id))!.failing_since).toBeNull();
    await attemptAt(T0 + 2 * DAY, hook.id, account.id, 503);
    await attemptAt(T0 + 6 * DAY, hook.id, account.id, 503);
    const after = (await getWebhookById(env.DB, hook.id))!;
    expect(after).toMatchObject({ is_active: true, disabled_reason: null, failing_since: T0 + 2 * DAY });
    expect(await listSunkEmails(env.DB, account.email)).toEqual([]);
  });
});

describe('event emission (D10, W6)', () => {
  it('W6: the emission is one emit message; the consumer fans it out to every active webhook subscribed, one event id', async () => {
    const a = await registerHook('acct_emit', 'https://a.example.com/h', ['invoice.generated']);
    const b = await registerHook('acct_emit', 'https://b.example.com/h', ['invoice.generated', 'batch.generated']);
    await registerHook('acct_emit', 'https://c.example.com/h', ['batch.generated']);
    await registerHook('acct_other', 'https://d.example.com/h', ['invoice.generated']);
    const { seen } = mockReceiver([204]);
    const send = watchEmits();
    const now = Date.UTC(2026, 0, 2, 3, 4, 5);
    expect(await emitInvoiceEvent(env, 'acct_emit', 'invoice.generated', { invoice: { number: 'INV-9' } }, now)).toBe(
      true,
    );
    const [emit] = emittedMessages(send);
    expect(send).toHaveBeenCalledTimes(1);
    expect(emit).toMatchObject({ v: 1, kind: 'emit', account_id: 'acct_emit', event_type: 'invoice.generated' });
    expect(emit.event).toEqual({
      id: emit.event_id,
      type: 'invoice.generated',
      created: Math.floor(now / 1000),
      livemode: true,
      data: { invoice: { number: 'INV-9' } },
    });
    expect(emit.event_id).toMatch(/^evt_[0-9A-Za-z]{24}$/);
    // Through the real queue to the Worker's consumer: each subscribed webhook gets the event once.
    await consumedByWorker(a.hook.id, 1);
    await consumedByWorker(b.hook.id, 1);
    expect(seen.map((r) => r.url).sort()).toEqual(['https://a.example.com/h', 'https://b.example.com/h']);
    expect(seen.map((r) => r.headers.get('X-Service-Delivery'))).toEqual([emit.event_id, emit.event_id]);
    expect((await getWebhookById(env.DB, a.hook.id))!.last_status).toBe(204);
  });

  it('W6: an emit message with no subscribed webhook is acked and sends nothing', async () => {
    const send = watchQueue();
    const { spy } = mockReceiver([204]);
    const msg = message(emitMessage('acct_nobody', 'batch.generated', { count: 1 }) as never);
    const result = await runQueue([msg]);
    expect(result.explicitAcks).toEqual([msg.id]);
    expect(send).not.toHaveBeenCalled();
    expect(spy).not.toHaveBeenCalled();
  });

  it('an event too large for a queue message is parked in KV and still delivered whole', async () => {
    const { hook, secret } = await registerHook('acct_big', 'https://big.example.com/h');
    const { seen } = mockReceiver([200]);
    const send = watchEmits();
    const data = { invoice: { notes: 'x'.repeat(INLINE_EVENT_MAX_BYTES + 10) } };
    await emitInvoiceEvent(env, 'acct_big', 'invoice.generated', data, Date.now());
    const [body] = emittedMessages(send);
    expect(body.event).toBeUndefined();
    expect(body.event_ref).toBe(`webhook-event:${body.event_id}`);
    expect(JSON.stringify(body).length).toBeLessThan(1000);
    // The Worker's consumer takes the message from the real queue and reads the event back from KV.
    await consumedByWorker(hook.id, 1);
    expect(seen).toHaveLength(1);
    const raw = await seen[0].text();
    expect(JSON.parse(raw).data).toEqual(data);
    expect(new Webhook(secret).verify(raw, Object.fromEntries(seen[0].headers))).toMatchObject({ id: body.event_id });
  });

  it('issue 25: a hand-off the queue refuses is tried again, and the event is delivered', async () => {
    const { hook } = await registerHook(`acct_retry_${crypto.randomUUID().slice(0, 8)}`, 'https://retry.example.com/h');
    const { seen } = mockReceiver([200]);
    const send = watchEmits().mockRejectedValueOnce(new Error('Queue send failed (test)'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await emitInvoiceEvent(env, hook.account_id, 'invoice.generated', { n: 1 }, Date.now(), [0, 0])).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
    await consumedByWorker(hook.id, 1);
    expect(seen).toHaveLength(1);
    expect(error).not.toHaveBeenCalledWith(expect.stringContaining('webhook event lost'));
  });

  it('issue 25: an event the queue refuses on every attempt is counted lost in one structured log line', async () => {
    const send = watchEmits().mockRejectedValue(new Error('Queue send failed (test)'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await emitInvoiceEvent(env, 'acct_lost', 'batch.generated', { count: 1 }, Date.now(), [0, 0])).toBe(false);
    expect(send).toHaveBeenCalledTimes(3);
    const lines = error.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
    const lost = lines.filter((l) => l.msg === 'webhook event lost');
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({
      level: 'error',
      metric: 'webhook_events_lost',
      count: 1,
      attempts: 3,
      account_id: 'acct_lost',
      event_type: 'batch.generated',
    });
    expect(lost[0].isolate_total).toBeGreaterThanOrEqual(1);
  });

  it('issue 25: an emit message whose fan-out fails (D1) is retried by the queue, not lost', async () => {
    const prepare = env.DB.prepare.bind(env.DB);
    vi.spyOn(env.DB, 'prepare').mockImplementation((sql: string) => {
      if (sql.includes('FROM webhooks')) throw new Error('D1 is down (test)');
      return prepare(sql);
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const msg = message(emitMessage('acct_fanout_down', 'invoice.generated', { n: 1 }) as never);
    const result = await runQueue([msg]);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryDelays).toEqual([{ msgId: msg.id, delaySeconds: expect.any(Number) }]);
  });
});

describe('queue limits (issue 25)', () => {
  const bigEvent = (bytes: number) => ({ invoice: { number: 'INV-BIG', notes: 'x'.repeat(bytes) } });

  it('issue 25: an event of 60 KB to 10 webhooks reaches all 10 through the real local queue, parked once', async () => {
    const account = `acct_wide_${crypto.randomUUID().slice(0, 8)}`;
    const hooks = [];
    for (let i = 0; i < 10; i++) hooks.push(await registerHook(account, `https://h${i}.example.com/in`));
    const { seen } = mockReceiver([200]);
    const put = vi.spyOn(env.SNAPSHOTS, 'put');
    const data = bigEvent(60_000);
    await emitInvoiceEvent(env, account, 'invoice.generated', data, Date.now());
    for (const { hook } of hooks) await consumedByWorker(hook.id, 1);
    expect(seen.map((r) => r.url).sort()).toEqual(hooks.map((_, i) => `https://h${i}.example.com/in`).sort());
    for (const [i, { hook, secret }] of hooks.entries()) {
      const got = seen.find((r) => r.url === `https://h${i}.example.com/in`)!;
      const raw = await got.text();
      expect(JSON.parse(raw).data).toEqual(data);
      expect(new Webhook(secret).verify(raw, Object.fromEntries(got.headers))).toBeTruthy();
      expect((await getWebhookById(env.DB, hook.id))!.last_status).toBe(200);
    }
    // One KV write for the ten copies: the event is parked once and each message carries its key.
    expect(put.mock.calls.filter((call) => String(call[0]).startsWith('webhook-event:'))).toHaveLength(1);
  });

  it('issue 25: messages are sent in batches of at most 100 messages and 240 kB', async () => {
    const small = Array.from({ length: 250 }, (_, i) => ({ body: { i }, contentType: 'json' as const }));
    expect(splitIntoBatches(small).map((b) => b.length)).toEqual([MAX_BATCH_MESSAGES, MAX_BATCH_MESSAGES, 50]);
    const large = Array.from({ length: 5 }, (_, i) => ({
      body: { i, pad: 'y'.repeat(90_000) },
      contentType: 'json' as const,
    }));
    expect(splitIntoBatches(large).map((b) => b.length)).toEqual([2, 2, 1]);
    // Parked: too large for a message, or copies that would not fit one batch together; else inline.
    expect(shouldPark(100_001, 1)).toBe(true);
    expect(shouldPark(60_000, 1)).toBe(false);
    expect(shouldPark(25_000, 10)).toBe(true);
    expect(shouldPark(20_000, 10)).toBe(false);
    expect(10 * 20_000).toBeLessThanOrEqual(MAX_BATCH_BYTES);
  });

  it('issue 25: five 90 kB messages go through the real local queue in three batches and are all delivered', async () => {
    const account = `acct_split_${crypto.randomUUID().slice(0, 8)}`;
    const hooks = [];
    for (let i = 0; i < 5; i++) hooks.push(await registerHook(account, `https://s${i}.example.com/in`));
    const { seen } = mockReceiver([200]);
    const send = watchQueue();
    const messages = hooks.map(({ hook }) => {
      const m = eventMessage(hook.id, account);
      m.event!.data = bigEvent(90_000);
      return { body: m, contentType: 'json' as const };
    });
    await sendInBatches(env.WEBHOOK_QUEUE, messages);
    expect(send.mock.calls.map((call) => [...call[0]].length)).toEqual([2, 2, 1]);
    for (const { hook } of hooks) await consumedByWorker(hook.id, 1);
    expect(seen).toHaveLength(5);
  });
});
