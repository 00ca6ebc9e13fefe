// The tests that need a `wrangler dev` of their own, sharing one (each start costs seconds of CPU: bundling,
// workerd; decision P9). It starts on a copy of the run's migrated D1, not migrating again. The crash test runs
// first, on fresh state; the operator command's tests then run on the server it restarted.
//
// 1. Issue 21 as the outside review did it: `wrangler dev` killed (SIGKILL to its process group) in the middle
// of a 30-invoice batch sent with an Idempotency-Key, restarted on the same state, and the batch retried
// with the same key. Decisions F1 and F2: 409 while the dead attempt's lease runs, then one run, and the month
// shows 30 documents, not 60. The server runs with LEASE_SECONDS (DEV_MODE only, lease-timings.ts): the leases
// are two fifths of production's, so the test waits seconds for the dead attempt, not a minute, yet the restart
// (11-16 s on this machine under load) leaves both leases running for the 409 half. Each invoice carries
// a ~0.5 MB logo of noise (it is decoded and stored with the hosted link), so the batch has work left after its
// admission; the test reads the RateLimiter objects' SQLite files beside the running server and kills it as soon as
// the admission's reservation is there.
//
// 2. The operator command against the real Worker: what `npm run admin -- create-account` writes to D1
// must be what the Worker accepts (password, API key) and what it writes itself (hash format, PBKDF2
// iterations, account id), so the script cannot drift from workers/accounts unnoticed; and a legacy credit
// grant counts on the next render (D11). The command writes the local database file the running wrangler dev
// uses, which makes that server's own D1 calls meet SQLITE_BUSY meanwhile: so it runs here, never against the
// server the other e2e files share.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAccount } from '../support/dev-account.ts';
import { type DevServer, startDevServer } from '../support/start-dev-server.ts';

type Json = Record<string, any>;

/**
 * The in-flight lease of this server (production: 60 s); the reservation's is three quarters of it (18 s). Long
 * enough that the restart ends with more than 2 s of both left, which the test asserts rather than skipping.
 */
const LEASE_SECONDS = 24;
const DEV_ARGS = ['--var', `LEASE_SECONDS:${LEASE_SECONDS}`];

/**
 * The server of this file: started on a copy of the run's migrated D1 (start-wrangler-dev.ts), restarted by the
 * crash test on the same state, stopped and removed at the end.
 */
let dev: DevServer;
let stateDir: string | undefined;
beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'invoice-dev-'));
  cpSync(inject('migratedState'), stateDir, { recursive: true });
  dev = await startDevServer(DEV_ARGS, { stateDir });
});
afterAll(() => {
  dev?.stop();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

/** A PNG of random pixels (deflate cannot shrink it), as a data: URI. */
function noisyLogo(side: number): string {
  const png = new PNG({ width: side, height: side });
  for (let i = 0; i < png.data.length; i++) png.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The documents reserved by admissions (F1) in the RateLimiter objects' SQLite files under `state`, read beside
 * the running workerd: a row is there once the admission's write has committed, and only then. (A change of
 * the files' sizes or times, watched before, also comes from writes that are not the admission.)
 */
function reservedDocuments(state: string): number {
  const dir = join(state, 'v3', 'do', 'invoice-service-RateLimiter');
  let documents = 0;
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.sqlite') || file.startsWith('metadata')) continue;
    try {
      const db = new DatabaseSync(join(dir, file), { readOnly: true });
      try {
        const row = db.prepare('SELECT COALESCE(SUM(documents), 0) AS n FROM reservations').get() as { n: number };
        documents += row.n;
      } finally {
        db.close();
      }
    } catch {
      // No reservations table yet, or the writer holds the file this instant: nothing admitted that we can see.
    }
  }
  return documents;
}

describe('F1/F2 against a killed wrangler dev', () => {
  it('F1/F2: a batch killed mid-work and retried with its key: 409 within the lease, then one run; the month shows 30, not 60', async () => {
    const state = dev.stateDir;
    // Starter: 1,000 documents a month, and 200 calls an hour, room for both attempts' 30 calls (D7).
    const { apiKey } = adminAccount(state, 'starter', 'e2e-crash');
    const logo = noisyLogo(300); // 30 of them: 14 MB
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

    // A batch refused before admission (it counts nothing, P4) creates the account's RateLimiter: the month is
    // whole and nothing is reserved.
    const refused = await fetch(`${dev.baseUrl}/api/batch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(refused.headers.get('X-RateLimit-Remaining-Monthly')).toBe('1000');
    expect(reservedDocuments(state)).toBe(0);

    let answered = false;
    const lost = batch(dev.baseUrl).then(
      () => (answered = true),
      (err: unknown) => err,
    );
    let reserved = 0;
    for (let i = 0; i < 12_000 && reserved === 0 && !answered; i++) {
      await sleep(5);
      reserved = reservedDocuments(state);
    }
    dev.kill();
    expect(answered).toBe(false); // killed after the admission, before the answer
    expect(reserved).toBe(30);
    expect(await lost).toBeInstanceOf(Error); // the connection died with the server: no answer
    const killedAt = Date.now();

    dev = await startDevServer(DEV_ARGS, { stateDir: state });
    // The checks below need the dead attempt's leases still running (they were last renewed at or before the
    // kill): a restart that took too long fails here, it does not skip them.
    const restartSeconds = (Date.now() - killedAt) / 1000;
    expect(
      killedAt + LEASE_SECONDS * 750 - Date.now(),
      `the restart took ${restartSeconds} s, leaving less than 2 s of the reservation lease: raise LEASE_SECONDS`,
    ).toBeGreaterThan(2000);
    const early = await batch(dev.baseUrl);
    const seen = `after a ${restartSeconds} s restart: ${early.status}, replayed: ${early.headers.get('Idempotent-Replayed')}, remaining: ${early.headers.get('X-RateLimit-Remaining-Monthly')}`;
    expect(early.status, seen).toBe(409);
    // The dead attempt's 30 documents are still reserved while its lease (three quarters of the key's) runs.
    expect(early.headers.get('X-RateLimit-Remaining-Monthly')).toBe('970');
    const retryAfter = Number(early.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LEASE_SECONDS);
    await sleep(retryAfter * 1000 + 500);

    const retry = await batch(dev.baseUrl);
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

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' };

// Both run without blocking the event loop: a keep-alive socket wrangler dev closes while the loop is blocked
// would otherwise be handed to the next fetch, which then fails ("other side closed").
const run = promisify(execFile);

async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args, '--persist-to', dev.stateDir], {
    encoding: 'utf8',
    env,
  });
  return stdout;
}

/** Reads the dev server's local D1 the way the admin command does. */
async function d1<T>(statement: string): Promise<T[]> {
  const { stdout } = await run(
    'wrangler',
    ['d1', 'execute', 'DB', '--local', '--persist-to', dev.stateDir, '--json', '--command', statement],
    { encoding: 'utf8', env },
  );
  return (JSON.parse(stdout) as { results: T[] }[]).flatMap((x) => x.results);
}

const post = (path: string, body: unknown) =>
  fetch(`${dev.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Everything about a stored hash except its random salt and digest bytes. */
function hashShape(stored: string) {
  const [scheme, iterations, salt, hash] = stored.split('$');
  return {
    scheme,
    iterations,
    saltBytes: Buffer.from(salt, 'base64').length,
    hashBytes: Buffer.from(hash, 'base64').length,
  };
}

describe('npm run admin -- create-account, checked by the Worker', () => {
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `admin-${tag}@example.com`;
  // Non-ASCII, so a script that encoded the password otherwise than UTF-8 would fail to log in.
  const password = 'Opérateur – clé 🔑 assez longue';
  let apiKey: string;

  beforeAll(async () => {
    const out = await admin(
      'create-account',
      '--email',
      `  ${email.toUpperCase()} `,
      '--password',
      password,
      '--tier',
      'enterprise',
      '--with-key',
    );
    apiKey = /api key \(shown once\): (\S+)/.exec(out)?.[1] ?? '';
    expect(out).toContain(`created verified account ${email}`);
  });

  it('logs in over HTTP with the password it was given', async () => {
    const login = await post('/api/auth/login', { email, password });
    expect(login.status).toBe(200);
    expect(((await login.json()) as Json).user).toEqual({ email, tier: 'enterprise', verified: true });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const me = await fetch(`${dev.baseUrl}/api/auth/me`, { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
  });

  it('the printed API key authenticates, and /me shows its last four characters', async () => {
    const me = await fetch(`${dev.baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as Json).user).toMatchObject({
      email,
      tier: 'enterprise',
      verified: true,
      api_key: `inv_sk_…${apiKey.slice(-4)}`,
    });
  });

  it('stores the same hash format, iteration count and id shape as an account the Worker registered', async () => {
    // verifyPassword reads the iteration count from the stored hash, so a login alone would accept fewer.
    const registered = `registered-${tag}@example.com`;
    expect((await post('/api/auth/register', { email: registered, password: 'a long enough password' })).status).toBe(
      201,
    );
    const rows = await d1<{ email: string; id: string; password_hash: string }>(
      `SELECT email, id, password_hash FROM accounts WHERE email IN ('${email}', '${registered}')`,
    );
    const byScript = rows.find((r) => r.email === email)!;
    const byWorker = rows.find((r) => r.email === registered)!;
    expect(hashShape(byScript.password_hash)).toEqual(hashShape(byWorker.password_hash));
    const idShape = (id: string) => id.replace(/[0-9A-Za-z]+$/, (s) => `<${s.length} base62>`);
    expect(idShape(byScript.id)).toEqual(idShape(byWorker.id));
  });
});

/** A valid legacy request (spec: Legacy render interface resources). */
const LEGACY = {
  title: 'Acme Ltd',
  invno: 'L-E2E-GRANT',
  date: '2026-03-01',
  to: 'Client GmbH\nHauptstraße 1\n10115 Berlin',
  currency: 'EUR',
  lang: 'en',
  template: 'neat-pro',
  rows: [{ desc: 'Consulting', qty: '2', rate: '1250.25', tax: 20 }],
};

describe('npm run admin -- grant-credits, counted by the Worker (D11)', () => {
  it('402 INSUFFICIENT_CREDITS when none is left; a grant makes the next render succeed', async () => {
    const email = `grant-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const out = await admin('create-account', '--email', email, '--tier', 'free', '--with-key');
    const apiKey = /api key \(shown once\): (\S+)/.exec(out)?.[1] ?? '';
    // One legacy credit, set before the account's first legacy render (its RateLimiter seeds from that row).
    await d1(`UPDATE accounts SET credits_total = 1 WHERE email = '${email}'`);
    const render = () =>
      fetch(`${dev.baseUrl}/api/render`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: apiKey },
        body: JSON.stringify(LEGACY),
      });
    const credits = async () =>
      (
        (await (
          await fetch(`${dev.baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${apiKey}` } })
        ).json()) as Json
      ).user.credits;

    const first = await render();
    expect(first.status).toBe(200);
    expect(((await first.json()) as Json).credits.remaining).toBe(0);
    const refused = await render();
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as Json).code).toBe('INSUFFICIENT_CREDITS');
    expect(await credits()).toEqual({ total: 1, used: 1 });

    expect(await admin('grant-credits', '--email', email, '--credits', '2')).toContain(
      `${email}: legacy credits total 3`,
    );
    const granted = await render();
    expect(granted.status).toBe(200);
    const body = (await granted.json()) as Json;
    expect(body.credits).toEqual({ remaining: 1, used: 1, userType: 'api', verified: true });
    expect(body.metadata.creditsRemaining).toBe(1);
    expect(await credits()).toEqual({ total: 3, used: 2 });
  });
});
