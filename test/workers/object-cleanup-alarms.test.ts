// The Durable Objects that free their storage with an alarm (deleteAll) must keep working when the same
// instance, still in memory, is used again afterwards: deleteAll drops the SQLite tables too, and the
// constructor does not run a second time. Found as 500s on hosted-link opens after a 2-minute e2e run.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

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
