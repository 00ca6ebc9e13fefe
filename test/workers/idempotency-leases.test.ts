// Decision F2 on the IdempotencyStore and withIdempotency: an in-flight record holds a 60 s lease that the
// running attempt renews; one whose lease passed belongs to a dead attempt, and its key is free again.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../workers/app.ts';
import { IN_FLIGHT_LEASE_MS as LEASE } from '../../workers/idempotency/idempotency-object.ts';
import { requestFingerprint, withIdempotency } from '../../workers/idempotency/with-idempotency.ts';
import { testEnv } from './accounts-fixtures.ts';

const record = (scope: string, key: string) =>
  testEnv.IDEMPOTENCY.get(testEnv.IDEMPOTENCY.idFromName(JSON.stringify([scope, key])));

const ok = () => new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('F2: the in-flight lease', () => {
  it('F2: an in-flight record whose lease passed is a dead attempt: the key starts afresh, the dead attempt owns nothing', async () => {
    const stub = record('acct_lease', crypto.randomUUID());
    const t = Date.now();
    const dead = await stub.begin('POST /x sha256:a', t);
    expect(dead.state).toBe('started');
    expect(await stub.begin('POST /x sha256:a', t + LEASE - 1)).toEqual({ state: 'in_flight', leaseUntil: t + LEASE });
    const retry = await stub.begin('POST /x sha256:a', t + LEASE);
    expect(retry.state).toBe('started');
    if (dead.state !== 'started' || retry.state !== 'started') return;
    expect(retry.attempt).not.toBe(dead.attempt);
    // The dead attempt, should it wake up, can neither renew nor complete the retry's record.
    expect(await stub.renew(dead.attempt, t + LEASE)).toBe(false);
    expect(await stub.complete(dead.attempt, { status: 200, headers: {}, chunkCount: 0 }, t + LEASE)).toBe(false);
  });

  it('F2: the running attempt’s renewal moves the lease', async () => {
    const stub = record('acct_lease', crypto.randomUUID());
    const t = Date.now();
    const begun = await stub.begin('POST /x sha256:b', t);
    if (begun.state !== 'started') throw new Error('not started');
    expect(await stub.renew(begun.attempt, t + 50_000)).toBe(true);
    expect(await stub.begin('POST /x sha256:b', t + LEASE + 1)).toEqual({
      state: 'in_flight',
      leaseUntil: t + 50_000 + LEASE,
    });
  });

  it('F2: withIdempotency renews the lease while run() is pending, so a live attempt is never taken for dead', async () => {
    const scope = `acct_${crypto.randomUUID()}`;
    const key = 'slow';
    const t = Date.now();
    const fingerprint = await requestFingerprint('POST', '/test/slow', '{}');
    let seenWhileRunning: unknown;
    const app = createApp();
    app.post('/test/slow', (c) =>
      withIdempotency(
        c,
        scope,
        '{}',
        async () => {
          await new Promise((r) => setTimeout(r, 120));
          // Past the first lease by the begin's clock: only a renewal keeps the record in flight.
          seenWhileRunning = await record(scope, key).begin(fingerprint, t + LEASE + 10);
          return ok();
        },
        { now: t, heartbeatMs: 20 },
      ),
    );
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request('http://localhost/test/slow', { method: 'POST', body: '{}', headers: { 'Idempotency-Key': key } }),
      testEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(seenWhileRunning).toMatchObject({ state: 'in_flight' });
    expect(await record(scope, key).begin(fingerprint, Date.now())).toMatchObject({ state: 'done', status: 200 });
  });

  it('F2: 409 in flight says in Retry-After when the lease ends', async () => {
    const scope = `acct_${crypto.randomUUID()}`;
    const started = Date.now() - 25_000;
    await record(scope, 'busy').begin(await requestFingerprint('POST', '/test/busy', '{}'), started);
    const app = createApp();
    app.post('/test/busy', (c) => withIdempotency(c, scope, '{}', async () => ok()));
    const res = await app.fetch(
      new Request('http://localhost/test/busy', { method: 'POST', body: '{}', headers: { 'Idempotency-Key': 'busy' } }),
      testEnv,
      createExecutionContext(),
    );
    expect(res.status).toBe(409);
    const seconds = Number(res.headers.get('Retry-After'));
    expect(seconds).toBeGreaterThanOrEqual(33);
    expect(seconds).toBeLessThanOrEqual(35);
  });
});
