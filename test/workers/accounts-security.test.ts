import { runInDurableObject } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../../workers/crypto/sha256.ts';
import { timingSafeEqual } from '../../workers/crypto/timing-safe-equal.ts';
import {
  call,
  fetchWithEnv,
  freshClientIp,
  latestEmail,
  login,
  register,
  resetTokenFor,
  testEnv,
  uniqueEmail,
  verify,
} from './accounts-fixtures.ts';
import { countedEnv } from './storage-op-counter.ts';

type Json = Record<string, any>;

/** A login from `ip`: each test counts against addresses of its own (freshClientIp), which no other file uses. */
async function attempt(email: string, password: string, ip: string) {
  return call('/api/auth/login', { method: 'POST', json: { email, password }, headers: { 'CF-Connecting-IP': ip } });
}

describe('login does not reveal whether the email exists', () => {
  it('unknown email and wrong password give the same status, code and message', async () => {
    const email = uniqueEmail();
    await register(email);
    const ip = freshClientIp();
    const wrong = await attempt(email, 'wrong password', ip);
    const unknown = await attempt(uniqueEmail('ghost'), 'wrong password', ip);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('unknown email and wrong password cost the same PBKDF2 work (so the same time)', async () => {
    const email = uniqueEmail();
    await register(email);
    // The work, not the clock (a timing ratio fails on a loaded machine): the derivations each attempt made.
    const derive = vi.spyOn(crypto.subtle, 'deriveBits');
    const work = async (e: string) => {
      derive.mockClear();
      expect((await attempt(e, 'wrong password', freshClientIp())).status).toBe(401);
      return derive.mock.calls.map(([params]) => {
        const { name, hash, iterations } = params as { name: string; hash?: string; iterations?: number };
        return `${name} ${hash} ${iterations}`;
      });
    };
    try {
      const known = await work(email);
      expect(known).toHaveLength(1);
      expect(await work(uniqueEmail('ghost'))).toEqual(known);
    } finally {
      derive.mockRestore();
    }
  });
});

describe('brute-force limits on login (per 15 minutes: 10 per email and IP, 100 per email, 50 per IP)', () => {
  it('per email and IP: the 11th attempt is 429 with Retry-After, even with the right password', async () => {
    const email = uniqueEmail();
    await register(email);
    const ip = freshClientIp();
    for (let i = 0; i < 10; i++) expect((await attempt(email, `guess-${i}-xx`, ip)).status).toBe(401);
    const locked = await attempt(email, 'correct horse battery', ip);
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as Json).error.code).toBe('rate_limit_exceeded');
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(locked.headers.get('Retry-After'))).toBeLessThanOrEqual(15 * 60);
    // The owner at another address is not locked out by the guesser's address.
    expect((await attempt(email, 'correct horse battery', freshClientIp())).status).toBe(200);
  });

  it('per email: 100 failures spread over many addresses lock the email everywhere', async () => {
    const email = uniqueEmail();
    await register(email);
    for (let i = 0; i < 100; i++) expect((await attempt(email, `guess-${i}-xx`, freshClientIp())).status).toBe(401);
    const locked = await attempt(email, 'correct horse battery', freshClientIp());
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('per IP: 50 failures over different emails lock that IP only', async () => {
    const ip = freshClientIp();
    for (let i = 0; i < 50; i++) expect((await attempt(uniqueEmail('spray'), 'whatever-pass', ip)).status).toBe(401);
    const email = uniqueEmail();
    await register(email);
    expect((await attempt(email, 'correct horse battery', ip)).status).toBe(429);
    expect((await attempt(email, 'correct horse battery', freshClientIp())).status).toBe(200);
  });

  it('a successful login clears the failures of its email and IP, and does not count itself', async () => {
    const email = uniqueEmail();
    await register(email);
    const ip = freshClientIp();
    for (let i = 0; i < 9; i++) expect((await attempt(email, `typo-${i}-xx`, ip)).status).toBe(401);
    expect((await attempt(email, 'correct horse battery', ip)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await attempt(email, `typo-${i}-yy`, ip)).status).toBe(401);
    expect((await attempt(email, 'correct horse battery', ip)).status).toBe(429);
  });

  it('failures older than 15 minutes no longer count', async () => {
    const email = uniqueEmail();
    await register(email);
    const ip = freshClientIp();
    for (let i = 0; i < 10; i++) await attempt(email, `guess-${i}-xx`, ip);
    expect((await attempt(email, 'correct horse battery', ip)).status).toBe(429);
    // The throttle's objects read the same Date as the Worker (P-LIM2): move it past the window, no sleeping.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 15 * 60 * 1000 + 1);
      expect((await attempt(email, 'correct horse battery', ip)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('issue 25: the email is kept hashed in the throttle, never as typed', async () => {
    const email = uniqueEmail('hashed');
    const ip = freshClientIp();
    await attempt(email, 'wrong password', ip);
    const log = testEnv.THROTTLES.get(testEnv.THROTTLES.idFromName(`login-ip:${ip}`));
    const tags = await runInDurableObject(log, (_o, state) =>
      state.storage.sql
        .exec<{ tag: string }>('SELECT tag FROM attempts')
        .toArray()
        .map((r) => r.tag),
    );
    expect(tags).toEqual([await sha256Hex(email)]);
  });

  it('issue 25: a refused login writes nothing to D1 (P-LIM4)', async () => {
    const email = uniqueEmail('refused');
    await register(email);
    const ip = freshClientIp();
    for (let i = 0; i < 10; i++) expect((await attempt(email, `guess-${i}-xx`, ip)).status).toBe(401);
    const { env: counted, ops } = countedEnv(testEnv);
    const res = await fetchWithEnv(
      new Request('http://localhost:8787/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip, Origin: 'http://localhost:8787' },
        body: JSON.stringify({ email, password: 'correct horse battery' }),
      }),
      counted,
    );
    expect(res.status).toBe(429);
    expect(ops.summary()).toEqual({ 'DO THROTTLES.reserve': 2, 'DO THROTTLES.release': 1 });
  });
});

describe('no secret in logs or error messages', () => {
  const lines: string[] = [];
  beforeEach(() => {
    lines.length = 0;
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    }
  });
  afterEach(() => vi.restoreAllMocks());

  it('a full flow with mistakes logs no password, key or session id; only the dev sink prints the link', async () => {
    const email = uniqueEmail();
    const password = 'Sup3r-secret-passw0rd';
    const bodies: string[] = [];
    const keep = async (res: Response) => {
      bodies.push(await res.clone().text());
      return res;
    };
    await keep(await call('/api/auth/register', { method: 'POST', json: { email, password } }));
    await keep(await call('/api/auth/register', { method: 'POST', json: { email, password } })); // 409
    await keep(
      await call('/api/auth/register', { method: 'POST', json: { email: uniqueEmail(), password: 'short!' } }),
    ); // 400
    await keep(await call('/api/auth/login', { method: 'POST', json: { email, password: password + 'x' } })); // 401
    const token = new URL((await latestEmail(email)).links[0]).searchParams.get('token')!;
    await verify(email);
    await keep(await call(`/api/auth/verify-email?token=${token}`)); // used: 400
    const cookie = await login(email, password);
    const sessionId = cookie.split('=')[1];
    const keyRes = await call('/api/auth/generate-api-key', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    });
    const apiKey = ((await keyRes.json()) as Json).api_key as string;
    await call('/api/auth/generate-api-key', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    }); // revokes apiKey
    await keep(await call('/api/auth/me', { headers: { Authorization: `Bearer ${apiKey}` } })); // 401
    await keep(
      await call('/api/auth/generate-api-key', {
        method: 'POST',
        headers: { Cookie: cookie, Origin: 'https://evil.example' },
      }),
    ); // 403

    const secrets = [password, 'short!', apiKey, apiKey.slice(7), sessionId];
    for (const text of [...lines, ...bodies]) for (const s of secrets) expect(text).not.toContain(s);
    // The token appears only in what the dev mail sink printed (D6: the sink prints every email).
    for (const text of [...lines.filter((l) => !l.startsWith('[dev-mail-sink]')), ...bodies])
      expect(text).not.toContain(token);
    expect(lines.some((l) => l.startsWith('[dev-mail-sink]'))).toBe(true);
  });

  it('issue 24: forgot, reset and change password log and answer no password, token or session id', async () => {
    const email = uniqueEmail('secret-reset');
    await register(email);
    const bodies: string[] = [];
    const keep = async (res: Response) => {
      bodies.push(await res.clone().text());
      return res;
    };
    await keep(await call('/api/auth/forgot-password', { method: 'POST', json: { email } }));
    await keep(await call('/api/auth/forgot-password', { method: 'POST', json: { email: uniqueEmail('nobody') } }));
    const token = await resetTokenFor(email);
    const reset = (password: string) => call('/api/auth/reset-password', { method: 'POST', json: { token, password } });
    await keep(await reset('Weak\tsecret-passphrase')); // 400
    await keep(await reset('Reset-secret-passphrase-1')); // 200
    await keep(await reset('Reset-secret-passphrase-2')); // used: 400
    const cookie = await login(email, 'Reset-secret-passphrase-1');
    const change = (current: string, next: string) =>
      call('/api/auth/change-password', {
        method: 'POST',
        json: { current_password: current, new_password: next },
        headers: { Cookie: cookie },
      });
    await keep(await change('Wrong-secret-current', 'Change-secret-passphrase')); // 401
    await keep(await change('Reset-secret-passphrase-1', 'Change-secret-passphrase')); // 200
    const secrets = [
      'Weak\tsecret-passphrase',
      'Reset-secret-passphrase-1',
      'Reset-secret-passphrase-2',
      'Wrong-secret-current',
      'Change-secret-passphrase',
      cookie.split('=')[1],
    ];
    for (const text of [...lines, ...bodies]) for (const s of secrets) expect(text).not.toContain(s);
    for (const text of [...lines.filter((l) => !l.startsWith('[dev-mail-sink]')), ...bodies])
      expect(text).not.toContain(token);
  });

  it('issue 24: change email and close the account log and answer no password, token or session id', async () => {
    const email = uniqueEmail('secret-move');
    await register(email, 'Move-secret-passphrase');
    const cookie = await login(email, 'Move-secret-passphrase');
    const bodies: string[] = [];
    const keep = async (res: Response) => {
      bodies.push(await res.clone().text());
      return res;
    };
    const target = uniqueEmail('secret-moved');
    const move = (password: string) =>
      call('/api/auth/change-email', {
        method: 'POST',
        json: { new_email: target, password },
        headers: { Cookie: cookie },
      });
    await keep(await move('Wrong-move-secret')); // 401
    await keep(await move('Move-secret-passphrase')); // 200
    const link = (await latestEmail(target)).links[0];
    const token = new URL(link).searchParams.get('token')!;
    await keep(await call(`/api/auth/confirm-email-change?token=${token}`)); // 200
    await keep(await call(`/api/auth/confirm-email-change?token=${token}`)); // used: 400
    const close = (password: string) =>
      call('/api/auth/account', { method: 'DELETE', json: { password }, headers: { Cookie: cookie } });
    await keep(await close('Wrong-close-secret')); // 401
    await keep(await close('Move-secret-passphrase')); // 200
    const secrets = ['Move-secret-passphrase', 'Wrong-move-secret', 'Wrong-close-secret', cookie.split('=')[1]];
    for (const text of [...lines, ...bodies]) for (const s of secrets) expect(text).not.toContain(s);
    for (const text of [...lines.filter((l) => !l.startsWith('[dev-mail-sink]')), ...bodies])
      expect(text).not.toContain(token);
  });
});

describe('timing-safe comparison', () => {
  it('compares every byte and rejects any difference', () => {
    const a = new Uint8Array(32).fill(7);
    expect(timingSafeEqual(a, a.slice())).toBe(true);
    for (const i of [0, 15, 31]) {
      const b = a.slice();
      b[i] ^= 1;
      expect(timingSafeEqual(a, b)).toBe(false);
    }
    expect(timingSafeEqual(a, a.slice(0, 31))).toBe(false);
  });

  it('password verification rejects a stored hash that differs in its last byte only', async () => {
    const { hashPassword, verifyPassword } = await import('../../workers/accounts/password-hash.ts');
    const { base64ToBytes, bytesToBase64 } = await import('../../workers/crypto/byte-encoding.ts');
    const stored = await hashPassword('password-123');
    expect(await verifyPassword('password-123', stored)).toBe(true);
    expect(await verifyPassword('password-124', stored)).toBe(false);
    const parts = stored.split('$');
    const hash = base64ToBytes(parts[3]);
    hash[31] ^= 1;
    expect(await verifyPassword('password-123', [...parts.slice(0, 3), bytesToBase64(hash)].join('$'))).toBe(false);
  });

  it('P13: new hashes take 100,000 iterations unless DEV_MODE names a count from 1,000 up; a hash keeps its count', async () => {
    const { passwordHashIterations, hashPassword, verifyPassword, dummyPasswordHash } = await import(
      '../../workers/accounts/password-hash.ts'
    );
    expect(passwordHashIterations({})).toBe(100_000);
    expect(passwordHashIterations({ DEV_MODE: 'false', PASSWORD_HASH_ITERATIONS: '1000' })).toBe(100_000);
    expect(passwordHashIterations({ DEV_MODE: 'true' })).toBe(100_000);
    for (const refused of ['999', '100001', '1e3x', '2500.5', ''])
      expect(passwordHashIterations({ DEV_MODE: 'true', PASSWORD_HASH_ITERATIONS: refused })).toBe(100_000);
    expect(passwordHashIterations({ DEV_MODE: 'true', PASSWORD_HASH_ITERATIONS: '1000' })).toBe(1_000);
    // This run's accounts (vitest.config.ts sets 1,000): the count is stored in the hash, which verifies by it.
    const email = uniqueEmail('p13');
    await register(email);
    const row = await testEnv.DB.prepare('SELECT password_hash FROM accounts WHERE email = ?')
      .bind(email)
      .first<{ password_hash: string }>();
    expect(row?.password_hash.split('$')[1]).toBe('1000');
    const stored = await hashPassword('p13 passphrase', 1_000);
    expect(await verifyPassword('p13 passphrase', stored)).toBe(true);
    expect(await verifyPassword('p13 passphrasE', stored)).toBe(false);
    expect(dummyPasswordHash(1_000).split('$')[1]).toBe('1000');
  });

  // A known answer, computed apart from the Worker (node:crypto pbkdf2Sync): stored hashes keep verifying
  // even if hashPassword and verifyPassword changed together. That the admin command writes hashes the
  // Worker accepts is checked end to end in test/e2e/own-dev-server.test.ts.
  it('verifies a stored hash of the documented format computed by another PBKDF2 implementation', async () => {
    const { verifyPassword } = await import('../../workers/accounts/password-hash.ts');
    const stored = 'pbkdf2_sha256$100000$muU1s7URiIfuajrdu+AuCQ==$IPf4N7v12PmJJRUDyXUyxrsy7ueqg8RqTKLbyuHY+V0=';
    expect(await verifyPassword('admin-made password', stored)).toBe(true);
    expect(await verifyPassword('admin-made passworD', stored)).toBe(false);
  });
});
