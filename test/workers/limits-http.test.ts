import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  call,
  fetchWithEnv,
  freshClientIp,
  PLAIN_INVOICE as INVOICE,
  login,
  register,
  testEnv,
  uniqueEmail,
  verifiedAccountWithKey,
} from './accounts-fixtures.ts';
import { countProduced } from './limits-fixtures.ts';
import { countedEnv } from './storage-op-counter.ts';

type Json = Record<string, any>;
const SPEC_HEADERS = [
  'X-RateLimit-Limit-Hourly',
  'X-RateLimit-Remaining-Hourly',
  'X-RateLimit-Reset-Hourly',
  'X-RateLimit-Limit-Weekly',
  'X-RateLimit-Remaining-Weekly',
  'X-RateLimit-Reset-Weekly',
  'X-RateLimit-Limit-Monthly',
];

const generate = (headers: Record<string, string>, json: unknown = INVOICE) =>
  call('/api/generate-invoice', { method: 'POST', json, headers });
/** An anonymous caller of its own: no other test, in this file or another, counts against its window. */
const anonIp = freshClientIp;

describe('generate-invoice: the three authentication modes', () => {
  it('API key: 200 with every X-RateLimit-* header, the IETF headers, and meta from the same counters', async () => {
    const { apiKey } = await verifiedAccountWithKey('gen');
    const res = await generate({ Authorization: `Bearer ${apiKey}` });
    expect(res.status).toBe(200);
    for (const h of SPEC_HEADERS) expect(res.headers.get(h), h).toMatch(/^-?\d+$/);
    expect(res.headers.get('X-RateLimit-Limit-Hourly')).toBe('40');
    expect(res.headers.get('X-RateLimit-Remaining-Hourly')).toBe('39');
    expect(Number(res.headers.get('X-RateLimit-Reset-Hourly')) % 3600).toBe(0);
    expect(res.headers.get('RateLimit-Policy')).toBe('40;w=3600, 400;w=604800');
    expect(res.headers.get('RateLimit')).toMatch(/^limit=40, remaining=39, reset=\d+$/);
    const body = (await res.json()) as Json;
    expect(body.anonymous).toBe(false);
    expect(body.meta.credits_remaining).toEqual({ hourly: 39, weekly: 399 });
    expect(body.meta.rate_limits).toMatchObject({
      monthly_equivalent: 100,
      hourly: { limit: 40, used: 1 },
      weekly: { limit: 400, used: 1 },
    });
    expect(body.meta.rate_limits.hourly.reset_at).toBe(Number(res.headers.get('X-RateLimit-Reset-Hourly')));
  });

  it('session cookie: behaves like the key; authenticated callers may ask for PDF', async () => {
    const { cookie } = await verifiedAccountWithKey('cookie');
    const res = await generate({ Cookie: cookie }, { ...INVOICE, output: 'pdf' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('application/pdf');
    expect(res.headers.get('X-RateLimit-Remaining-Monthly')).toBe('99');
  });

  it('D6: a cookie-authenticated generate from a foreign Origin is 403', async () => {
    const { cookie } = await verifiedAccountWithKey('origin');
    const res = await generate({ Cookie: cookie, Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('rule 5: an unverified account gets 403 unverified_account', async () => {
    const email = uniqueEmail('unverified');
    await register(email);
    const cookie = await login(email);
    const res = await generate({ Cookie: cookie });
    expect(res.status).toBe(403);
    expect(((await res.json()) as Json).error.code).toBe('unverified_account');
  });

  it('rule 4: an unknown key is 401 invalid_api_key', async () => {
    const res = await generate({ Authorization: `Bearer inv_sk_${'Z'.repeat(40)}` });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Json).error.code).toBe('invalid_api_key');
  });

  it('anonymous: JSON totals with the D3 limits in the headers; rule 1 refusals carry the headers too', async () => {
    const ip = anonIp();
    const res = await generate({ 'CF-Connecting-IP': ip });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).anonymous).toBe(true);
    expect(res.headers.get('X-RateLimit-Limit-Hourly')).toBe('20');
    expect(res.headers.get('X-RateLimit-Limit-Weekly')).toBe('100');
    const pdf = await generate({ 'CF-Connecting-IP': ip }, { ...INVOICE, output: 'pdf' });
    expect(pdf.status).toBe(403);
    expect(((await pdf.json()) as Json).error.code).toBe('auth_required');
    for (const h of SPEC_HEADERS) expect(pdf.headers.get(h), h).not.toBeNull();
  });
});

describe('generate-invoice: windows over HTTP (D3, D7)', () => {
  it('D7: a validation error counts against the hourly window and carries the headers', async () => {
    const { apiKey } = await verifiedAccountWithKey('invalid');
    const bad = await generate(
      { Authorization: `Bearer ${apiKey}` },
      { from: { name: 'A' }, to: { name: 'B' }, items: [] },
    );
    expect(bad.status).toBe(400);
    expect(bad.headers.get('X-RateLimit-Remaining-Hourly')).toBe('39');
    expect(bad.headers.get('X-RateLimit-Remaining-Monthly')).toBe('100');
    const ok = await generate({ Authorization: `Bearer ${apiKey}` });
    expect(ok.headers.get('X-RateLimit-Remaining-Hourly')).toBe('38');
  });

  it('D3: the 21st anonymous call from one IP in an hour is 429 rate_limit_hourly with Retry-After', async () => {
    const ip = anonIp();
    for (let i = 0; i < 20; i++) expect((await generate({ 'CF-Connecting-IP': ip })).status).toBe(200);
    const res = await generate({ 'CF-Connecting-IP': ip });
    expect(res.status).toBe(429);
    expect(((await res.json()) as Json).error.code).toBe('rate_limit_hourly');
    const retry = Number(res.headers.get('Retry-After'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(res.headers.get('X-RateLimit-Remaining-Hourly')).toBe('0');
    expect(res.headers.get('RateLimit')).toMatch(/^limit=20, remaining=0, reset=\d+$/);
    expect((await generate({ 'CF-Connecting-IP': anonIp() })).status).toBe(200);
  });

  it('D7: 100 parallel Bearer requests against the free hourly window of 40 give exactly 40 documents', async () => {
    const { apiKey } = await verifiedAccountWithKey('burst');
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => generate({ Authorization: `Bearer ${apiKey}` })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60);
    for (const r of responses.filter((x) => x.status === 429)) expect(r.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('D7: the monthly quota over HTTP is 402 monthly_limit_reached with Retry-After', async () => {
    const { apiKey, email } = await verifiedAccountWithKey('month');
    const row = await testEnv.DB.prepare('SELECT id FROM accounts WHERE email = ?').bind(email).first<{ id: string }>();
    await countProduced(
      { kind: 'account', accountId: row!.id, email, tier: 'free', verified: true, via: 'api_key' },
      { documents: 100, pdfs: 0, calls: 0 },
    );
    const res = await generate({ Authorization: `Bearer ${apiKey}` });
    expect(res.status).toBe(402);
    expect(((await res.json()) as Json).error.code).toBe('monthly_limit_reached');
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(res.headers.get('X-RateLimit-Limit-Monthly')).toBe('100');
  });
});

describe('issue 25: one hot account is not one hot object (P-LIM6)', () => {
  const request = (apiKey: string) =>
    new Request('http://localhost:8787/api/generate-invoice', {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(INVOICE),
    });

  it('issue 25: an Enterprise call is one RateLimiter call that writes nothing; its tally reaches storage by the alarm', async () => {
    const pro = await verifiedAccountWithKey('hot-pro');
    const ent = await verifiedAccountWithKey('hot-ent');
    for (const [email, tier] of [
      [pro.email, 'pro'],
      [ent.email, 'enterprise'],
    ])
      await testEnv.DB.prepare('UPDATE accounts SET tier = ? WHERE email = ?').bind(tier, email).run();
    // Measured before the change: both cost ['admit', 'settle'], two writes to the one account object.
    const limiterCalls = async (apiKey: string) => {
      const { env: counted, ops } = countedEnv(testEnv);
      const res = await fetchWithEnv(request(apiKey), counted);
      const calls = Object.fromEntries(Object.entries(ops.summary()).filter(([k]) => k.startsWith('DO RATE_LIMITER')));
      return { res, calls };
    };
    const p = await limiterCalls(pro.apiKey);
    expect(p.res.status).toBe(200);
    expect(p.calls).toEqual({ 'DO RATE_LIMITER.admit': 1, 'DO RATE_LIMITER.settle': 1 });
    const { res, calls } = await limiterCalls(ent.apiKey);
    expect(res.status).toBe(200);
    expect(calls).toEqual({ 'DO RATE_LIMITER.admit': 1 });
    // Shown as counted, but not in the object's storage yet: no counter row, no reservation.
    expect(((await res.json()) as Json).meta.rate_limits.hourly).toMatchObject({ limit: -1, used: 1 });
    const accountId = (
      (await testEnv.DB.prepare('SELECT id FROM accounts WHERE email = ?').bind(ent.email).first<{ id: string }>()) as {
        id: string;
      }
    ).id;
    const stub = testEnv.RATE_LIMITER.get(testEnv.RATE_LIMITER.idFromName(`acct:${accountId}`));
    const rows = () =>
      runInDurableObject(stub, (_o, state) =>
        state.storage.sql
          .exec<{ name: string; count: number }>(
            "SELECT name, count FROM counters WHERE name = 'hour' UNION ALL SELECT 'reservations', COUNT(*) FROM reservations",
          )
          .toArray(),
      );
    expect(await rows()).toEqual([{ name: 'reservations', count: 0 }]);
    expect(await runDurableObjectAlarm(stub)).toBe(true); // the fold, FOLD_DELAY_MS after the call
    expect(await rows()).toEqual([
      { name: 'hour', count: 1 },
      { name: 'reservations', count: 0 },
    ]);
    const again = await generate({ Authorization: `Bearer ${ent.apiKey}` });
    expect(((await again.json()) as Json).meta.rate_limits.hourly).toMatchObject({ limit: -1, used: 2 });
  });
});
