// The requests the conformance cases are made of: sending to the real app (or to it with bindings
// replaced), accounts, filled windows and in-flight idempotency keys.
import { createExecutionContext } from 'cloudflare:test';
import { expect, vi } from 'vitest';
import type { Caller } from '../../workers/accounts/caller.ts';
import { createApp } from '../../workers/app.ts';
import type { Env } from '../../workers/env.ts';
import { requestFingerprint } from '../../workers/idempotency/with-idempotency.ts';
import { recordAttempt } from '../../workers/webhooks/delivery-log.ts';
import {
  BASE,
  call,
  login,
  register,
  testEnv,
  uniqueEmail,
  verifiedAccountWithKey,
  withClientAddress,
} from './accounts-fixtures.ts';
import { countProduced } from './limits-fixtures.ts';
import { consumedByWorker } from './queue-fixtures.ts';

export type Init = RequestInit & { json?: unknown };
export interface Sent {
  method: string;
  url: string;
  res: Response;
}

export const INVOICE = {
  from: { name: 'Acme' },
  to: { name: 'Client' },
  items: [{ description: 'Work', quantity: 2, unit_price: 50 }],
};
const ctx = createExecutionContext();

export async function send(method: string, path: string, init: Init = {}): Promise<Sent> {
  return { method, url: `${BASE}${path}`, res: await call(path, { ...init, method }) };
}

/** The real app with some bindings or secrets replaced (missing secrets, a storage outage). */
export async function sendWithEnv(
  overrides: Partial<Record<keyof Env, unknown>>,
  method: string,
  path: string,
  init: Init = {},
): Promise<Sent> {
  const headers = withClientAddress(init.headers);
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
export const outage = () => {
  const fail = () => {
    throw new Error('storage unavailable (test)');
  };
  return { DB: { prepare: fail, batch: fail, exec: fail }, SNAPSHOTS: { get: fail, put: fail } };
};

export const bearer = (apiKey: string) => ({ Authorization: `Bearer ${apiKey}` });
/** A cookie-authenticated write as the web app sends it (issue 10.8: JSON content type even without a body). */
export const cookieJson = (cookie: string) => ({ Cookie: cookie, 'Content-Type': 'application/json' });
export const NO_EMAIL = {
  DEV_MODE: 'false',
  EMAIL_API_URL: undefined,
  EMAIL_API_KEY: undefined,
  EMAIL_FROM: undefined,
};
// Port 9 (discard) on loopback refuses the connection at once: an email provider that cannot be reached.
export const BROKEN_EMAIL = {
  DEV_MODE: 'false',
  PUBLIC_BASE_URL: 'https://invoices.example.com',
  EMAIL_API_URL: 'http://127.0.0.1:9/emails',
  EMAIL_API_KEY: 'k',
  EMAIL_FROM: 'a@example.com',
};

export async function accountWithKey() {
  return verifiedAccountWithKey('oas');
}

export async function unverifiedSession(): Promise<string> {
  const email = uniqueEmail('oas-unverified');
  await register(email);
  return login(email);
}

export async function accountIdOf(email: string): Promise<string> {
  const row = await testEnv.DB.prepare('SELECT id FROM accounts WHERE email = ?').bind(email).first<{ id: string }>();
  return row!.id;
}

/** Fills a window (D7) so the next call is refused: `calls` for 429, `documents` for 402. */
export async function exhaust(caller: Caller, use: { calls: number; documents: number }) {
  await countProduced(caller, { ...use, pdfs: 0 });
}

export async function exhaustedAccount(kind: 'hourly' | 'monthly') {
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
export async function inFlight(scope: string, key: string, path: string, body: unknown) {
  const ns = testEnv.IDEMPOTENCY;
  const stub = ns.get(ns.idFromName(JSON.stringify([scope, key])));
  await stub.begin(await requestFingerprint('POST', path, JSON.stringify(body)), Date.now());
}

/** D8: the first answer is stored; the same key with another body is 422. */
export async function reusedKey(path: string, headers: Record<string, string>, first: unknown, second: unknown) {
  const key = crypto.randomUUID();
  expect((await send('POST', path, { json: first, headers: { ...headers, 'Idempotency-Key': key } })).res.status).toBe(
    200,
  );
  return send('POST', path, { json: second, headers: { ...headers, 'Idempotency-Key': key } });
}

async function hostedPathAndQuery(key?: string): Promise<string> {
  const apiKey = key ?? (await accountWithKey()).apiKey;
  const { res } = await send('POST', '/api/generate-invoice', { json: INVOICE, headers: bearer(apiKey) });
  const url = new URL(((await res.json()) as { invoice: { hosted_url: string } }).invoice.hosted_url);
  return url.pathname + url.search;
}

export async function webhookOf(apiKey: string): Promise<string> {
  const { res } = await send('POST', '/api/webhooks', {
    json: { url: 'https://example.com/hook' },
    headers: bearer(apiKey),
  });
  return ((await res.json()) as { webhook: { id: string } }).webhook.id;
}

/** The id of a document (its hosted link's id) the account just generated (issue 26). */
export async function documentOf(apiKey: string): Promise<string> {
  return (await hostedPathAndQuery(apiKey)).split('?')[0].split('/').pop()!;
}

/** A webhook of the account with one logged delivery attempt (W1). */
export async function webhookWithDelivery(apiKey: string, email: string) {
  const hookId = await webhookOf(apiKey);
  const event = {
    id: `evt_${crypto.randomUUID().slice(0, 8)}`,
    type: 'invoice.generated' as const,
    created: 1,
    livemode: true,
    data: {},
  };
  await recordAttempt(testEnv.DB, {
    webhookId: hookId,
    accountId: await accountIdOf(email),
    event,
    attempt: 1,
    attemptedAt: 1_800_000_000,
    outcome: { status: 200, error: null, refused: false, durationMs: 12, responseBody: 'ok' },
    nextAttemptAt: null,
  });
  const row = await testEnv.DB.prepare('SELECT id FROM webhook_deliveries WHERE webhook_id = ?')
    .bind(hookId)
    .first<{ id: string }>();
  return { hookId, deliveryId: row!.id };
}

/**
 * A request that queues a delivery to the webhook (redeliver, test event), sent to the Worker with its real
 * queue: the Worker's own consumer then delivers to the webhook's URL, answered 204 here, and the case returns
 * once it has (the webhook's log holds `attempts` rows), so nothing of it is left in the queue.
 */
export async function throughQueue(hookId: string, attempts: number, request: () => Promise<Sent>): Promise<Sent> {
  const receiver = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: 204 }));
  try {
    const sent = await request();
    await consumedByWorker(hookId, attempts);
    expect(receiver).toHaveBeenCalledTimes(1);
    return sent;
  } finally {
    receiver.mockRestore();
  }
}

export const big = (bytes: number) => JSON.stringify({ pad: 'x'.repeat(bytes) });

/** The first call's promise, handed to every later call. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/**
 * What the cases share that only read an account, or are refused before they would change it (auth, origin,
 * content type, size, validation, a storage outage): one verified account with its key and session and one
 * document of it, one unverified session, and another verified account with one webhook and one webhook with
 * a logged delivery. Made once (an account is five requests, two of them PBKDF2), not once per case; a case
 * that changes what it is given (logs out, rotates the key, uses up a window, changes or deletes the account,
 * sends an email) makes its own. The account that generates has no webhook and the one with webhooks generates
 * nothing, so no event of theirs is ever queued (queue-fixtures.ts: a file waits for what it queued).
 */
export const sharedAccount = once(accountWithKey);
export const sharedSession = once(unverifiedSession);
export const sharedHookAccount = once(accountWithKey);
export const sharedWebhook = once(async () => webhookOf((await sharedHookAccount()).apiKey));
export const sharedDelivery = once(async () => {
  const { apiKey, email } = await sharedHookAccount();
  return webhookWithDelivery(apiKey, email);
});
/** Path and query of the shared document's hosted link. */
export const sharedHostedLink = once(async () => hostedPathAndQuery((await sharedAccount()).apiKey));
/** The shared document's id (its hosted link's, issue 26). */
export const sharedDocument = once(async () => (await sharedHostedLink()).split('?')[0].split('/').pop()!);
