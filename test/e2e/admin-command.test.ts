// The operator command against the real Worker: what `npm run admin -- create-account` writes to D1
// must be what the Worker accepts (password, API key) and what it writes itself (hash format, PBKDF2
// iterations, account id), so the script cannot drift from workers/accounts unnoticed; and a legacy credit
// grant counts on the next render (D11). The command writes the local database file a running wrangler dev
// uses, which makes that server's own D1 calls meet SQLITE_BUSY meanwhile: so this file runs the command
// against a wrangler dev of its own, never against the one the other e2e files share.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevServer, startDevServer } from '../support/start-dev-server.ts';

let server: DevServer;
let baseUrl: string;
let stateDir: string;
type Json = Record<string, any>;

beforeAll(async () => {
  server = await startDevServer();
  ({ baseUrl, stateDir } = server);
});
afterAll(() => server?.stop());

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' };

// Both run without blocking the event loop: a keep-alive socket wrangler dev closes while the loop is blocked
// would otherwise be handed to the next fetch, which then fails ("other side closed").
const run = promisify(execFile);

async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args, '--persist-to', stateDir], {
    encoding: 'utf8',
    env,
  });
  return stdout;
}

/** Reads the dev server's local D1 the way the admin command does. */
async function d1<T>(statement: string): Promise<T[]> {
  const { stdout } = await run(
    'wrangler',
    ['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--json', '--command', statement],
    { encoding: 'utf8', env },
  );
  return (JSON.parse(stdout) as { results: T[] }[]).flatMap((x) => x.results);
}

const post = (path: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, {
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
    const me = await fetch(`${baseUrl}/api/auth/me`, { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
  });

  it('the printed API key authenticates, and /me shows its last four characters', async () => {
    const me = await fetch(`${baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${apiKey}` } });
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
      fetch(`${baseUrl}/api/render`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: apiKey },
        body: JSON.stringify(LEGACY),
      });
    const credits = async () =>
      (
        (await (
          await fetch(`${baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${apiKey}` } })
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
