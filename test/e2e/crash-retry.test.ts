// Issue 21 as the outside review did it: `wrangler dev` killed (SIGKILL to its process group) in the middle
// of a 30-invoice batch sent with an Idempotency-Key, restarted on the same state, and the batch retried
// with the same key. Decisions F1 and F2: 409 while the dead attempt's lease runs, then one run, and the month
// shows 30 documents, not 60. The server runs with LEASE_SECONDS (DEV_MODE only, lease-timings.ts): the leases
// are a fifth of production's, so the test waits seconds for the dead attempt, not a minute. Each invoice carries a ~0.8 MB logo of
// noise (it is decoded and stored with the hosted link), so the batch has work left after its admission;
// the test watches the account's RateLimiter storage and kills the server at its first write: the admission.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { adminAccount } from '../support/dev-account.ts';
import { type DevServer, startDevServer } from '../support/start-dev-server.ts';

/** A PNG of random pixels (deflate cannot shrink it), as a data: URI. */
function noisyLogo(side: number): string {
  const png = new PNG({ width: side, height: side });
  for (let i = 0; i < png.data.length; i++) png.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The in-flight lease of this server (production: 60 s); the reservation's is three quarters of it. */
const LEASE_SECONDS = 12;
const DEV_ARGS = ['--var', `LEASE_SECONDS:${LEASE_SECONDS}`];

/** True once a RateLimiter object's SQLite log under `stateDir` has changed since this was called. */
function limiterWrites(stateDir: string): () => boolean {
  const dir = join(stateDir, 'v3', 'do', 'invoice-service-RateLimiter');
  const state = () =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.sqlite-wal') && !f.startsWith('metadata'))
      .map((f) => {
        const s = statSync(join(dir, f));
        return `${f}:${s.size}:${s.mtimeMs}`;
      })
      .join();
  const before = state();
  return () => state() !== before;
}

describe('F1/F2 against a killed wrangler dev', () => {
  let dev: DevServer | undefined;
  let stateDir: string | undefined;

  afterAll(() => {
    dev?.stop();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it('F1/F2: a batch killed mid-work and retried with its key: 409 within the lease, then one run; the month shows 30, not 60', async () => {
    dev = await startDevServer(DEV_ARGS);
    stateDir = dev.stateDir;
    // Starter: 1,000 documents a month, and 200 calls an hour, room for both attempts' 30 calls (D7).
    const { apiKey } = adminAccount(stateDir, 'starter', 'e2e-crash');
    const logo = noisyLogo(420); // 30 of them: 24 MB, under the batch's 25 MB (D5)
    const invoices = Array.from({ length: 30 }, (_, n) => ({
      from: { name: 'Acme', logo },
      to: { name: `Client ${n}` },
      items: [{ description: 'Work', quantity: 1, unit_price: 10 + n }],
    }));
    const body = JSON.stringify({ invoices });
    const key = `crash-${crypto.randomUUID()}`;
    const batch = (baseUrl: string) =>
      fetch(`${baseUrl}/api/batch`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body,
      });

    // A batch refused before admission (it counts nothing, P4) creates the account's RateLimiter and loads
    // its facts; from then on the object's next write is the admission of the 30 items.
    const refused = await fetch(`${dev.baseUrl}/api/batch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(refused.headers.get('X-RateLimit-Remaining-Monthly')).toBe('1000');
    const written = limiterWrites(stateDir);

    let answered = false;
    const lost = batch(dev.baseUrl).then(
      () => (answered = true),
      (err: unknown) => err,
    );
    for (let i = 0; i < 30_000 && !written() && !answered; i++) await sleep(2);
    dev.kill();
    expect(answered).toBe(false); // killed after the admission, before the answer
    expect(await lost).toBeInstanceOf(Error); // the connection died with the server: no answer
    const killedAt = Date.now();

    dev = await startDevServer(DEV_ARGS, { stateDir });
    const sentAt = Date.now();
    const early = await batch(dev.baseUrl);
    const secondsLeft = Math.ceil((killedAt + LEASE_SECONDS * 1000 - Date.now()) / 1000);
    if (secondsLeft > 1) {
      // Still within the dead attempt's lease (it was last renewed at or before the kill).
      expect(early.status).toBe(409);
      // The dead attempt's 30 documents are still reserved while its lease (three quarters of the key's) runs.
      if (sentAt < killedAt + LEASE_SECONDS * 750 - 1000)
        expect(early.headers.get('X-RateLimit-Remaining-Monthly')).toBe('970');
      const retryAfter = Number(early.headers.get('Retry-After'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(LEASE_SECONDS);
      await sleep(retryAfter * 1000 + 500);
    }

    const retry = early.status === 409 ? await batch(dev.baseUrl) : early;
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replayed')).toBeNull();
    const answer = (await retry.json()) as { meta: { requested: number; generated: number } };
    expect(answer.meta).toMatchObject({ requested: 30, generated: 30 });
    // The dead attempt's 30 documents were given back: the month shows the retry's 30 only.
    expect(retry.headers.get('X-RateLimit-Remaining-Monthly')).toBe('970');

    const replay = await batch(dev.baseUrl);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.headers.get('X-RateLimit-Remaining-Monthly')).toBe('970');
  }, 240_000);
});
