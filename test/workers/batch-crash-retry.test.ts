// Decision F1 through the real POST /api/batch: the incident of issue 21. An isolate killed mid-batch leaves
// what it wrote before dying: the in-flight idempotency record and the admitted items' leased reservation
// (written here with the real objects, as the dead attempt did). A retry with the same Idempotency-Key is
// 409 while the dead attempt's lease runs, and once it ended runs once: the month shows 30 documents, not 60.
// And the other side: a live batch still working past the lease it was admitted with has renewed it (its
// heartbeat), so the alarm leaves its reservation, and its answer settles it.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { Caller } from '../../workers/accounts/caller.ts';
import { IN_FLIGHT_LEASE_MS } from '../../workers/idempotency/idempotency-object.ts';
import { requestFingerprint } from '../../workers/idempotency/with-idempotency.ts';
import { admitBatchItems, limiter, peekUsage } from '../../workers/limits/admit-request.ts';
import { RESERVATION_LEASE_MS } from '../../workers/limits/reservation-ledger.ts';
import { hourWindow } from '../../workers/limits/windows.ts';
import { BASE, call, fetchWithEnv, testEnv, verifiedAccountWithKey } from './accounts-fixtures.ts';
import { PNG_1X1 } from './image-fixtures.ts';
import { accountIdOf } from './openapi-conformance-requests.ts';

type Json = Record<string, any>;
const INVOICES = Array.from({ length: 30 }, (_, n) => ({
  from: { name: 'Acme' },
  to: { name: `Client ${n}` },
  items: [{ description: 'Work', quantity: 1, unit_price: 10 + n }],
}));
const BODY = JSON.stringify({ invoices: INVOICES });

/**
 * A starter account (1,000 documents a month; 200 calls an hour, so that the dead attempt's 30 calls, which
 * stay counted, leave room for the retry's 30) with the killed attempt's traces.
 */
async function crashedBatch(tag: string, startedAt: number) {
  const { apiKey, email } = await verifiedAccountWithKey(tag);
  const accountId = await accountIdOf(email);
  await testEnv.DB.prepare("UPDATE accounts SET tier = 'starter' WHERE id = ?").bind(accountId).run();
  const caller: Caller = { kind: 'account', accountId, email, tier: 'starter', verified: true, via: 'api_key' };
  const key = `batch-${crypto.randomUUID()}`;
  // What the killed attempt had done: begun the key, admitted its 30 items. Then nothing more.
  const record = testEnv.IDEMPOTENCY.get(testEnv.IDEMPOTENCY.idFromName(JSON.stringify([accountId, key])));
  expect(await record.begin(await requestFingerprint('POST', '/api/batch', BODY), startedAt)).toMatchObject({
    state: 'started',
  });
  // The RateLimiter's own clock times the lease (P-LIM2): it is held at the dead attempt's start for the admission.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(startedAt);
  const { admitted } = await admitBatchItems(
    testEnv,
    caller,
    INVOICES.map(() => ({ pdf: false })),
    startedAt,
  ).finally(() => vi.useRealTimers());
  expect(admitted).toBe(30);
  const retry = () =>
    call('/api/batch', {
      method: 'POST',
      body: BODY,
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
    });
  return { caller, retry, stub: limiter(testEnv, caller) };
}

/** The reservations the account's RateLimiter still holds. */
const reservationsOf = (stub: ReturnType<typeof limiter>) =>
  runInDurableObject(
    stub,
    (_o, state) => state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM reservations').one().n,
  );

describe('F1: a batch whose isolate died, retried with the same Idempotency-Key', () => {
  it('F1: while the dead attempt’s lease runs the retry is 409 with a Retry-After of at most 60 s', async () => {
    const { retry } = await crashedBatch('crash409', Date.now());
    const res = await retry();
    expect(res.status).toBe(409);
    expect(((await res.json()) as Json).error.code).toBe('idempotency_key_conflict');
    const seconds = Number(res.headers.get('Retry-After'));
    expect(seconds).toBeGreaterThan(IN_FLIGHT_LEASE_MS / 1000 - 10);
    expect(seconds).toBeLessThanOrEqual(IN_FLIGHT_LEASE_MS / 1000);
    // The dead attempt's documents are still reserved (its lease runs).
    expect(res.headers.get('X-RateLimit-Remaining-Monthly')).toBe('970');
  });

  it('F1: after the lease the alarm has given the 30 documents back; the retry runs once and the month shows 30, not 60', async () => {
    const died = Date.now() - IN_FLIGHT_LEASE_MS - 1_000;
    const { retry, stub } = await crashedBatch('crash', died);
    await runDurableObjectAlarm(stub);
    expect(await reservationsOf(stub)).toBe(0);

    const res = await retry();
    expect(res.status).toBe(200);
    expect(res.headers.get('Idempotent-Replayed')).toBeNull();
    const body = (await res.json()) as Json;
    expect(body.meta).toMatchObject({ requested: 30, generated: 30 });
    expect(res.headers.get('X-RateLimit-Remaining-Monthly')).toBe('970');
    // Both attempts' calls count (D7: the attempt counted); only the documents were given back.
    const sameHour = hourWindow(died).start === hourWindow(Date.now()).start;
    expect(res.headers.get('X-RateLimit-Remaining-Hourly')).toBe(sameHour ? '140' : '170');

    // The answer was stored first; then its reservation was settled (after the response), so no lease gives it back.
    for (let i = 0; i < 50 && (await reservationsOf(stub)) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await reservationsOf(stub)).toBe(0);
    const replay = await retry();
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.headers.get('X-RateLimit-Remaining-Monthly')).toBe('970');
  });

  it('F1: what a request produced is settled after its answer: generate, and a tool call over /mcp', async () => {
    const { apiKey, email } = await verifiedAccountWithKey('settle');
    const caller: Caller = {
      kind: 'account',
      accountId: await accountIdOf(email),
      email,
      tier: 'free',
      verified: true,
      via: 'api_key',
    };
    const stub = limiter(testEnv, caller);
    const settled = async () => {
      for (let i = 0; i < 50 && (await reservationsOf(stub)) > 0; i++) await new Promise((r) => setTimeout(r, 20));
      return reservationsOf(stub);
    };
    const generated = await call('/api/generate-invoice', {
      method: 'POST',
      json: INVOICES[0],
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(generated.status).toBe(200);
    expect(await settled()).toBe(0);
    const tool = await call('/mcp', {
      method: 'POST',
      json: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_invoice', arguments: INVOICES[1] } },
      headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json, text/event-stream' },
    });
    expect(((await tool.json()) as Json).result.isError).toBeFalsy();
    expect(await settled()).toBe(0);
    // Both documents stay counted.
    expect((await peekUsage(testEnv, caller)).headers['X-RateLimit-Remaining-Monthly']).toBe('98');
  });
});

/** The lease ends of the reservations the account's RateLimiter holds (read without a sweep). */
const leasesOf = (stub: ReturnType<typeof limiter>) =>
  runInDurableObject(stub, (_o, state) =>
    state.storage.sql
      .exec<{ lease_until: number }>('SELECT lease_until FROM reservations')
      .toArray()
      .map((r) => r.lease_until),
  );

describe('F1: a batch that is still working keeps what it reserved', () => {
  it('F1: past the lease it was admitted with, the request’s heartbeat has renewed its reservation: the alarm leaves it, the answer settles it', async () => {
    const { apiKey, email } = await verifiedAccountWithKey('live-lease');
    const accountId = await accountIdOf(email);
    const caller: Caller = { kind: 'account', accountId, email, tier: 'free', verified: true, via: 'api_key' };
    const stub = limiter(testEnv, caller);
    // The item's logo is fetched after the admission (for its hosted link), and answers only when the test says.
    let logoAsked!: () => void;
    const asked = new Promise<void>((r) => (logoAsked = r));
    let sendLogo!: () => void;
    const sent = new Promise<void>((r) => (sendLogo = r));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      logoAsked();
      await sent;
      return new Response(PNG_1X1, { headers: { 'Content-Type': 'image/png' } });
    });
    const start = Date.now();
    // The RateLimiter's clock (P-LIM2) is the test's faked Date; timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    try {
      const request = new Request(`${BASE}/api/batch`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          invoices: [{ ...INVOICES[0], from: { name: 'Acme', logo: 'https://cdn.example.com/l.png' } }],
        }),
      });
      // LEASE_SECONDS 4 (DEV_MODE) for this request only: its heartbeat beats every second. The object's lease
      // stays production's 45 s, so only the heartbeat can move it.
      const answer = fetchWithEnv(request, { LEASE_SECONDS: '4' });
      await asked;
      expect(await leasesOf(stub)).toEqual([start + RESERVATION_LEASE_MS]);

      vi.setSystemTime(start + RESERVATION_LEASE_MS - 5_000);
      const renewed = start + 2 * RESERVATION_LEASE_MS - 5_000;
      for (let i = 0; i < 60 && (await leasesOf(stub))[0] !== renewed; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await leasesOf(stub)).toEqual([renewed]);

      // Past the lease it was admitted with: a dead request's reservation would be given back now; this one stays.
      vi.setSystemTime(start + RESERVATION_LEASE_MS + 1_000);
      await runDurableObjectAlarm(stub);
      expect(await leasesOf(stub)).toEqual([renewed]);

      sendLogo();
      const res = await answer;
      expect(res.status).toBe(200);
      expect(((await res.json()) as Json).meta).toMatchObject({ requested: 1, generated: 1 });
      // Settled after the answer (fetchWithEnv waited for it): no row left, and the document stays counted.
      expect(await leasesOf(stub)).toEqual([]);
      expect((await peekUsage(testEnv, caller)).headers['X-RateLimit-Remaining-Monthly']).toBe('99');
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });
});
