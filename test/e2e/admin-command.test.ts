// The operator command against the real Worker: what `npm run admin -- create-account` writes to D1
// must be what the Worker accepts (password, API key) and what it writes itself (hash format, PBKDF2
// iterations, account id), so the script cannot drift from workers/accounts unnoticed.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
const stateDir = inject('stateDir');
type Json = Record<string, any>;

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
