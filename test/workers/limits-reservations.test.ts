// Decision F1 on the real RateLimiter: what an admission reserved is leased; only settling keeps it, and a
// lease that ends (the attempt died) gives back its outstanding part exactly once, by the object's alarm or
// by the next admission's sweep. The clock is a fixed future date (faked `Date`, which the object shares in
// workerd), so the alarms the object sets never fire by themselves while a test runs and no month ends.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Caller } from '../../workers/accounts/caller.ts';
import { admitBatchItems, admitRequest, limiter, releaseDocuments } from '../../workers/limits/admit-request.ts';
import { PLAN_LIMITS } from '../../workers/limits/plans.ts';
import type { RateLimiter } from '../../workers/limits/rate-limiter-object.ts';
import { RESERVATION_LEASE_MS as LEASE } from '../../workers/limits/reservation-ledger.ts';
import { SNAPSHOT_INTERVAL_MS } from '../../workers/limits/usage-snapshot.ts';
import { testEnv } from './accounts-fixtures.ts';
import { legacyAccount } from './legacy-fixtures.ts';
import { countProduced } from './limits-fixtures.ts';

const T = Date.UTC(2031, 4, 14, 9, 30); // mid-month, mid-hour, years ahead of the real clock

function account(tier: 'free' | 'pro' = 'free'): Extract<Caller, { kind: 'account' }> {
  const accountId = `acct_${crypto.randomUUID()}`;
  return { kind: 'account', accountId, email: 'r@example.com', tier, verified: true, via: 'api_key' };
}

/** The object's counters and reservations as stored (read without a sweep). */
async function stored(stub: DurableObjectStub<RateLimiter>) {
  return runInDurableObject(stub, (_object, state) => {
    const sql = state.storage.sql;
    const count = (name: string) =>
      sql.exec<{ count: number }>('SELECT count FROM counters WHERE name = ?', name).toArray()[0]?.count ?? 0;
    const reservations = sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM reservations').one().n;
    return { calls: count('hour'), documents: count('month_documents'), pdfs: count('month_pdfs'), reservations };
  });
}

const at = (time: number) => vi.setSystemTime(time);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  at(T);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('F1: a reservation nobody settles comes back when its lease ends', () => {
  it('F1: the alarm gives back an unsettled admission once its lease ended, exactly once; the call stays counted', async () => {
    const caller = account();
    const stub = limiter(testEnv, caller);
    await countProduced(caller, { documents: 10, pdfs: 2, now: T });
    const grant = await admitRequest(testEnv, caller, { documents: 1, pdfs: 1, now: T });
    expect(grant.reservation.id).toBeDefined();
    expect(await stored(stub)).toEqual({ calls: 2, documents: 11, pdfs: 3, reservations: 1 });

    at(T + LEASE - 1);
    await runDurableObjectAlarm(stub); // the flush; the lease still runs
    expect(await stored(stub)).toMatchObject({ documents: 11, reservations: 1 });

    at(T + LEASE + 1);
    expect(await runDurableObjectAlarm(stub)).toBe(true); // woken for the lease's end
    expect(await stored(stub)).toEqual({ calls: 2, documents: 10, pdfs: 2, reservations: 0 });

    // Exactly once: another alarm, a later admission's sweep, a late settle or release change nothing.
    await runDurableObjectAlarm(stub);
    await admitRequest(testEnv, caller, { documents: 0, pdfs: 0, now: T + LEASE + 2 });
    expect(await stub.settle({ id: grant.reservation.id! })).toBe(false);
    await releaseDocuments(testEnv, caller, grant, {}, T + LEASE + 3);
    expect(await stored(stub)).toEqual({ calls: 3, documents: 10, pdfs: 2, reservations: 0 });
  });

  it('F1: a settled reservation is never given back', async () => {
    const caller = account();
    const stub = limiter(testEnv, caller);
    const grant = await admitRequest(testEnv, caller, { documents: 3, pdfs: 1, now: T });
    expect(await stub.settle({ id: grant.reservation.id! })).toBe(true);
    at(T + 10 * LEASE);
    await runDurableObjectAlarm(stub);
    await admitRequest(testEnv, caller, { documents: 0, pdfs: 0, now: T + 10 * LEASE });
    await releaseDocuments(testEnv, caller, grant, {}, T + 10 * LEASE);
    expect(await stored(stub)).toMatchObject({ documents: 3, pdfs: 1, reservations: 0 });
  });

  it('F1: a partial release, then the lease’s end, give back only the rest', async () => {
    const caller = account();
    const stub = limiter(testEnv, caller);
    await countProduced(caller, { documents: 10, pdfs: 0, now: T });
    const pdfFlags = [true, true, false, false, false];
    const { admitted, grant } = await admitBatchItems(
      testEnv,
      caller,
      pdfFlags.map((pdf) => ({ pdf })),
      T,
    );
    expect(admitted).toBe(5);
    // Two items failed (one of them a PDF): given back at once.
    await releaseDocuments(testEnv, caller, grant, { documents: 2, pdfs: 1 }, T);
    expect(await stored(stub)).toMatchObject({ documents: 13, pdfs: 1, reservations: 1 });
    at(T + LEASE);
    await runDurableObjectAlarm(stub);
    expect(await stored(stub)).toMatchObject({ documents: 10, pdfs: 0, reservations: 0 });
  });

  it('F1: a release never gives back more than its reservation still holds', async () => {
    const caller = account();
    const stub = limiter(testEnv, caller);
    await countProduced(caller, { documents: 10, pdfs: 0, now: T });
    const grant = await admitRequest(testEnv, caller, { documents: 2, pdfs: 0, now: T });
    await releaseDocuments(testEnv, caller, grant, { documents: 1, pdfs: 0 }, T);
    await releaseDocuments(testEnv, caller, grant, { documents: 5, pdfs: 0 }, T);
    expect(await stored(stub)).toMatchObject({ documents: 10, reservations: 0 });
  });

  it('F1: the heartbeat’s renewal keeps a reservation past its first lease', async () => {
    const caller = account();
    const stub = limiter(testEnv, caller);
    const grant = await admitRequest(testEnv, caller, { documents: 1, pdfs: 0, now: T });
    at(T + LEASE - 5_000);
    expect(await stub.renew({ id: grant.reservation.id! })).toBe(true);
    at(T + LEASE + 1);
    await runDurableObjectAlarm(stub);
    expect(await stored(stub)).toMatchObject({ documents: 1, reservations: 1 });
    at(T + 2 * LEASE);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stored(stub)).toMatchObject({ documents: 0, reservations: 0 });
    expect(await stub.renew({ id: grant.reservation.id! })).toBe(false);
  });

  it('F1: admission sweeps expired reservations before it reads the counters: a retry after the lease never pays twice', async () => {
    const caller = account();
    await countProduced(caller, { documents: 99, pdfs: 0, now: T });
    // The attempt that died took the last document of the month.
    await admitRequest(testEnv, caller, { documents: 1, pdfs: 0, now: T });
    at(T + 10_000);
    const during = admitRequest(testEnv, caller, { documents: 1, pdfs: 0, now: T + 10_000 });
    await expect(during).rejects.toMatchObject({ code: 'monthly_limit_reached' });
    // No alarm has run: the retry's own admission finds the lease ended and gives it back first.
    at(T + LEASE);
    const retry = await admitRequest(testEnv, caller, { documents: 1, pdfs: 0, now: T + LEASE });
    expect(retry.headers['X-RateLimit-Remaining-Monthly']).toBe('0');
    expect(await stored(limiter(testEnv, caller))).toMatchObject({ documents: 100, reservations: 1 });
  });

  it('F1: a reservation of a month that ended is not given back into the new month', async () => {
    const caller = account();
    const stub = limiter(testEnv, caller);
    const lastSeconds = Date.UTC(2031, 4, 31, 23, 59, 50);
    at(lastSeconds);
    await admitRequest(testEnv, caller, { documents: 4, pdfs: 0, now: lastSeconds });
    const june = Date.UTC(2031, 5, 1, 0, 0, 5);
    at(june);
    await countProduced(caller, { documents: 3, pdfs: 0, now: june });
    at(lastSeconds + LEASE + 1);
    await runDurableObjectAlarm(stub);
    expect(await stored(stub)).toMatchObject({ documents: 3, reservations: 0 });
  });

  it('F1: a per-IP (anonymous) limiter gives back the same way, without a D1 snapshot', async () => {
    const caller: Caller = {
      kind: 'anonymous',
      ip: `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`,
    };
    const stub = limiter(testEnv, caller);
    await admitRequest(testEnv, caller, { documents: 1, pdfs: 0, now: T });
    at(T + LEASE);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stored(stub)).toEqual({ calls: 1, documents: 0, pdfs: 0, reservations: 0 });
  });

  it('F1: one alarm serves both wants: the lease’s end, then the D1 copy 5 minutes after the change (issue 25)', async () => {
    const caller = account('pro');
    const stub = limiter(testEnv, caller);
    await admitRequest(testEnv, caller, { documents: 2, pdfs: 0, now: T });
    const alarmAt = () => runInDurableObject(stub, (_o, state) => state.storage.getAlarm());
    const snapshot = () =>
      testEnv.DB.prepare('SELECT month_documents FROM usage_snapshots WHERE subject = ?')
        .bind(caller.accountId)
        .first<{ month_documents: number }>();
    expect(await alarmAt()).toBe(T + LEASE);
    at(T + LEASE);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stored(stub)).toMatchObject({ documents: 0, reservations: 0 }); // given back
    expect(await snapshot()).toBeNull(); // the copy is not due yet
    expect(await alarmAt()).toBe(T + SNAPSHOT_INTERVAL_MS);
    at(T + SNAPSHOT_INTERVAL_MS);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await snapshot())?.month_documents).toBe(0);
    expect(await alarmAt()).toBeNull();
  });
});

describe('F1 with D11: a legacy credit is leased like a document', () => {
  it('F1: a legacy render whose request died gets its credit back when the lease ends, once', async () => {
    vi.useRealTimers(); // the account is made through the real routes first
    const { accountId, email } = await legacyAccount(3);
    vi.useFakeTimers({ toFake: ['Date'] });
    at(T);
    const caller = account();
    Object.assign(caller, { accountId, email });
    const stub = limiter(testEnv, caller);
    const admitted = await stub.admitLegacyRender({ limits: PLAN_LIMITS.free, accountId });
    expect(admitted).toMatchObject({ admitted: true, credits: { used: 1, total: 3 } });
    expect(await stub.creditsUsed()).toBe(1);
    at(T + LEASE);
    await runDurableObjectAlarm(stub);
    expect(await stub.creditsUsed()).toBe(0);
    await runDurableObjectAlarm(stub);
    const reservation = (admitted as { reservation: string }).reservation;
    await stub.release({ id: reservation, documents: 0, pdfs: 0, credits: 1, accountId });
    expect(await stub.creditsUsed()).toBe(0);
    expect(await stored(stub)).toMatchObject({ calls: 1, reservations: 0 });
  });
});
