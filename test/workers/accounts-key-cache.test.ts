// P-ACC2: the per-isolate key cache of the metered routes, and what keeps it inside D6 and D7.
// The tests and the worker share one isolate, so what the worker caches is visible here.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedKeyOwner, KEY_CACHE_TTL_MS } from '../../workers/accounts/api-key-cache.ts';
import { apiKeyHash, newApiKey } from '../../workers/accounts/api-keys.ts';
import {
  call,
  PLAIN_INVOICE as INVOICE,
  login,
  register,
  testEnv,
  uniqueEmail,
  verifiedAccountWithKey,
  verify,
} from './accounts-fixtures.ts';

type Json = Record<string, any>;
const generate = (apiKey: string, headers: Record<string, string> = {}) =>
  call('/api/generate-invoice', {
    method: 'POST',
    json: INVOICE,
    headers: { Authorization: `Bearer ${apiKey}`, ...headers },
  });

async function isCached(apiKey: string): Promise<boolean> {
  return cachedKeyOwner((await apiKeyHash(apiKey))!, Date.now()) !== null;
}

async function rotate(cookie: string): Promise<string> {
  const res = await call('/api/auth/generate-api-key', {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as Json).api_key;
}

afterEach(() => vi.useRealTimers());

describe('P-ACC2: rotation still revokes at once (D6) when the old key is cached', () => {
  it('D6: generate with the rotated key is 401 invalid_api_key from the same isolate, and counts nothing', async () => {
    const { apiKey, cookie } = await verifiedAccountWithKey('kc-rot');
    expect((await generate(apiKey)).status).toBe(200);
    expect(await isCached(apiKey)).toBe(true);

    const fresh = await rotate(cookie);
    // The old key is still in this isolate's cache: only the RateLimiter can refuse it.
    expect(await isCached(apiKey)).toBe(true);
    const res = await generate(apiKey);
    expect(res.status).toBe(401);
    expect(((await res.json()) as Json).error.code).toBe('invalid_api_key');
    expect(res.headers.get('X-RateLimit-Remaining-Hourly')).toBeNull();
    // Refused keys leave the cache; the next use goes to D1 and is refused there.
    expect(await isCached(apiKey)).toBe(false);
    expect((await generate(apiKey)).status).toBe(401);

    const ok = await generate(fresh);
    expect(ok.status).toBe(200);
    // 40 per hour on the free plan: the first call and this one, not the refused ones.
    expect(ok.headers.get('X-RateLimit-Remaining-Hourly')).toBe('38');
  });

  it('D6 + D8: an idempotent replay is not served to a rotated key', async () => {
    const { apiKey, cookie } = await verifiedAccountWithKey('kc-idem');
    const headers = { 'Idempotency-Key': 'kc-1' };
    expect((await generate(apiKey, headers)).status).toBe(200);
    expect((await generate(apiKey, headers)).headers.get('Idempotent-Replayed')).toBe('true');
    await rotate(cookie);
    expect(await isCached(apiKey)).toBe(true);
    const res = await generate(apiKey, headers);
    expect(res.status).toBe(401);
    expect(((await res.json()) as Json).error.code).toBe('invalid_api_key');
  });

  it('D6: batch with the rotated, cached key is 401 invalid_api_key', async () => {
    const { apiKey, cookie } = await verifiedAccountWithKey('kc-batch');
    expect((await generate(apiKey)).status).toBe(200);
    await rotate(cookie);
    const res = await call('/api/batch', {
      method: 'POST',
      json: { invoices: [INVOICE] },
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Json).error.code).toBe('invalid_api_key');
  });

  it('D6: a key rotated twice in a row leaves only the newest one working', async () => {
    const { apiKey, cookie } = await verifiedAccountWithKey('kc-twice');
    expect((await generate(apiKey)).status).toBe(200);
    const second = await rotate(cookie);
    expect((await generate(second)).status).toBe(200);
    const third = await rotate(cookie);
    expect((await generate(second)).status).toBe(401);
    expect((await generate(apiKey)).status).toBe(401);
    expect((await generate(third)).status).toBe(200);
  });
});

describe('P-ACC2: tier and verification reach metered calls', () => {
  it(`D7: a tier change (admin set-tier writes D1) applies within KEY_CACHE_TTL_MS (${KEY_CACHE_TTL_MS} ms)`, async () => {
    const { apiKey, email } = await verifiedAccountWithKey('kc-tier');
    const cachedFrom = Date.now();
    expect((await generate(apiKey)).headers.get('X-RateLimit-Limit-Hourly')).toBe('40');
    await testEnv.DB.prepare("UPDATE accounts SET tier = 'starter' WHERE email = ?").bind(email).run();
    vi.useFakeTimers({ toFake: ['Date'] });
    const changedAt = Date.now();
    // Within the bound the cached tier may still apply ...
    vi.setSystemTime(cachedFrom + KEY_CACHE_TTL_MS - 1);
    expect((await generate(apiKey)).headers.get('X-RateLimit-Limit-Hourly')).toBe('40');
    // ... once it has passed, the new plan's limits do.
    vi.setSystemTime(changedAt + KEY_CACHE_TTL_MS);
    const res = await generate(apiKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-RateLimit-Limit-Hourly')).toBe('200');
  });

  it('D6: verification applies to the very next call (unverified key owners are never cached)', async () => {
    // A key of a not yet verified account (the API only issues keys once verified; D1 may hold one anyway).
    const email = uniqueEmail('kc-unver');
    await register(email);
    const { id } = (await testEnv.DB.prepare('SELECT id FROM accounts WHERE email = ?')
      .bind(email)
      .first<{ id: string }>())!;
    const apiKey = newApiKey();
    await testEnv.DB.prepare('INSERT INTO api_keys (key_hash, account_id, last4, created_at) VALUES (?, ?, ?, ?)')
      .bind(await apiKeyHash(apiKey), id, apiKey.slice(-4), Date.now())
      .run();

    const refused = await generate(apiKey);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Json).error.code).toBe('unverified_account');
    expect(await isCached(apiKey)).toBe(false);

    await verify(email);
    // The RateLimiter had never seen this account: it loads the live key from D1 on first use.
    expect((await generate(apiKey)).status).toBe(200);
  });

  it('D6: a session-authenticated rotation also revokes the cached key for batch and generate alike', async () => {
    const email = uniqueEmail('kc-sess');
    await register(email);
    await verify(email);
    const cookie = await login(email);
    const first = await rotate(cookie);
    expect((await generate(first)).status).toBe(200);
    const second = await rotate(cookie);
    expect((await generate(first)).status).toBe(401);
    expect((await generate(second)).status).toBe(200);
  });
});
