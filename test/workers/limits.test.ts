import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Caller } from '../../workers/accounts/caller.ts';
import { ApiError } from '../../workers/http/api-error.ts';
import { admitBatchItems, admitRequest, peekUsage, releaseDocuments } from '../../workers/limits/admit-request.ts';
import { SNAPSHOT_INTERVAL_MS } from '../../workers/limits/usage-snapshot.ts';
import { hourWindow, isoWeekWindow, monthWindow } from '../../workers/limits/windows.ts';
import { testEnv } from './accounts-fixtures.ts';
import { countProduced } from './limits-fixtures.ts';

const T0 = Date.UTC(2026, 2, 18, 10, 15, 30); // Wednesday 2026-03-18 10:15:30 UTC
const HOUR = 3_600_000;

// The RateLimiter's own clock decides its windows (P-LIM2): the test holds Date at the times it counts at.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

function account(tier: 'free' | 'starter' | 'pro' | 'enterprise' = 'free'): Caller {
  return {
    kind: 'account',
    accountId: `acct_${crypto.randomUUID()}`,
    email: 'x@example.com',
    tier,
    verified: true,
    via: 'api_key',
  };
}
const anonymous = (): Caller => ({
  kind: 'anonymous',
  ip: `198.51.100.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`,
});

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

/** An admitted call whose documents were produced (settled, F1). */
const call = (caller: Caller, now: number, extra: { documents?: number; pdfs?: number; calls?: number } = {}) =>
  countProduced(caller, { documents: extra.documents ?? 0, pdfs: extra.pdfs ?? 0, calls: extra.calls, now });

describe('D7 windows are fixed and aligned in UTC', () => {
  it('clock hour, ISO week from Monday 00:00, calendar month; bounds in Unix seconds', () => {
    expect(hourWindow(T0)).toEqual({ start: Date.UTC(2026, 2, 18, 10) / 1000, end: Date.UTC(2026, 2, 18, 11) / 1000 });
    expect(isoWeekWindow(T0)).toEqual({ start: Date.UTC(2026, 2, 16) / 1000, end: Date.UTC(2026, 2, 23) / 1000 });
    expect(isoWeekWindow(Date.UTC(2026, 2, 22, 23, 59)).start).toBe(Date.UTC(2026, 2, 16) / 1000); // Sunday still in the week
    expect(isoWeekWindow(Date.UTC(2026, 2, 23)).start).toBe(Date.UTC(2026, 2, 23) / 1000); // Monday starts a new one
    expect(monthWindow(T0)).toEqual({ start: Date.UTC(2026, 2, 1) / 1000, end: Date.UTC(2026, 3, 1) / 1000 });
    expect(monthWindow(Date.UTC(2026, 11, 31, 23)).end).toBe(Date.UTC(2027, 0, 1) / 1000);
  });
});

describe('D7 headers and meta', () => {
  it('free plan: every X-RateLimit-* header, the IETF headers and meta from the same counters', async () => {
    const caller = account('free');
    await call(caller, T0);
    const grant = await call(caller, T0, { documents: 1 });
    const hourEnd = Date.UTC(2026, 2, 18, 11) / 1000;
    const weekEnd = Date.UTC(2026, 2, 23) / 1000;
    expect(grant.headers).toEqual({
      'X-RateLimit-Limit-Hourly': '40',
      'X-RateLimit-Remaining-Hourly': '38',
      'X-RateLimit-Reset-Hourly': String(hourEnd),
      'X-RateLimit-Limit-Weekly': '400',
      'X-RateLimit-Remaining-Weekly': '398',
      'X-RateLimit-Reset-Weekly': String(weekEnd),
      'X-RateLimit-Limit-Monthly': '100',
      'X-RateLimit-Remaining-Monthly': '99',
      'X-RateLimit-Reset-Monthly': String(Date.UTC(2026, 3, 1) / 1000),
      // Issue 27: the free plan's PDF share (none of this call's one document was a PDF).
      'X-RateLimit-Limit-Pdf': '50',
      'X-RateLimit-Remaining-Pdf': '50',
      'RateLimit-Policy': '40;w=3600, 400;w=604800',
      RateLimit: `limit=40, remaining=38, reset=${hourEnd - Math.floor(T0 / 1000)}`,
    });
    expect(grant.meta).toEqual({
      credits_remaining: { hourly: 38, weekly: 398 },
      rate_limits: {
        monthly_equivalent: 100,
        hourly: { limit: 40, used: 2, reset_at: hourEnd },
        weekly: { limit: 400, used: 2, reset_at: weekEnd },
      },
    });
  });

  it('D7: the RateLimit header follows the tightest window (weekly when fewer are left there)', async () => {
    const caller = account('free');
    for (let h = 0; h < 9; h++) await call(caller, T0 - (h + 1) * HOUR, { calls: 40 }); // 360 earlier this week
    const grant = await call(caller, T0, { calls: 5 });
    expect(grant.headers['X-RateLimit-Remaining-Hourly']).toBe('35');
    expect(grant.headers['X-RateLimit-Remaining-Weekly']).toBe('35');
    // Tie: the hourly window resets first.
    expect(grant.headers.RateLimit).toMatch(/^limit=40, remaining=35, /);
    const more = await call(caller, T0 + HOUR, { calls: 1 });
    expect(more.headers.RateLimit).toBe(
      `limit=400, remaining=34, reset=${Date.UTC(2026, 2, 23) / 1000 - Math.floor((T0 + HOUR) / 1000)}`,
    );
  });

  it('D7: Enterprise is unlimited (-1) and carries no IETF policy', async () => {
    const grant = await call(account('enterprise'), T0, { documents: 1, pdfs: 1 });
    expect(grant.headers['X-RateLimit-Limit-Hourly']).toBe('-1');
    expect(grant.headers['X-RateLimit-Remaining-Weekly']).toBe('-1');
    expect(grant.headers['X-RateLimit-Limit-Monthly']).toBe('-1');
    expect(grant.headers['RateLimit-Policy']).toBeUndefined();
    expect(grant.meta.rate_limits.monthly_equivalent).toBe(-1);
    expect(grant.meta.rate_limits.hourly).toEqual({ limit: -1, used: 1, reset_at: Date.UTC(2026, 2, 18, 11) / 1000 });
  });

  it('Limits: starter and pro windows and quotas', async () => {
    const s = await call(account('starter'), T0);
    expect([
      s.headers['X-RateLimit-Limit-Hourly'],
      s.headers['X-RateLimit-Limit-Weekly'],
      s.headers['X-RateLimit-Limit-Monthly'],
    ]).toEqual(['200', '4000', '1000']);
    const p = await call(account('pro'), T0);
    expect([
      p.headers['X-RateLimit-Limit-Hourly'],
      p.headers['X-RateLimit-Limit-Weekly'],
      p.headers['X-RateLimit-Limit-Monthly'],
    ]).toEqual(['1000', '40000', '5000']);
  });

  it('peekUsage counts nothing', async () => {
    const caller = account();
    await call(caller, T0);
    await peekUsage(testEnv, caller, T0);
    const peek = await peekUsage(testEnv, caller, T0);
    expect(peek.meta.rate_limits.hourly!.used).toBe(1);
  });
});

describe('D7 hourly and weekly windows (429)', () => {
  it('the 41st call in an hour is 429 rate_limit_hourly with headers and Retry-After; it counts nothing', async () => {
    const caller = account('free');
    for (let i = 0; i < 40; i++) await call(caller, T0);
    const err = await refusal(call(caller, T0));
    expect(err.status).toBe(429);
    expect(err.code).toBe('rate_limit_hourly');
    expect(err.headers['X-RateLimit-Remaining-Hourly']).toBe('0');
    expect(err.headers['X-RateLimit-Reset-Hourly']).toBe(String(Date.UTC(2026, 2, 18, 11) / 1000));
    expect(err.headers['Retry-After']).toBe(String(Date.UTC(2026, 2, 18, 11) / 1000 - Math.floor(T0 / 1000)));
    expect(err.headers.RateLimit).toMatch(/^limit=40, remaining=0, /);
    expect(err.message).toMatch(/Hourly limit of 40/);
    expect((await peekUsage(testEnv, caller, T0)).meta.rate_limits.weekly!.used).toBe(40);
  });

  it('the window rolls over at the next clock hour', async () => {
    const caller = account('free');
    await call(caller, T0, { calls: 40 });
    await refusal(call(caller, T0 + 10 * 60_000));
    const next = await call(caller, Date.UTC(2026, 2, 18, 11, 0, 0));
    expect(next.headers['X-RateLimit-Remaining-Hourly']).toBe('39');
    expect(next.headers['X-RateLimit-Remaining-Weekly']).toBe('359');
  });

  it('the 401st call in an ISO week is 429 rate_limit_weekly until Monday 00:00 UTC', async () => {
    const caller = account('free');
    for (let h = 0; h < 10; h++) await call(caller, T0 - h * HOUR, { calls: 40 });
    const err = await refusal(call(caller, T0 + 5 * HOUR));
    expect(err.status).toBe(429);
    expect(err.code).toBe('rate_limit_weekly');
    expect(err.headers['Retry-After']).toBe(String(Date.UTC(2026, 2, 23) / 1000 - Math.floor((T0 + 5 * HOUR) / 1000)));
    await refusal(call(caller, Date.UTC(2026, 2, 22, 23, 59, 59)));
    const monday = await call(caller, Date.UTC(2026, 2, 23));
    expect(monday.headers['X-RateLimit-Remaining-Weekly']).toBe('399');
  });

  it('D3: anonymous callers get 20 per hour and 100 per week per IP, and IPs are independent', async () => {
    const ip = anonymous();
    for (let i = 0; i < 20; i++) await call(ip, T0);
    const err = await refusal(call(ip, T0));
    expect(err.code).toBe('rate_limit_hourly');
    expect(err.headers['X-RateLimit-Limit-Hourly']).toBe('20');
    expect(err.message).toMatch(/API key/);
    expect((await call(anonymous(), T0)).headers['X-RateLimit-Remaining-Hourly']).toBe('19');
    for (let h = 1; h < 5; h++) await call(ip, T0 + h * HOUR, { calls: 20 });
    const weekly = await refusal(call(ip, T0 + 5 * HOUR));
    expect(weekly.code).toBe('rate_limit_weekly');
    expect(weekly.headers['X-RateLimit-Limit-Weekly']).toBe('100');
  });

  it('D3: anonymous meta has no account-level windows and no monthly quota (-1)', async () => {
    const grant = await call(anonymous(), T0);
    expect(grant.meta).toEqual({
      credits_remaining: { hourly: 19, weekly: 99 },
      rate_limits: { monthly_equivalent: -1 },
    });
    expect(grant.headers['RateLimit-Policy']).toBe('20;w=3600, 100;w=604800');
  });
});

describe('D7 monthly quota (402)', () => {
  it('the 101st document of the month is 402 monthly_limit_reached; the quota resets on the 1st', async () => {
    const caller = account('free');
    await call(caller, Date.UTC(2026, 2, 2, 9), { calls: 1, documents: 60 });
    await call(caller, Date.UTC(2026, 2, 10, 9), { calls: 1, documents: 40 });
    const err = await refusal(call(caller, T0, { documents: 1 }));
    expect(err.status).toBe(402);
    expect(err.code).toBe('monthly_limit_reached');
    expect(err.headers['X-RateLimit-Remaining-Monthly']).toBe('0');
    expect(err.headers['Retry-After']).toBe(String(Date.UTC(2026, 3, 1) / 1000 - Math.floor(T0 / 1000)));
    // A call that produces no document (a validation error) still passes and counts in the windows.
    expect((await call(caller, T0, { documents: 0 })).headers['X-RateLimit-Remaining-Hourly']).toBe('39');
    const april = await call(caller, Date.UTC(2026, 3, 1, 0, 0, 1), { documents: 1 });
    expect(april.headers['X-RateLimit-Remaining-Monthly']).toBe('99');
  });

  it('D7: the free plan allows 50 PDFs of its 100 documents; JSON documents remain', async () => {
    const caller = account('free');
    await call(caller, T0 - HOUR, { documents: 50, pdfs: 50 });
    const err = await refusal(call(caller, T0, { documents: 1, pdfs: 1 }));
    expect(err.status).toBe(402);
    expect(err.code).toBe('monthly_limit_reached');
    expect(err.message).toMatch(/50 PDFs/);
    expect((await call(caller, T0, { documents: 1 })).headers['X-RateLimit-Remaining-Monthly']).toBe('49');
    // Starter has no separate PDF cap.
    expect(
      (await call(account('starter'), T0, { documents: 60, pdfs: 60 })).headers['X-RateLimit-Remaining-Monthly'],
    ).toBe('940');
  });

  it('releaseDocuments gives back a reservation whose document was not produced', async () => {
    const caller = account('free');
    const grant = await admitRequest(testEnv, caller, { documents: 1, pdfs: 1, now: T0 });
    expect(grant.headers['X-RateLimit-Remaining-Monthly']).toBe('99');
    const after = await releaseDocuments(testEnv, caller, grant, {}, T0);
    expect(after.headers['X-RateLimit-Remaining-Monthly']).toBe('100');
    expect(after.headers['X-RateLimit-Remaining-Hourly']).toBe('39'); // the call itself still counts
  });

  it('D7 batch: the longest prefix that fits is admitted; none fitting is a refusal', async () => {
    const caller = account('free');
    await call(caller, T0, { calls: 35 });
    const { admitted, grant } = await admitBatchItems(
      testEnv,
      caller,
      Array.from({ length: 8 }, () => ({ pdf: true })),
      T0,
    );
    expect(admitted).toBe(5);
    expect(grant.headers['X-RateLimit-Remaining-Hourly']).toBe('0');
    expect(grant.reservation).toMatchObject({ documents: 5, pdfs: 5 });
    expect((await refusal(admitBatchItems(testEnv, caller, [{ pdf: false }], T0))).code).toBe('rate_limit_hourly');
  });
});

describe('D7 usage snapshot for the admin command', () => {
  it('issue 25: the Durable Object writes its counters to D1 usage_snapshots behind the requests, at most every 5 minutes', async () => {
    const caller = account('pro') as Extract<Caller, { kind: 'account' }>;
    const stub = testEnv.RATE_LIMITER.get(testEnv.RATE_LIMITER.idFromName(`acct:${caller.accountId}`));
    const snapshot = () =>
      testEnv.DB.prepare('SELECT * FROM usage_snapshots WHERE subject = ?')
        .bind(caller.accountId)
        .first<Record<string, number>>();
    await call(caller, T0, { documents: 3, pdfs: 2 });
    // The alarm fires for the reservation's lease (F1) long before the copy is due: it writes nothing to D1.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await snapshot()).toBeNull();
    vi.setSystemTime(T0 + SNAPSHOT_INTERVAL_MS);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await snapshot()).toMatchObject({
      hour_start: Date.UTC(2026, 2, 18, 10) / 1000,
      hour_count: 1,
      week_count: 1,
      month_documents: 3,
      month_pdfs: 2,
    });
    // The next change is copied an interval later, not at once.
    vi.setSystemTime(T0 + SNAPSHOT_INTERVAL_MS + 1_000);
    await call(caller, T0 + SNAPSHOT_INTERVAL_MS + 1_000, { documents: 1, pdfs: 0 });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await snapshot()).toMatchObject({ hour_count: 1, month_documents: 3 });
    vi.setSystemTime(T0 + 2 * SNAPSHOT_INTERVAL_MS + 1_000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await snapshot()).toMatchObject({ hour_count: 2, month_documents: 4 });
  });
});

describe('P-LIM2: the RateLimiter’s own clock decides the windows (issue 25)', () => {
  const counted = (caller: Extract<Caller, { kind: 'account' }>) =>
    runInDurableObject(
      testEnv.RATE_LIMITER.get(testEnv.RATE_LIMITER.idFromName(`acct:${caller.accountId}`)),
      (_o, state) =>
        Object.fromEntries(
          state.storage.sql
            .exec<{ name: string; start: number; count: number }>('SELECT name, start, count FROM counters')
            .toArray()
            .map((r) => [r.name, { start: r.start, count: r.count }]),
        ),
    );

  it('issue 25: a Worker whose clock is still in the last hour counts in the object’s new hour, and shows its reset', async () => {
    const caller = account('free') as Extract<Caller, { kind: 'account' }>;
    const eleven = Date.UTC(2026, 2, 18, 11);
    for (let i = 0; i < 40; i++) await call(caller, eleven - 1_000); // the 10:00 hour is full
    vi.setSystemTime(eleven + 500); // the object's clock has passed 11:00 …
    const grant = await admitRequest(testEnv, caller, { documents: 0, pdfs: 0, now: eleven - 1_000 }); // … the Worker's not
    expect(grant.headers['X-RateLimit-Remaining-Hourly']).toBe('39');
    expect(grant.headers['X-RateLimit-Reset-Hourly']).toBe(String(Date.UTC(2026, 2, 18, 12) / 1000));
    expect((await counted(caller)).hour).toEqual({ start: eleven / 1000, count: 1 });
  });

  it('issue 25: a Worker whose clock is ahead cannot open the next month early', async () => {
    const caller = account('free') as Extract<Caller, { kind: 'account' }>;
    const april = Date.UTC(2026, 3, 1);
    await call(caller, april - 2 * HOUR, { documents: 100 }); // March's quota used up
    vi.setSystemTime(april - 1_000); // the object's clock: still March …
    const err = await refusal(admitRequest(testEnv, caller, { documents: 1, pdfs: 0, now: april + 1_000 })); // … the Worker's: April
    expect(err.code).toBe('monthly_limit_reached');
    expect(err.headers['X-RateLimit-Reset-Monthly']).toBe(String(april / 1000));
    expect((await counted(caller)).month_documents).toEqual({ start: Date.UTC(2026, 2, 1) / 1000, count: 100 });
  });
});
