// Issue 25, the ceiling: the storage operations each request type costs, counted on the real bindings
// (test/workers/storage-op-counter.ts). A change that adds a D1 write, a KV call or an object call to a hot path
// fails here; docs/scale.md turns these numbers into the service's ceilings. Each request is measured warm
// (a first one of its kind has filled the isolate's caches), as the steady state of a busy isolate is.
import { createExecutionContext, createMessageBatch, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../workers/app.ts';
import type { Env } from '../../workers/env.ts';
import { consumeWebhookBatch } from '../../workers/webhooks/queue-consumer.ts';
import { BASE, freshClientIp, register, uniqueEmail, verifiedAccountWithKey } from './accounts-fixtures.ts';
import { consumedByWorker } from './queue-fixtures.ts';
import { countedEnv, describeSql } from './storage-op-counter.ts';

const app = createApp();
afterEach(() => vi.restoreAllMocks());

interface Req {
  path: string;
  method?: string;
  json?: unknown;
  headers?: Record<string, string>;
}

/** Sends one request through the app on counting bindings, waits for its background work, returns its ops. */
async function measure(req: Req, ip: string) {
  const { env: counted, ops } = countedEnv(env as Env);
  const headers = new Headers({ 'CF-Connecting-IP': ip, ...req.headers });
  if (req.json !== undefined) headers.set('Content-Type', 'application/json');
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${BASE}${req.path}`, {
      method: req.method ?? 'POST',
      headers,
      body: req.json === undefined ? undefined : JSON.stringify(req.json),
    }),
    counted,
    ctx,
  );
  const body = new TextDecoder().decode(await res.arrayBuffer());
  await waitOnExecutionContext(ctx);
  return { status: res.status, json: () => JSON.parse(body), ops: ops.summary(), log: ops.log };
}

/** The request measured a second time, after a first one warmed the isolate's caches. */
async function warm(req: Req, ip = freshClientIp()) {
  await measure(req, ip);
  return measure(req, ip);
}

const INVOICE = {
  from: { name: 'Acme' },
  to: { name: 'Client' },
  items: [{ description: 'Work', quantity: 2, unit_price: 50 }],
};

/** A verified account with a key, on the pro plan so that the survey's batches stay within its windows. */
async function accountAndKey(tag: string) {
  const { apiKey, email } = await verifiedAccountWithKey(tag);
  await env.DB.prepare("UPDATE accounts SET tier = 'pro' WHERE email = ?").bind(email).run();
  return { apiKey, email, auth: { Authorization: `Bearer ${apiKey}` } };
}

/** Runs the Worker's queue handler on counting bindings with one message, the receiver answering 204. */
async function consume(body: unknown) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: 204 }));
  const { env: counted, ops } = countedEnv(env as Env);
  const batch = createMessageBatch('invoice-webhooks', [
    { id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body },
  ]);
  await consumeWebhookBatch(batch, counted);
  return ops.summary();
}

const event = () => ({
  id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
  type: 'invoice.generated' as const,
  created: Math.floor(Date.now() / 1000),
  data: { invoice: { number: 'INV-1', grand_total: 100 } },
});

/**
 * The table of docs/scale.md: for each request type, its operations. `DO X.m` is one call of method m on an
 * object of namespace X; `D1 read t`/`D1 write t` one statement on table t (a batch counts each statement).
 * The Cache API is not a binding and is not counted (the hosted PDF's edge copy, H18).
 */
const EXPECTED: Record<string, Record<string, number>> = {
  'anonymous JSON': { 'DO RATE_LIMITER.admit': 1, 'DO RATE_LIMITER.settle': 1 },
  'key JSON': {
    'DO RATE_LIMITER.admit': 1,
    'D1 write hosted_links': 2,
    'KV put': 1,
    'DO RATE_LIMITER.settle': 1,
  },
  'key PDF': {
    'DO RATE_LIMITER.admit': 1,
    'D1 write hosted_links': 2,
    'KV put': 1,
    'DO RATE_LIMITER.settle': 1,
  },
  'batch of 50': {
    'DO RATE_LIMITER.admitMany': 1,
    'D1 write hosted_links': 100,
    'KV put': 50,
    'DO RATE_LIMITER.settle': 1,
  },
  'hosted open, first': { 'DO HOSTED_OPENS.hit': 1, 'KV get': 2, 'KV put': 1 },
  'hosted open, again': { 'DO HOSTED_OPENS.hit': 1, 'KV get': 1 },
  // The throttle's objects per IP and per email hash (P-LIM4): no D1 write before the password was checked.
  'login refused': { 'DO THROTTLES.reserve': 2, 'D1 read accounts': 1 },
  'login accepted': {
    'DO THROTTLES.reserve': 2,
    'D1 read accounts': 1,
    'DO THROTTLES.clearTag': 2,
    'D1 write sessions': 1,
  },
  // The subscriptions come from the account's RateLimiter (W7); the delivery's writes are one batch (W8).
  'emit fan-out to 1 webhook': { 'DO RATE_LIMITER.webhookSubscribers': 1, 'Queue sendBatch': 1 },
  'webhook delivery': {
    'D1 read webhooks': 1,
    'D1 write webhooks': 1,
    'D1 write webhook_events': 2,
    'D1 write webhook_deliveries': 2,
  },
};

describe('storage operations per request type (issue 25, docs/scale.md)', () => {
  let a: Awaited<ReturnType<typeof accountAndKey>>;
  let accountId: string;
  beforeAll(async () => {
    a = await accountAndKey('scale');
    accountId = (await env.DB.prepare('SELECT id FROM accounts WHERE email = ?').bind(a.email).first<{ id: string }>())!
      .id;
  });

  it('the harness tells reads from writes and names the table', () => {
    expect(describeSql('SELECT a.id FROM api_keys k JOIN accounts a ON a.id = k.account_id')).toBe('D1 read api_keys');
    expect(describeSql('INSERT INTO sessions (id_hash) VALUES (?)')).toBe('D1 write sessions');
    expect(describeSql('UPDATE webhooks SET last_status = ?')).toBe('D1 write webhooks');
    expect(describeSql('DELETE FROM login_failures WHERE failed_at < ?')).toBe('D1 write login_failures');
  });

  const generate = (json: unknown) => ({ path: '/api/generate-invoice', json, headers: a.auth });

  it('issue 25: anonymous JSON costs the per-IP window and nothing else', async () => {
    const { status, ops } = await warm({ path: '/api/generate-invoice', json: INVOICE });
    expect(status).toBe(200);
    expect(ops).toEqual(EXPECTED['anonymous JSON']);
  });

  it('issue 25: a JSON and a PDF invoice with a key', async () => {
    const json = await warm(generate(INVOICE));
    expect(json.status).toBe(200);
    expect(json.ops).toEqual(EXPECTED['key JSON']);
    const pdf = await warm(generate({ ...INVOICE, output: 'pdf' }));
    expect(pdf.status).toBe(200);
    expect(pdf.ops).toEqual(EXPECTED['key PDF']);
  });

  it('issue 25: a batch of 50', async () => {
    const invoices = Array.from({ length: 50 }, () => INVOICE);
    const { status, ops } = await warm({ path: '/api/batch', json: { invoices }, headers: a.auth });
    expect(status).toBe(200);
    expect(ops).toEqual(EXPECTED['batch of 50']);
  });

  it('issue 25: opening a hosted link, first and again', async () => {
    const { json } = await measure(generate(INVOICE), freshClientIp());
    const url = new URL((json() as { invoice: { hosted_url: string } }).invoice.hosted_url);
    const ip = freshClientIp();
    const open = { path: url.pathname + url.search, method: 'GET' };
    const first = await measure(open, ip);
    expect(first.status).toBe(200);
    expect(first.ops).toEqual(EXPECTED['hosted open, first']);
    expect((await measure(open, ip)).ops).toEqual(EXPECTED['hosted open, again']);
  });

  it('issue 25: a refused and an accepted login', async () => {
    const email = uniqueEmail('scale-login');
    await register(email);
    const refused = await warm({ path: '/api/auth/login', json: { email, password: 'wrong password here' } });
    expect(refused.status).toBe(401);
    expect(refused.ops).toEqual(EXPECTED['login refused']);
    const accepted = await warm({
      path: '/api/auth/login',
      json: { email: a.email, password: 'correct horse battery' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.ops).toEqual(EXPECTED['login accepted']);
  });

  it('issue 25: an event fanned out to one webhook, and its delivery', async () => {
    const hook = await measure(
      { path: '/api/webhooks', json: { url: 'https://example.com/hook' }, headers: a.auth },
      freshClientIp(),
    );
    const hookId = (hook.json() as { webhook: { id: string } }).webhook.id;
    const e = event();
    const emit = { v: 1, kind: 'emit', account_id: accountId, event_id: e.id, event_type: e.type, event: e };
    expect(await consume(emit)).toEqual(EXPECTED['emit fan-out to 1 webhook']);
    const d = event();
    const delivery = { v: 1, webhook_id: hookId, account_id: accountId, event_id: d.id, event_type: d.type, event: d };
    expect(await consume(delivery)).toEqual(EXPECTED['webhook delivery']);
    // The fan-out's copy went to the real queue: its delivery (to the same receiver) and the one above, both logged.
    await consumedByWorker(hookId, 2);
  });
});
