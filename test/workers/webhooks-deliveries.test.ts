// Issue 12 (W1): every delivery attempt is logged (the last 100 per webhook), listed newest first in
// pages, and can be sent again; a test event can be sent to one webhook. Real D1, the real local queue and
// its consumer (the Worker's queue() handler): redeliveries and test events go through them (queue-fixtures.ts).
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../workers/index.ts';
import { WEBHOOK_SENDS_PER_HOUR } from '../../workers/limits/admit-webhook-send.ts';
import {
  DELIVERIES_KEPT_PER_WEBHOOK,
  deliveryLogStatements,
  recordAttempt,
} from '../../workers/webhooks/delivery-log.ts';
import type { WebhookEvent, WebhookMessage } from '../../workers/webhooks/webhook-event.ts';
import { BASE, recordingDb, testEnv, verifiedAccountWithKey } from './accounts-fixtures.ts';
import { assertDocumented } from './openapi-conformance-check.ts';
import { consumedByWorker, sentMessages, watchQueue } from './queue-fixtures.ts';

type Json = Record<string, any>;

/** The Worker with the test env (so queue spies see its sends), its answer held to /openapi.json. */
async function run(auth: Record<string, string>, method: string, path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const headers = { ...auth, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) };
  const res = await (worker as ExportedHandler<typeof testEnv>).fetch!(
    new Request(`${BASE}${path}`, { method, headers }) as never,
    testEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  await assertDocumented(method, `${BASE}${path}`, res);
  return res;
}

const bearer = (apiKey: string) => ({ Authorization: `Bearer ${apiKey}` });

async function accountWithHook(events = ['invoice.generated'], url = 'https://hooks.example.com/in') {
  const account = await verifiedAccountWithKey('dlv');
  const created = await (worker as ExportedHandler<typeof testEnv>).fetch!(
    new Request(`${BASE}/api/webhooks`, {
      method: 'POST',
      headers: { ...bearer(account.apiKey), 'Content-Type': 'application/json' },
      body: JSON.stringify({ url, events }),
    }) as never,
    testEnv,
    createExecutionContext(),
  );
  const hook = ((await created.json()) as Json).webhook;
  const { id: accountId } = (await testEnv.DB.prepare('SELECT id FROM accounts WHERE email = ?')
    .bind(account.email)
    .first<{ id: string }>())!;
  return { ...account, accountId, hookId: hook.id as string, secret: hook.secret as string };
}

function invoiceEvent(): WebhookEvent {
  return {
    id: `evt_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`,
    type: 'invoice.generated',
    created: Math.floor(Date.now() / 1000),
    livemode: true,
    data: { invoice: { number: 'INV-1', grand_total: 12.5 } },
  };
}

function messageFor(hookId: string, accountId: string, event: WebhookEvent, attempts = 1) {
  const body: WebhookMessage = {
    v: 1,
    webhook_id: hookId,
    account_id: accountId,
    event_id: event.id,
    event_type: event.type,
    event,
  };
  return { id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body };
}

async function consume(messages: ReturnType<typeof messageFor>[], env = testEnv) {
  const batch = createMessageBatch('invoice-webhooks', messages);
  const ctx = createExecutionContext();
  await (worker as ExportedHandler<typeof testEnv>).queue!(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

/**
 * The webhook's receiver: answers with `answer` and records each delivery with its body read at once (a request
 * the consumer sends from the real queue belongs to its I/O context; its body cannot be read from the test's).
 */
function receiver(answer: (req: Request) => Response | Promise<Response>) {
  const seen: { headers: Headers; text(): Promise<string> }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = new Request(input as RequestInfo, init);
    const body = await req.clone().text();
    seen.push({ headers: new Headers(req.headers), text: async () => body });
    return answer(req);
  });
  return seen;
}

async function deliveries(apiKey: string, hookId: string, query = '') {
  const res = await run(bearer(apiKey), 'GET', `/api/webhooks/${hookId}/deliveries${query}`);
  return { status: res.status, body: (await res.json()) as Json };
}

afterEach(() => vi.restoreAllMocks());

describe('the delivery log (W1)', () => {
  it('an attempt is listed with its event, attempt number, status, duration and the start of the answer', async () => {
    const { apiKey, accountId, hookId } = await accountWithHook();
    receiver(() => new Response('{"received":true}', { status: 200 }));
    const event = invoiceEvent();
    await consume([messageFor(hookId, accountId, event)]);
    const { status, body } = await deliveries(apiKey, hookId);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      deliveries: [
        {
          id: expect.stringMatching(/^dlv_[0-9A-Za-z]{24}$/),
          webhook_id: hookId,
          event_id: event.id,
          event_type: 'invoice.generated',
          attempt: 1,
          attempted_at: expect.any(Number),
          status: 200,
          error: null,
          duration_ms: expect.any(Number),
          response_body: '{"received":true}',
          next_attempt_at: null,
        },
      ],
      next_cursor: null,
    });
    expect(Math.abs(body.deliveries[0].attempted_at - Date.now() / 1000)).toBeLessThan(60);
  });

  it('retries are numbered by the queue attempt; no answer is status null with the reason', async () => {
    const { apiKey, accountId, hookId } = await accountWithHook();
    const event = invoiceEvent();
    receiver(() => {
      throw new TypeError('Network connection lost.');
    });
    await consume([messageFor(hookId, accountId, event, 1)]);
    vi.restoreAllMocks();
    receiver(() => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    });
    await consume([messageFor(hookId, accountId, event, 2)]);
    vi.restoreAllMocks();
    receiver(() => new Response('busy', { status: 503 }));
    await consume([messageFor(hookId, accountId, event, 3)]);
    const { body } = await deliveries(apiKey, hookId);
    expect(body.deliveries.map((d: Json) => [d.attempt, d.status, d.error, d.response_body])).toEqual([
      [3, 503, null, 'busy'],
      [2, null, 'timeout: no answer within 10 s', ''],
      [1, null, 'network error: Network connection lost.', ''],
    ]);
  });

  it('H1: a URL the address policy refuses today is logged with the reason and never contacted', async () => {
    const { apiKey, accountId, hookId } = await accountWithHook();
    await testEnv.DB.prepare('UPDATE webhooks SET url = ? WHERE id = ?').bind('https://10.0.0.1/h', hookId).run();
    const seen = receiver(() => new Response(null, { status: 200 }));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await consume([messageFor(hookId, accountId, invoiceEvent())]);
    expect(seen).toHaveLength(0);
    const [d] = (await deliveries(apiKey, hookId)).body.deliveries;
    expect(d).toMatchObject({ status: null, duration_ms: 0, response_body: '' });
    expect(d.error).toMatch(/^refused by the address policy: must not point to a private/);
  });

  it('only the first 1 KB of the answer is kept, cut on a character boundary', async () => {
    const { apiKey, accountId, hookId } = await accountWithHook();
    // 'é' is 2 bytes in UTF-8 and '€' 3: 1 + 2×… never lands exactly on 1024, so the cut falls inside a character.
    const text = `x${'é€'.repeat(1000)}`;
    receiver(() => new Response(text, { status: 400 }));
    await consume([messageFor(hookId, accountId, invoiceEvent())]);
    const [d] = (await deliveries(apiKey, hookId)).body.deliveries;
    const kept = new TextEncoder().encode(d.response_body).length;
    expect(kept).toBeLessThanOrEqual(1024);
    expect(kept).toBeGreaterThan(1020);
    expect(text.startsWith(d.response_body)).toBe(true);
    expect(d.response_body).not.toContain('\ufffd');
  });

  it('issue 25 (W8): the bookkeeping of a batch of several messages is one D1 batch', async () => {
    const a = await accountWithHook();
    const b = await accountWithHook(['invoice.generated'], 'https://hooks.example.com/other');
    receiver(() => new Response(null, { status: 204 }));
    const log: string[] = [];
    const msgs = [
      messageFor(a.hookId, a.accountId, invoiceEvent()),
      messageFor(a.hookId, a.accountId, invoiceEvent()),
      messageFor(b.hookId, b.accountId, invoiceEvent()),
    ];
    const result = await consume(msgs, { ...testEnv, DB: recordingDb(testEnv.DB, log) });
    expect(result.explicitAcks.sort()).toEqual(msgs.map((m) => m.id).sort());
    // Reads of the webhooks' rows, then every write of the three attempts in one batch: 3 events, 3 attempts,
    // 2 trims, 2 event prunes, 3 last_status updates (one per attempt, in order).
    const writes = log.filter((l) => !l.startsWith('prepare SELECT'));
    expect(writes.filter((l) => l.startsWith('batch'))).toEqual(['batch of 13']);
    expect(writes).toHaveLength(14);
    expect(log.at(-1)).toBe('batch of 13');
    expect((await deliveries(a.apiKey, a.hookId)).body.deliveries).toHaveLength(2);
    expect((await deliveries(b.apiKey, b.hookId)).body.deliveries).toHaveLength(1);
    const rows = await testEnv.DB.prepare('SELECT last_status FROM webhooks WHERE id IN (?, ?)')
      .bind(a.hookId, b.hookId)
      .all();
    expect(rows.results).toEqual([{ last_status: 204 }, { last_status: 204 }]);
  });

  it('issue 25 (W4, W8): a D1 failure during that batch write is logged and redelivers nothing', async () => {
    const a = await accountWithHook();
    const b = await accountWithHook(['invoice.generated'], 'https://hooks.example.com/other');
    const seen = receiver(() => new Response(null, { status: 200 }));
    vi.spyOn(testEnv.DB, 'batch').mockRejectedValue(new Error('D1 is down (test)'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const msgs = [messageFor(a.hookId, a.accountId, invoiceEvent()), messageFor(b.hookId, b.accountId, invoiceEvent())];
    const result = await consume(msgs);
    expect(seen).toHaveLength(2);
    expect(result.explicitAcks.sort()).toEqual(msgs.map((m) => m.id).sort());
    expect(result.retryMessages).toEqual([]);
    const lines = error.mock.calls
      .map((call) => String(call[0]))
      .filter((l) => l.includes('delivery log write failed'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).attempts).toHaveLength(2);
    vi.restoreAllMocks();
    const rows = await testEnv.DB.prepare('SELECT last_status FROM webhooks WHERE id IN (?, ?)')
      .bind(a.hookId, b.hookId)
      .all();
    expect(rows.results).toEqual([{ last_status: null }, { last_status: null }]);
  });

  it(`keeps the last ${DELIVERIES_KEPT_PER_WEBHOOK} per webhook, pages them newest first, and forgets events no row refers to`, async () => {
    const { apiKey, accountId, hookId } = await accountWithHook();
    const events: WebhookEvent[] = [];
    for (let i = 0; i < 105; i++) {
      const event = invoiceEvent();
      events.push(event);
      await recordAttempt(testEnv.DB, {
        webhookId: hookId,
        accountId,
        event,
        attempt: 1,
        attemptedAt: 1_800_000_000 + i,
        outcome: { status: 200, error: null, refused: false, durationMs: i, responseBody: `#${i}` },
        nextAttemptAt: null,
      });
    }
    const seen: Json[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const { status, body } = await deliveries(
        apiKey,
        hookId,
        `?limit=30${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(status).toBe(200);
      sizes.push(body.deliveries.length);
      seen.push(...body.deliveries);
      cursor = body.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([30, 30, 30, 10]);
    expect(seen.map((d) => d.response_body)).toEqual(Array.from({ length: 100 }, (_, i) => `#${104 - i}`));
    const kept = await testEnv.DB.prepare('SELECT id FROM webhook_events WHERE account_id = ? ORDER BY id')
      .bind(accountId)
      .all<{ id: string }>();
    expect(kept.results.map((r) => r.id)).toEqual(
      events
        .slice(5)
        .map((e) => e.id)
        .sort(),
    );
    // The default page is 20.
    expect((await deliveries(apiKey, hookId)).body.deliveries).toHaveLength(20);
  });

  it('limit outside 1–100 and a cursor that is not one are 400 validation_error naming the parameter', async () => {
    const { apiKey, hookId } = await accountWithHook();
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?limit=2.5', '?cursor=nope', '?cursor=ZDE6eA']) {
      const { status, body } = await deliveries(apiKey, hookId, query);
      expect(status, query).toBe(400);
      expect(body.error.code).toBe('validation_error');
      expect(body.error.message).toMatch(query.includes('limit') ? /^limit/ : /^cursor/);
    }
  });

  it('deleting the webhook deletes its log and the events only it referred to', async () => {
    const { apiKey, accountId, hookId } = await accountWithHook();
    receiver(() => new Response('ok'));
    await consume([messageFor(hookId, accountId, invoiceEvent())]);
    expect((await run(bearer(apiKey), 'DELETE', `/api/webhooks/${hookId}`)).status).toBe(200);
    const left = await testEnv.DB.prepare(
      'SELECT (SELECT COUNT(*) FROM webhook_deliveries WHERE webhook_id = ?1) AS d, (SELECT COUNT(*) FROM webhook_events WHERE account_id = ?2) AS e',
    )
      .bind(hookId, accountId)
      .first();
    expect(left).toEqual({ d: 0, e: 0 });
  });

  it('issue 24 (H24): an attempt under way when its webhook was deleted is not logged; its event is kept only for a webhook that exists', async () => {
    const { accountId, hookId } = await accountWithHook();
    const other = `wh_other${hookId.slice(8)}`;
    await testEnv.DB.prepare(
      `INSERT INTO webhooks (id, account_id, url, events, secret_ciphertext, secret_hint, created_at)
       VALUES (?, ?, 'https://hooks.example.com/other', '["invoice.generated"]', 'x', 'abcd', 0)`,
    )
      .bind(other, accountId)
      .run();
    await testEnv.DB.prepare('DELETE FROM webhooks WHERE id = ?').bind(hookId).run();
    const attempt = (webhookId: string, event: WebhookEvent) => ({
      webhookId,
      accountId,
      event,
      attempt: 1,
      attemptedAt: Math.floor(Date.now() / 1000),
      outcome: { status: 200, error: null, refused: false, durationMs: 5, responseBody: 'ok' },
      nextAttemptAt: null,
    });
    const onlyDeleted = invoiceEvent();
    const shared = invoiceEvent();
    // One invocation's batch (W8): an event for the deleted webhook only, and one for both.
    await testEnv.DB.batch(
      deliveryLogStatements(testEnv.DB, [
        attempt(hookId, onlyDeleted),
        attempt(hookId, shared),
        attempt(other, shared),
      ]),
    );
    const rows = await testEnv.DB.prepare(
      `SELECT (SELECT group_concat(webhook_id) FROM webhook_deliveries WHERE account_id = ?1) AS d,
              (SELECT group_concat(id) FROM webhook_events WHERE account_id = ?1) AS e`,
    )
      .bind(accountId)
      .first();
    expect(rows).toEqual({ d: other, e: shared.id });
  });
});

describe('redelivery and test events (W1)', () => {
  it('redeliver queues the same event (id and body) to that webhook; it is signed anew and logged as attempt 1', async () => {
    const { apiKey, accountId, hookId, secret } = await accountWithHook();
    const event = invoiceEvent();
    receiver(() => new Response(null, { status: 500 }));
    await consume([messageFor(hookId, accountId, event, 7)]);
    vi.restoreAllMocks();
    const [first] = (await deliveries(apiKey, hookId)).body.deliveries;

    const seen = receiver(() => new Response('thanks'));
    const spy = watchQueue();
    const res = await run(bearer(apiKey), 'POST', `/api/webhooks/${hookId}/deliveries/${first.id}/redeliver`);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ success: true, event_id: event.id });
    const [msg] = sentMessages(spy);
    expect(msg).toMatchObject({ webhook_id: hookId, account_id: accountId, event_id: event.id, event });

    // Delivered by the Worker's own consumer from the queue: the first attempt's row and this one.
    await consumedByWorker(hookId, 2);
    expect(seen).toHaveLength(1);
    const raw = await seen[0].text();
    expect(JSON.parse(raw)).toEqual(event);
    expect(new Webhook(secret).verify(raw, Object.fromEntries(seen[0].headers))).toEqual(event);
    const [latest] = (await deliveries(apiKey, hookId)).body.deliveries;
    expect(latest).toMatchObject({ event_id: event.id, attempt: 1, status: 200, response_body: 'thanks' });
  });

  it('test sends a signed webhook.test event to that webhook only, whatever it subscribes to', async () => {
    const { apiKey, accountId, hookId, secret } = await accountWithHook(['batch.generated']);
    const seen = receiver(() => new Response(null, { status: 204 }));
    const spy = watchQueue();
    const res = await run(bearer(apiKey), 'POST', `/api/webhooks/${hookId}/test`);
    expect(res.status).toBe(202);
    const { event_id } = (await res.json()) as Json;
    expect(event_id).toMatch(/^evt_[0-9A-Za-z]{24}$/);
    const msgs = sentMessages(spy);
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({ webhook_id: hookId, account_id: accountId, event_type: 'webhook.test' });
    expect(msgs[0].event).toEqual({
      id: event_id,
      type: 'webhook.test',
      created: expect.any(Number),
      livemode: true,
      data: { webhook_id: hookId, message: expect.any(String) },
    });

    await consumedByWorker(hookId, 1);
    expect(seen).toHaveLength(1);
    expect(seen[0].headers.get('x-service-event')).toBe('webhook.test');
    const raw = await seen[0].text();
    expect(new Webhook(secret).verify(raw, Object.fromEntries(seen[0].headers))).toMatchObject({ id: event_id });
    const [d] = (await deliveries(apiKey, hookId)).body.deliveries;
    expect(d).toMatchObject({ event_id, event_type: 'webhook.test', status: 204 });
  });

  it(`W3: redeliveries and test events share ${WEBHOOK_SENDS_PER_HOUR} per hour per account; past it 429 with Retry-After, nothing queued, plan windows untouched`, async () => {
    const { apiKey, accountId, hookId } = await accountWithHook();
    receiver(() => new Response('ok'));
    await consume([messageFor(hookId, accountId, invoiceEvent())]);
    const [first] = (await deliveries(apiKey, hookId)).body.deliveries;
    const spy = watchQueue();
    // One second into an hour, so the window cannot roll over while the sends are counted.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 3_601_000);
    try {
      for (let i = 0; i < WEBHOOK_SENDS_PER_HOUR; i++) {
        const path =
          i % 2 ? `/api/webhooks/${hookId}/test` : `/api/webhooks/${hookId}/deliveries/${first.id}/redeliver`;
        expect((await run(bearer(apiKey), 'POST', path)).status).toBe(202);
      }
      expect(spy).toHaveBeenCalledTimes(WEBHOOK_SENDS_PER_HOUR);
      for (const path of [`/api/webhooks/${hookId}/test`, `/api/webhooks/${hookId}/deliveries/${first.id}/redeliver`]) {
        const refused = await run(bearer(apiKey), 'POST', path);
        expect(refused.status).toBe(429);
        expect(((await refused.json()) as Json).error).toMatchObject({
          code: 'rate_limit_exceeded',
          message: expect.stringContaining(`${WEBHOOK_SENDS_PER_HOUR} redeliveries and test events per hour`),
        });
        expect(Number(refused.headers.get('Retry-After'))).toBe(3600 - 1);
      }
      expect(spy).toHaveBeenCalledTimes(WEBHOOK_SENDS_PER_HOUR);
      // The list still answers, and the plan's hourly window counted none of it.
      expect((await deliveries(apiKey, hookId)).body.success).toBe(true);
      const limiter = testEnv.RATE_LIMITER.get(testEnv.RATE_LIMITER.idFromName(`acct:${accountId}`));
      expect(await limiter.peek()).toMatchObject({ hour: { count: 0 }, month: { documents: 0 } });
      // The consumer delivers every queued send (the receiver answers 'ok'): the first attempt and these.
      await consumedByWorker(hookId, 1 + WEBHOOK_SENDS_PER_HOUR);
    } finally {
      vi.useRealTimers();
    }
  });

  it("another account's webhook, an unknown webhook and an unknown delivery are the same 404", async () => {
    const mine = await accountWithHook();
    const other = await accountWithHook();
    receiver(() => new Response('ok'));
    await consume([messageFor(other.hookId, other.accountId, invoiceEvent())]);
    const [theirs] = (await deliveries(other.apiKey, other.hookId)).body.deliveries;
    const spy = watchQueue();
    for (const [method, path] of [
      ['GET', `/api/webhooks/${other.hookId}/deliveries`],
      ['POST', `/api/webhooks/${other.hookId}/test`],
      ['POST', `/api/webhooks/${other.hookId}/deliveries/${theirs.id}/redeliver`],
      ['POST', `/api/webhooks/${mine.hookId}/deliveries/${theirs.id}/redeliver`],
      ['GET', '/api/webhooks/wh_missing/deliveries'],
      ['POST', '/api/webhooks/wh_missing/test'],
    ]) {
      const res = await run(bearer(mine.apiKey), method, path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as Json).error.code).toBe('not_found');
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('the session cookie works like the key (the web app), with JSON writes as for every cookie route', async () => {
    const { cookie, hookId } = await accountWithHook();
    const seen = receiver(() => new Response(null, { status: 204 }));
    const spy = watchQueue();
    expect((await run({ Cookie: cookie }, 'GET', `/api/webhooks/${hookId}/deliveries`)).status).toBe(200);
    expect((await run({ Cookie: cookie }, 'POST', `/api/webhooks/${hookId}/test`)).status).toBe(202);
    const foreign = await run(
      { Cookie: cookie, Origin: 'https://evil.example' },
      'POST',
      `/api/webhooks/${hookId}/test`,
    );
    expect(foreign.status).toBe(403);
    // One test event queued, by the cookie call only, and delivered by the consumer.
    expect(sentMessages(spy).map((m) => m.event_type)).toEqual(['webhook.test']);
    await consumedByWorker(hookId, 1);
    expect(seen).toHaveLength(1);
  });
});
