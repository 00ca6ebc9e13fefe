// /openapi.json against the running app: every route of the app is documented, and every documented
// status of every operation is provoked here and its live answer validated against the document.
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { Caller } from '../../workers/accounts/caller.ts';
import { createApp } from '../../workers/app.ts';
import type { Env } from '../../workers/env.ts';
import { HOSTED_OPENS_PER_MINUTE } from '../../workers/hosted/hosted-open-limit.ts';
import { honoPath } from '../../workers/http/operation.ts';
import { requestFingerprint } from '../../workers/idempotency/with-idempotency.ts';
import { admitRequest } from '../../workers/limits/admit-request.ts';
import { ALL_OPERATIONS } from '../../workers/openapi/all-operations.ts';
import {
  BASE,
  call,
  login,
  register,
  testEnv,
  uniqueEmail,
  verifiedAccountWithKey,
  workerFetch,
} from './accounts-fixtures.ts';
import { assertDocumented, DOCUMENT, documentedPath } from './openapi-conformance-check.ts';

type Init = RequestInit & { json?: unknown };
interface Sent {
  method: string;
  url: string;
  res: Response;
}

const INVOICE = {
  from: { name: 'Acme' },
  to: { name: 'Client' },
  items: [{ description: 'Work', quantity: 2, unit_price: 50 }],
};
const ctx = createExecutionContext();
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

async function send(method: string, path: string, init: Init = {}): Promise<Sent> {
  return { method, url: `${BASE}${path}`, res: await call(path, { ...init, method }) };
}

/** The real app with some bindings or secrets replaced (missing secrets, a storage outage). */
async function sendWithEnv(
  overrides: Partial<Record<keyof Env, unknown>>,
  method: string,
  path: string,
  init: Init = {},
): Promise<Sent> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const url = `${BASE}${path}`;
  const res = await createApp().fetch(
    new Request(url, { ...init, method, headers, body }),
    { ...testEnv, ...overrides },
    ctx,
  );
  return { method, url, res };
}

/** D1 and KV that fail every call: what a storage outage looks like to a handler. */
const outage = () => {
  const fail = () => {
    throw new Error('storage unavailable (test)');
  };
  return { DB: { prepare: fail, batch: fail, exec: fail }, SNAPSHOTS: { get: fail, put: fail } };
};

const bearer = (apiKey: string) => ({ Authorization: `Bearer ${apiKey}` });
/** A cookie-authenticated write as the web app sends it (issue 10.8: JSON content type even without a body). */
const cookieJson = (cookie: string) => ({ Cookie: cookie, 'Content-Type': 'application/json' });
const NO_EMAIL = { DEV_MODE: 'false', EMAIL_API_URL: undefined, EMAIL_API_KEY: undefined, EMAIL_FROM: undefined };
// Port 9 (discard) on loopback refuses the connection at once: an email provider that cannot be reached.
const BROKEN_EMAIL = {
  DEV_MODE: 'false',
  PUBLIC_BASE_URL: 'https://invoices.example.com',
  EMAIL_API_URL: 'http://127.0.0.1:9/emails',
  EMAIL_API_KEY: 'k',
  EMAIL_FROM: 'a@example.com',
};

async function accountWithKey() {
  return verifiedAccountWithKey('oas');
}

async function unverifiedSession(): Promise<string> {
  const email = uniqueEmail('oas-unverified');
  await register(email);
  return login(email);
}

async function accountIdOf(email: string): Promise<string> {
  const row = await testEnv.DB.prepare('SELECT id FROM accounts WHERE email = ?').bind(email).first<{ id: string }>();
  return row!.id;
}

/** Fills a window (D7) so the next call is refused: `calls` for 429, `documents` for 402. */
async function exhaust(caller: Caller, use: { calls: number; documents: number }) {
  await admitRequest(testEnv, caller, { ...use, pdfs: 0 });
}

async function exhaustedAccount(kind: 'hourly' | 'monthly') {
  const account = await accountWithKey();
  const caller: Caller = {
    kind: 'account',
    accountId: await accountIdOf(account.email),
    email: account.email,
    tier: 'free',
    verified: true,
    via: 'api_key',
  };
  await exhaust(caller, kind === 'hourly' ? { calls: 40, documents: 0 } : { calls: 0, documents: 100 });
  return account;
}

/** D8: marks (scope, key) as running, so the same request now is 409. */
async function inFlight(scope: string, key: string, path: string, body: unknown) {
  const ns = testEnv.IDEMPOTENCY;
  const stub = ns.get(ns.idFromName(JSON.stringify([scope, key])));
  await stub.begin(await requestFingerprint('POST', path, JSON.stringify(body)), Date.now());
}

/** D8: the first answer is stored; the same key with another body is 422. */
async function reusedKey(path: string, headers: Record<string, string>, first: unknown, second: unknown) {
  const key = crypto.randomUUID();
  expect((await send('POST', path, { json: first, headers: { ...headers, 'Idempotency-Key': key } })).res.status).toBe(
    200,
  );
  return send('POST', path, { json: second, headers: { ...headers, 'Idempotency-Key': key } });
}

async function hostedPathAndQuery(): Promise<string> {
  const { apiKey } = await accountWithKey();
  const { res } = await send('POST', '/api/generate-invoice', { json: INVOICE, headers: bearer(apiKey) });
  const url = new URL(((await res.json()) as { invoice: { hosted_url: string } }).invoice.hosted_url);
  return url.pathname + url.search;
}

async function webhookOf(apiKey: string): Promise<string> {
  const { res } = await send('POST', '/api/webhooks', {
    json: { url: 'https://example.com/hook' },
    headers: bearer(apiKey),
  });
  return ((await res.json()) as { webhook: { id: string } }).webhook.id;
}

const big = (bytes: number) => JSON.stringify({ pad: 'x'.repeat(bytes) });

/** One case per documented (operation, status): a request that makes the live app answer it. */
const CASES: Record<string, () => Promise<Sent>> = {
  'generateInvoice 200': () =>
    send('POST', '/api/generate-invoice', { json: INVOICE, headers: { 'CF-Connecting-IP': freshIp() } }),
  'generateInvoice 400': () =>
    send('POST', '/api/generate-invoice', { json: { items: [] }, headers: { 'CF-Connecting-IP': freshIp() } }),
  'generateInvoice 401': () =>
    send('POST', '/api/generate-invoice', { json: INVOICE, headers: bearer('inv_sk_unknown') }),
  'generateInvoice 402': async () =>
    send('POST', '/api/generate-invoice', {
      json: INVOICE,
      headers: bearer((await exhaustedAccount('monthly')).apiKey),
    }),
  'generateInvoice 403': () =>
    send('POST', '/api/generate-invoice', {
      json: { ...INVOICE, output: 'pdf' },
      headers: { 'CF-Connecting-IP': freshIp() },
    }),
  'generateInvoice 409': async () => {
    const ip = freshIp();
    await inFlight(`ip:${ip}`, 'k-409', '/api/generate-invoice', INVOICE);
    return send('POST', '/api/generate-invoice', {
      json: INVOICE,
      headers: { 'CF-Connecting-IP': ip, 'Idempotency-Key': 'k-409' },
    });
  },
  'generateInvoice 413': () =>
    send('POST', '/api/generate-invoice', { body: big(10 * 1024 * 1024), headers: { 'CF-Connecting-IP': freshIp() } }),
  'generateInvoice 422': () =>
    reusedKey('/api/generate-invoice', { 'CF-Connecting-IP': freshIp() }, INVOICE, { ...INVOICE, notes: 'other' }),
  'generateInvoice 429': async () => {
    const ip = freshIp();
    await exhaust({ kind: 'anonymous', ip }, { calls: 20, documents: 0 });
    return send('POST', '/api/generate-invoice', { json: INVOICE, headers: { 'CF-Connecting-IP': ip } });
  },
  'generateInvoice 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/generate-invoice', {
      json: INVOICE,
      headers: bearer((await accountWithKey()).apiKey),
    }),
  'generateInvoice 503': async () =>
    sendWithEnv({ HOSTED_LINK_SECRET: undefined }, 'POST', '/api/generate-invoice', {
      json: INVOICE,
      headers: bearer((await accountWithKey()).apiKey),
    }),

  'generateInvoiceBatch 200': async () =>
    send('POST', '/api/batch', {
      json: { invoices: [INVOICE, { items: [] }] },
      headers: bearer((await accountWithKey()).apiKey),
    }),
  'generateInvoiceBatch 400': async () =>
    send('POST', '/api/batch', { json: { invoices: [] }, headers: bearer((await accountWithKey()).apiKey) }),
  'generateInvoiceBatch 401': () => send('POST', '/api/batch', { json: { invoices: [INVOICE] } }),
  'generateInvoiceBatch 402': async () =>
    send('POST', '/api/batch', {
      json: { invoices: [INVOICE] },
      headers: bearer((await exhaustedAccount('monthly')).apiKey),
    }),
  'generateInvoiceBatch 403': async () =>
    send('POST', '/api/batch', { json: { invoices: [INVOICE] }, headers: { Cookie: await unverifiedSession() } }),
  'generateInvoiceBatch 409': async () => {
    const { apiKey, email } = await accountWithKey();
    await inFlight(await accountIdOf(email), 'k-409', '/api/batch', { invoices: [INVOICE] });
    return send('POST', '/api/batch', {
      json: { invoices: [INVOICE] },
      headers: { ...bearer(apiKey), 'Idempotency-Key': 'k-409' },
    });
  },
  'generateInvoiceBatch 413': async () =>
    send('POST', '/api/batch', { body: big(25 * 1024 * 1024), headers: bearer((await accountWithKey()).apiKey) }),
  'generateInvoiceBatch 422': async () =>
    reusedKey(
      '/api/batch',
      bearer((await accountWithKey()).apiKey),
      { invoices: [INVOICE] },
      { invoices: [INVOICE, INVOICE] },
    ),
  'generateInvoiceBatch 429': async () =>
    send('POST', '/api/batch', {
      json: { invoices: [INVOICE] },
      headers: bearer((await exhaustedAccount('hourly')).apiKey),
    }),
  'generateInvoiceBatch 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/batch', {
      json: { invoices: [INVOICE] },
      headers: bearer((await accountWithKey()).apiKey),
    }),

  'getHostedInvoice 200': async () => send('GET', `${await hostedPathAndQuery()}&format=json`),
  'getHostedInvoice 400': async () => send('GET', `${await hostedPathAndQuery()}&format=docx`),
  'getHostedInvoice 404': () => send('GET', '/api/i/AAAAAAAAAAAAAAAAAAAAAA?t=nope'),
  'getHostedInvoice 429': async () => {
    const ip = freshIp();
    const window = testEnv.HOSTED_OPENS.get(testEnv.HOSTED_OPENS.idFromName(`ip:${ip}`));
    // Held one second into a minute, so the window cannot roll over between filling and asking.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 61_000);
    try {
      for (let i = 0; i < HOSTED_OPENS_PER_MINUTE; i++) await window.hit(Date.now(), HOSTED_OPENS_PER_MINUTE);
      return await send('GET', '/api/i/AAAAAAAAAAAAAAAAAAAAAA?t=nope', { headers: { 'CF-Connecting-IP': ip } });
    } finally {
      vi.useRealTimers();
    }
  },
  'getHostedInvoice 500': async () => sendWithEnv(outage(), 'GET', await hostedPathAndQuery()),
  'getHostedInvoice 503': async () => sendWithEnv({ HOSTED_LINK_SECRET: undefined }, 'GET', await hostedPathAndQuery()),

  'listWebhooks 200': async () => send('GET', '/api/webhooks', { headers: bearer((await accountWithKey()).apiKey) }),
  'listWebhooks 401': () => send('GET', '/api/webhooks'),
  'listWebhooks 403': async () => send('GET', '/api/webhooks', { headers: { Cookie: await unverifiedSession() } }),
  'listWebhooks 500': async () =>
    sendWithEnv(outage(), 'GET', '/api/webhooks', { headers: bearer((await accountWithKey()).apiKey) }),
  'createWebhook 201': async () =>
    send('POST', '/api/webhooks', {
      json: { url: 'https://example.com/hook' },
      headers: bearer((await accountWithKey()).apiKey),
    }),
  'createWebhook 400': async () =>
    send('POST', '/api/webhooks', {
      json: { url: 'http://example.com/hook' },
      headers: bearer((await accountWithKey()).apiKey),
    }),
  'createWebhook 401': () => send('POST', '/api/webhooks', { json: { url: 'https://example.com/hook' } }),
  'createWebhook 403': async () =>
    send('POST', '/api/webhooks', {
      json: { url: 'https://example.com/hook' },
      headers: { Cookie: await unverifiedSession() },
    }),
  'createWebhook 413': async () =>
    send('POST', '/api/webhooks', { body: big(64 * 1024), headers: bearer((await accountWithKey()).apiKey) }),
  'createWebhook 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/webhooks', {
      json: { url: 'https://example.com/hook' },
      headers: bearer((await accountWithKey()).apiKey),
    }),
  'createWebhook 503': async () =>
    sendWithEnv({ WEBHOOK_ENCRYPTION_KEY: undefined }, 'POST', '/api/webhooks', {
      json: { url: 'https://example.com/hook' },
      headers: bearer((await accountWithKey()).apiKey),
    }),
  'getWebhook 200': async () => {
    const { apiKey } = await accountWithKey();
    return send('GET', `/api/webhooks/${await webhookOf(apiKey)}`, { headers: bearer(apiKey) });
  },
  'getWebhook 401': () => send('GET', '/api/webhooks/wh_x'),
  'getWebhook 403': async () => send('GET', '/api/webhooks/wh_x', { headers: { Cookie: await unverifiedSession() } }),
  'getWebhook 404': async () =>
    send('GET', '/api/webhooks/wh_missing', { headers: bearer((await accountWithKey()).apiKey) }),
  'getWebhook 500': async () =>
    sendWithEnv(outage(), 'GET', '/api/webhooks/wh_x', { headers: bearer((await accountWithKey()).apiKey) }),
  'deleteWebhook 200': async () => {
    const { apiKey } = await accountWithKey();
    return send('DELETE', `/api/webhooks/${await webhookOf(apiKey)}`, { headers: bearer(apiKey) });
  },
  'deleteWebhook 401': () => send('DELETE', '/api/webhooks/wh_x'),
  'deleteWebhook 403': async () => {
    const { cookie } = await accountWithKey();
    return send('DELETE', '/api/webhooks/wh_x', { headers: { Cookie: cookie, Origin: 'https://evil.example' } });
  },
  'deleteWebhook 404': async () =>
    send('DELETE', '/api/webhooks/wh_missing', { headers: bearer((await accountWithKey()).apiKey) }),
  'deleteWebhook 500': async () =>
    sendWithEnv(outage(), 'DELETE', '/api/webhooks/wh_x', { headers: bearer((await accountWithKey()).apiKey) }),

  'register 201': () =>
    send('POST', '/api/auth/register', { json: { email: uniqueEmail('oas'), password: 'correct horse battery' } }),
  'register 400': () =>
    send('POST', '/api/auth/register', { json: { email: 'not-an-email', password: 'correct horse battery' } }),
  'register 409': async () => {
    const email = uniqueEmail('oas');
    await register(email);
    return send('POST', '/api/auth/register', { json: { email, password: 'correct horse battery' } });
  },
  'register 413': () => send('POST', '/api/auth/register', { body: big(16 * 1024) }),
  'register 429': async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const json = { email: uniqueEmail('oas-many'), password: 'correct horse battery' };
      await send('POST', '/api/auth/register', { json, headers: { 'CF-Connecting-IP': ip } });
    }
    return send('POST', '/api/auth/register', {
      json: { email: uniqueEmail('oas-many'), password: 'correct horse battery' },
      headers: { 'CF-Connecting-IP': ip },
    });
  },
  'register 500': () =>
    sendWithEnv(outage(), 'POST', '/api/auth/register', {
      json: { email: uniqueEmail('oas'), password: 'correct horse battery' },
    }),
  'register 502': () =>
    sendWithEnv(BROKEN_EMAIL, 'POST', '/api/auth/register', {
      json: { email: uniqueEmail('oas'), password: 'correct horse battery' },
    }),
  'register 503': () =>
    sendWithEnv(NO_EMAIL, 'POST', '/api/auth/register', {
      json: { email: uniqueEmail('oas'), password: 'correct horse battery' },
    }),
  'verifyEmail 200': async () => {
    const email = uniqueEmail('oas');
    await register(email);
    const mail = (await (await call(`/api/dev/emails?to=${encodeURIComponent(email)}`)).json()) as {
      emails: { links: string[] }[];
    };
    const link = new URL(mail.emails[0].links[0]);
    return send('GET', link.pathname + link.search);
  },
  'verifyEmail 400': () => send('GET', '/api/auth/verify-email?token=nope'),
  'verifyEmail 500': () => sendWithEnv(outage(), 'GET', `/api/auth/verify-email?token=${'A'.repeat(43)}`),
  'login 200': async () => {
    const email = uniqueEmail('oas');
    await register(email);
    return send('POST', '/api/auth/login', { json: { email, password: 'correct horse battery' } });
  },
  'login 400': () => send('POST', '/api/auth/login', { json: { email: 'a@example.com' } }),
  'login 401': () =>
    send('POST', '/api/auth/login', {
      json: { email: uniqueEmail('nobody'), password: 'wrong password' },
      headers: { 'CF-Connecting-IP': freshIp() },
    }),
  'login 403': () =>
    send('POST', '/api/auth/login', {
      json: { email: 'a@example.com', password: 'x' },
      headers: { Origin: 'https://evil.example' },
    }),
  'login 413': () => send('POST', '/api/auth/login', { body: big(16 * 1024) }),
  'login 429': async () => {
    const email = uniqueEmail('oas-locked');
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      await send('POST', '/api/auth/login', {
        json: { email, password: 'wrong password' },
        headers: { 'CF-Connecting-IP': ip },
      });
    return send('POST', '/api/auth/login', {
      json: { email, password: 'wrong password' },
      headers: { 'CF-Connecting-IP': ip },
    });
  },
  'login 500': () =>
    sendWithEnv(outage(), 'POST', '/api/auth/login', { json: { email: 'a@example.com', password: 'x' } }),
  'logout 200': async () => send('POST', '/api/auth/logout', { headers: cookieJson((await accountWithKey()).cookie) }),
  'logout 401': () => send('POST', '/api/auth/logout'),
  'logout 403': async () =>
    send('POST', '/api/auth/logout', {
      headers: { Cookie: (await accountWithKey()).cookie, Origin: 'https://evil.example' },
    }),
  'logout 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/auth/logout', { headers: cookieJson((await accountWithKey()).cookie) }),
  'getCurrentUser 200': async () => send('GET', '/api/auth/me', { headers: bearer((await accountWithKey()).apiKey) }),
  'getCurrentUser 401': () => send('GET', '/api/auth/me'),
  'getCurrentUser 500': async () =>
    sendWithEnv(outage(), 'GET', '/api/auth/me', { headers: bearer((await accountWithKey()).apiKey) }),
  'generateApiKey 200': async () =>
    send('POST', '/api/auth/generate-api-key', { headers: cookieJson((await accountWithKey()).cookie) }),
  'generateApiKey 401': () => send('POST', '/api/auth/generate-api-key'),
  'generateApiKey 403': async () =>
    send('POST', '/api/auth/generate-api-key', { headers: cookieJson(await unverifiedSession()) }),
  'generateApiKey 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/auth/generate-api-key', {
      headers: cookieJson((await accountWithKey()).cookie),
    }),
  'resendVerification 200': async () =>
    send('POST', '/api/auth/resend-verification', { headers: cookieJson(await unverifiedSession()) }),
  'resendVerification 401': () => send('POST', '/api/auth/resend-verification'),
  'resendVerification 403': async () =>
    send('POST', '/api/auth/resend-verification', {
      headers: { Cookie: await unverifiedSession(), Origin: 'https://evil.example' },
    }),
  'resendVerification 429': async () => {
    const cookie = await unverifiedSession();
    for (let i = 0; i < 4; i++) await send('POST', '/api/auth/resend-verification', { headers: cookieJson(cookie) });
    return send('POST', '/api/auth/resend-verification', { headers: cookieJson(cookie) });
  },
  'resendVerification 500': async () => {
    const cookie = await unverifiedSession();
    return sendWithEnv(outage(), 'POST', '/api/auth/resend-verification', { headers: cookieJson(cookie) });
  },
  'resendVerification 502': async () =>
    sendWithEnv(BROKEN_EMAIL, 'POST', '/api/auth/resend-verification', {
      headers: cookieJson(await unverifiedSession()),
    }),
  'resendVerification 503': async () =>
    sendWithEnv(NO_EMAIL, 'POST', '/api/auth/resend-verification', { headers: cookieJson(await unverifiedSession()) }),

  'listDevEmails 200': () => send('GET', '/api/dev/emails?to=nobody%40example.com'),
  'listDevEmails 404': () => sendWithEnv({ DEV_MODE: 'false' }, 'GET', '/api/dev/emails'),
  'listDevEmails 500': () => sendWithEnv(outage(), 'GET', '/api/dev/emails'),
  'getHealth 200': () => send('GET', '/api/health'),
  'getOpenApi 200': () => send('GET', '/openapi.json'),
};

/** 405 for every operation: a method its path does not answer. */
for (const op of ALL_OPERATIONS) {
  const other = ['PUT', 'PATCH', 'POST', 'DELETE'].find(
    (m) => !ALL_OPERATIONS.some((o) => o.path === op.path && o.method === m),
  )!;
  const concrete = op.path.replace(/\{\w+\}/g, 'x');
  CASES[`${op.operationId} 405`] = () => send(other, concrete);
}

/** Issue 10.8: a cookie-authenticated write (an unverified session is enough) without a JSON content type is 415. */
for (const op of ALL_OPERATIONS.filter((o) => o.auth !== 'public' && o.method !== 'GET')) {
  const concrete = op.path.replace(/\{\w+\}/g, 'x');
  CASES[`${op.operationId} 415`] = async () =>
    send(op.method, concrete, {
      body: 'a=1',
      headers: { Cookie: await unverifiedSession(), 'Content-Type': 'application/x-www-form-urlencoded' },
    });
}

/** Issue 10.9: every operation refuses an API key in the query string (the 400 of those with no other). */
for (const op of ALL_OPERATIONS) {
  const concrete = op.path.replace(/\{\w+\}/g, 'x');
  CASES[`${op.operationId} 400`] ??= () => send(op.method, `${concrete}?api_key=inv_sk_leaked`);
}

const documentedCases = ALL_OPERATIONS.flatMap((op) =>
  Object.keys(DOCUMENT.paths[op.path][op.method.toLowerCase()].responses).map((s) => `${op.operationId} ${s}`),
);

describe('/openapi.json conformance', () => {
  it('every route the app serves is an operation of the document, and every operation a route', () => {
    const served = createApp()
      .routes.filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`);
    const documented = ALL_OPERATIONS.map((op) => `${op.method} ${honoPath(op.path)}`);
    expect(new Set(served)).toEqual(new Set(documented));
    for (const op of ALL_OPERATIONS)
      expect(DOCUMENT.paths[op.path]?.[op.method.toLowerCase()]?.operationId, op.operationId).toBe(op.operationId);
  });

  it('every documented status of every operation has a case here, and no case is undocumented', () => {
    expect(Object.keys(CASES).sort()).toEqual([...documentedCases].sort());
  });

  it('issue 10.14: a known path with another method is 405 with Allow, never 404 (POST /api/auth/me)', async () => {
    const res = await call('/api/auth/me', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
  });

  it('an unknown path is no operation (404 not_found from the app, not from a route)', async () => {
    expect(documentedPath('/api/nothing-here')).toBeUndefined();
    const res = await workerFetch(`${BASE}/api/nothing-here`);
    expect(res.status).toBe(404);
  });

  it('the check can fail: an undocumented property, status, content type or missing required header is refused', async () => {
    const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
    const health = `${BASE}/api/health`;
    await expect(assertDocumented('GET', health, json({ status: 'ok', version: '1' }))).resolves.toMatchObject({
      operationId: 'getHealth',
    });
    await expect(assertDocumented('GET', health, json({ status: 'ok', version: '1', extra: true }))).rejects.toThrow(
      /does not match/,
    );
    await expect(assertDocumented('GET', health, json({ status: 'ok', version: 1 }))).rejects.toThrow(/does not match/);
    await expect(assertDocumented('GET', health, json({ status: 'ok', version: '1' }, 418))).rejects.toThrow(
      /not documented/,
    );
    await expect(
      assertDocumented('GET', health, new Response('ok', { headers: { 'Content-Type': 'text/plain' } })),
    ).rejects.toThrow(/Content-Type/);
    const refusal = { success: false, error: { code: 'rate_limit_hourly', message: 'full' } };
    await expect(assertDocumented('POST', `${BASE}/api/generate-invoice`, json(refusal, 429))).rejects.toThrow(
      /required header/,
    );
    // A code the operation does not list for that status.
    await expect(
      assertDocumented(
        'GET',
        `${BASE}/api/webhooks`,
        json({ success: false, error: { code: 'email_taken', message: 'x' } }, 401),
      ),
    ).rejects.toThrow(/does not match/);
  });

  for (const name of documentedCases) {
    it(`${name}: the live answer has that status and matches the documented response`, async () => {
      const { method, url, res } = await CASES[name]();
      const [operationId, status] = name.split(' ');
      expect(res.status, await res.clone().text()).toBe(Number(status));
      const documented = await assertDocumented(method, url, res);
      // 405 is answered for a method the path lacks: documented on each operation of the path.
      expect(documented).toEqual({
        operationId: res.status === 405 ? undefined : operationId,
        path: ALL_OPERATIONS.find((o) => o.operationId === operationId)!.path,
        status: Number(status),
      });
      if (res.status >= 400) {
        const body = (await res.json()) as { error: { message: string } };
        // Never internals: no stack, no binding names, no test-made failure text.
        expect(body.error.message).not.toMatch(/storage unavailable|TypeError|at .*\.ts/);
      }
    });
  }
});
