// The Durable Objects that free their storage with an alarm (deleteAll) must keep working when the same
// instance, still in memory, is used again afterwards: deleteAll drops the SQLite tables too, and the
// constructor does not run a second time. Found as 500s on hosted-link opens after a 2-minute e2e run.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Caller } from '../../workers/accounts/caller.ts';
import { admitRequest, limiter } from '../../workers/limits/admit-request.ts';

const HOUR_MS = 3_600_000;

describe('storage objects after their clean-up alarm', () => {
  it('issue 10.4: a MinuteWindow counts again after its alarm emptied it', async () => {
    const stub = env.HOSTED_OPENS.get(env.HOSTED_OPENS.idFromName(`ip:cleanup-${crypto.randomUUID()}`));
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    expect(await stub.hit(minute, 2)).toMatchObject({ allowed: true });
    expect(await stub.hit(minute, 2)).toMatchObject({ allowed: true });
    expect(await stub.hit(minute, 2)).toMatchObject({ allowed: false });

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    // The same window again: the row is gone, so counting starts over instead of failing.
    expect(await stub.hit(minute, 2)).toMatchObject({ allowed: true });
    expect(await stub.hit(minute + 60_000, 1)).toMatchObject({ allowed: true });
    expect(await stub.hit(minute + 60_000, 1)).toMatchObject({ allowed: false });
  });

  it('D8: an idempotency key can be used again once its alarm freed the expired record', async () => {
    const stub = env.IDEMPOTENCY.get(env.IDEMPOTENCY.idFromName(`cleanup-${crypto.randomUUID()}`));
    const longAgo = Date.now() - 25 * HOUR_MS;
    const first = await stub.begin('fingerprint-a', longAgo);
    expect(first.state).toBe('started');
    if (first.state !== 'started') return;
    expect(await stub.putChunk(first.attempt, 0, new TextEncoder().encode('{"ok":true}'))).toBe(true);
    expect(await stub.complete(first.attempt, { status: 200, headers: {}, chunkCount: 1 }, longAgo)).toBe(true);

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.readChunk(0)).toEqual(new Uint8Array());
    // A new request under the same key (another body) starts afresh rather than failing.
    const again = await stub.begin('fingerprint-b', Date.now());
    expect(again.state).toBe('started');
  });
});

/** The object's own tables (SQLite keeps its `_cf_` ones): none once its storage was deleted. */
const tablesOf = (stub: DurableObjectStub) =>
  runInDurableObject(stub, (_o, state) =>
    state.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%'")
      .toArray()
      .map((r) => r.name),
  );
const alarmOf = (stub: DurableObjectStub) => runInDurableObject(stub, (_o, state) => state.storage.getAlarm());

describe('issue 25: objects that are no longer needed delete their storage', () => {
  afterEach(() => vi.useRealTimers());

  it('issue 25: an idempotency object whose request failed is deleted by its alarm a minute later', async () => {
    const stub = env.IDEMPOTENCY.get(env.IDEMPOTENCY.idFromName(`abandoned-${crypto.randomUUID()}`));
    const begun = await stub.begin('fingerprint-a', Date.now());
    if (begun.state !== 'started') throw new Error('expected a start');
    await stub.abandon(begun.attempt);
    expect(await alarmOf(stub)).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(await tablesOf(stub)).toEqual(expect.arrayContaining(['record', 'chunks']));

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await tablesOf(stub)).toEqual([]);
    // The key works again, on the same instance.
    expect((await stub.begin('fingerprint-b', Date.now())).state).toBe('started');
  });

  it('issue 25: a per-IP RateLimiter wakes when its windows end and is deleted once none with a count runs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const T = Date.UTC(2027, 2, 17, 10, 15); // a Wednesday ahead: the runtime moves an alarm in the past to now
    vi.setSystemTime(T);
    const caller: Caller = {
      kind: 'anonymous',
      ip: `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`,
    };
    const stub = limiter(env, caller);
    await admitRequest(env, caller, { documents: 0, pdfs: 0 });
    expect(await alarmOf(stub)).toBe(Date.UTC(2027, 2, 17, 11)); // the hour's end

    vi.setSystemTime(Date.UTC(2027, 2, 17, 11, 0, 1));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await alarmOf(stub)).toBe(Date.UTC(2027, 2, 22)); // the week's window still counts the call
    expect(await tablesOf(stub)).toContain('counters');

    vi.setSystemTime(Date.UTC(2027, 2, 22, 0, 0, 1));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await tablesOf(stub)).toEqual([]);
    expect(await alarmOf(stub)).toBeNull();

    // The same instance counts again from nothing.
    const grant = await admitRequest(env, caller, { documents: 0, pdfs: 0 });
    expect(grant.headers['X-RateLimit-Remaining-Weekly']).toBe('99');
  });

  it('issue 25: an account’s RateLimiter is never deleted by that alarm', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 2, 18, 10, 15));
    const caller: Caller = {
      kind: 'account',
      accountId: `acct_${crypto.randomUUID()}`,
      email: 'x@example.com',
      tier: 'free',
      verified: true,
      via: 'session',
    };
    const stub = limiter(env, caller);
    await admitRequest(env, caller, { documents: 0, pdfs: 0 });
    vi.setSystemTime(Date.UTC(2026, 5, 1));
    await runDurableObjectAlarm(stub);
    expect(await tablesOf(stub)).toContain('subject');
  });

  it('issue 25: a login throttle object of an e-mail hash is deleted by its alarm once its attempts left the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const T = Date.UTC(2027, 2, 17, 10, 15); // ahead of the real clock: the runtime moves an alarm in the past to now
    vi.setSystemTime(T);
    const stub = env.THROTTLES.get(env.THROTTLES.idFromName(`login-email:${crypto.randomUUID()}`));
    const reserve = (tag: string) => stub.reserve({ tag, windowMs: 15 * 60_000, limits: { all: 100, tag: 10 } });
    expect(await reserve('198.51.100.1')).toMatchObject({ reserved: true });
    vi.setSystemTime(T + 60_000);
    expect(await reserve('198.51.100.2')).toMatchObject({ reserved: true });
    expect(await alarmOf(stub)).toBe(T + 16 * 60_000); // when the newest attempt leaves the window

    // An alarm while the second attempt still counts (the first one gone) keeps the object and wakes again later.
    vi.setSystemTime(T + 15 * 60_000 + 1);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(
      await runInDurableObject(stub, (_o, state) => state.storage.sql.exec('SELECT tag FROM attempts').toArray()),
    ).toEqual([{ tag: '198.51.100.2' }]);
    expect(await tablesOf(stub)).toContain('attempts');
    expect(await alarmOf(stub)).toBe(T + 16 * 60_000);

    vi.setSystemTime(T + 16 * 60_000 + 1);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await tablesOf(stub)).toEqual([]);
    expect(await alarmOf(stub)).toBeNull();
    // The same instance counts again from nothing.
    expect(await reserve('198.51.100.1')).toMatchObject({ reserved: true });
  });
});
