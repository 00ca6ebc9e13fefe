// Issue 24, "What an outside review found on the way in": registration is refused from a foreign page, trivial
// passwords are refused, and an address cannot be squatted for ever.
import { describe, expect, it } from 'vitest';
import commonPasswordsText from '../../password-lists/common-passwords-10k.txt';
import { UNVERIFIED_REPLACEABLE_AFTER_MS } from '../../workers/accounts/account-store.ts';
import { isCommonPassword, passwordProblem } from '../../workers/accounts/password-rules.ts';
import {
  BASE,
  call,
  freshClientIp,
  latestEmail,
  login,
  register,
  testEnv,
  uniqueEmail,
  verify,
} from './accounts-fixtures.ts';

type Json = Record<string, any>;

async function emailsTo(to: string): Promise<number> {
  const row = await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM dev_emails WHERE to_addr = ?')
    .bind(to)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('issue 24: registration is no cross-site write', () => {
  it('issue 24: a foreign Origin is 403 forbidden_origin; no account and no email', async () => {
    const email = uniqueEmail('csrf');
    const res = await call('/api/auth/register', {
      method: 'POST',
      json: { email, password: 'correct horse battery' },
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as Json).error.code).toBe('forbidden_origin');
    expect(await testEnv.DB.prepare('SELECT 1 FROM accounts WHERE email = ?').bind(email).first()).toBeNull();
    expect(await emailsTo(email)).toBe(0);
  });

  it('issue 24: text/plain (what a form can send) is 415 unsupported_media_type; no account and no email', async () => {
    const email = uniqueEmail('csrf');
    const res = await call('/api/auth/register', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'correct horse battery' }),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as Json).error.code).toBe('unsupported_media_type');
    expect(await emailsTo(email)).toBe(0);
  });

  it('issue 24: Sec-Fetch-Site cross-site is refused; the own origin passes', async () => {
    const foreign = await call('/api/auth/register', {
      method: 'POST',
      json: { email: uniqueEmail('csrf'), password: 'correct horse battery' },
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(foreign.status).toBe(403);
    const own = await call('/api/auth/register', {
      method: 'POST',
      json: { email: uniqueEmail('own'), password: 'correct horse battery' },
      headers: { Origin: BASE, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(own.status).toBe(201);
  });
});

describe('issue 24: password rules (NIST SP 800-63B)', () => {
  const refused: [string, string, string][] = [
    ['password', 'min_length', 'must be 10 to 256 characters long'],
    ['12345678', 'min_length', 'must be 10 to 256 characters long'],
    [' '.repeat(8), 'min_length', 'must be 10 to 256 characters long'],
    ['\u0000'.repeat(8), 'min_length', 'must be 10 to 256 characters long'],
    [' '.repeat(12), 'not_empty', 'must not be only spaces'],
    ['\u0000'.repeat(12), 'invalid', 'must not contain control characters (tabs'],
    ['correct\thorse battery', 'invalid', 'must not contain control characters (tabs'],
    ['correct horse\nbattery', 'invalid', 'must not contain control characters (tabs'],
    ['correct horse battery\u007f', 'invalid', 'must not contain control characters (tabs'],
    ['1234567890', 'invalid', 'is one of the 10,000 most common passwords'],
    ['password123', 'invalid', 'is one of the 10,000 most common passwords'],
    ['PassWord123', 'invalid', 'is one of the 10,000 most common passwords'],
    ['x'.repeat(257), 'max_length', 'must be 10 to 256 characters long'],
  ];

  it("issue 24: the review's trivial passwords, control characters and common passwords are 400s that name the rule, never the value", async () => {
    for (const [password, rule, message] of refused) {
      const res = await call('/api/auth/register', { method: 'POST', json: { email: uniqueEmail('weak'), password } });
      expect(res.status, JSON.stringify(password)).toBe(400);
      const body = (await res.json()) as Json;
      expect(body.error.code).toBe('validation_error');
      expect(body.error.details).toEqual([expect.objectContaining({ path: 'password', rule })]);
      expect(body.error.message).toContain(`password: ${message}`);
      // ('password' is the field's own name.)
      if (password.trim().length > 3 && password !== 'password') expect(JSON.stringify(body)).not.toContain(password);
    }
  });

  it('issue 24: 10 characters, spaces inside, non-ASCII and 256 code points pass', async () => {
    for (const password of ['abcdefghij', 'a long passphrase with spaces', 'clé 🔑 assez longue', '🔑'.repeat(256)]) {
      expect(passwordProblem(password), password).toBeNull();
    }
    const res = await call('/api/auth/register', {
      method: 'POST',
      json: { email: uniqueEmail('ok'), password: '🔑'.repeat(256) },
    });
    expect(res.status).toBe(201);
  });

  it('issue 24: the bundled list holds the 10,000 most common passwords, compared case-insensitively', () => {
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('QWERTYuiop')).toBe(true);
    expect(isCommonPassword('correct horse battery')).toBe(false);
    // Exactly 10,000 entries, none twice, all lower case and trimmed (the lookup lower-cases the candidate).
    const lines = commonPasswordsText.split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(10_000);
    expect(new Set(lines).size).toBe(10_000);
    expect(lines.filter((line) => line !== line.toLowerCase() || line !== line.trim())).toEqual([]);
    expect(lines.every(isCommonPassword)).toBe(true);
  });
});

describe('issue 24: an address cannot be squatted for ever', () => {
  async function backdate(email: string, ms: number) {
    await testEnv.DB.prepare('UPDATE accounts SET created_at = created_at - ? WHERE email = ?').bind(ms, email).run();
  }

  it("issue 24: an account never verified is replaced by a registration 24 hours later; the squatter's password and session stop working", async () => {
    const email = uniqueEmail('squat');
    await register(email, 'the squatter password');
    const squatterCookie = await login(email, 'the squatter password');
    const staleLink = (await latestEmail(email)).links[0];
    await backdate(email, UNVERIFIED_REPLACEABLE_AFTER_MS);

    const res = await call('/api/auth/register', { method: 'POST', json: { email, password: 'the owner password' } });
    expect(res.status).toBe(201);
    const rows = await testEnv.DB.prepare('SELECT id FROM accounts WHERE email = ?').bind(email).all();
    expect(rows.results).toHaveLength(1);
    // The squatter's link, session and password are gone with their account.
    expect((await call(new URL(staleLink).pathname + new URL(staleLink).search)).status).toBe(400);
    expect((await call('/api/auth/me', { headers: { Cookie: squatterCookie } })).status).toBe(401);
    const squatter = await call('/api/auth/login', {
      method: 'POST',
      json: { email, password: 'the squatter password' },
      headers: { 'CF-Connecting-IP': freshClientIp() },
    });
    expect(squatter.status).toBe(401);
    await verify(email);
    await login(email, 'the owner password');
  });

  it('issue 24: before 24 hours, or once verified, the address stays taken (409)', async () => {
    const young = uniqueEmail('squat-young');
    await register(young);
    await backdate(young, UNVERIFIED_REPLACEABLE_AFTER_MS - 60_000);
    const early = await call('/api/auth/register', {
      method: 'POST',
      json: { email: young, password: 'another one here' },
    });
    expect(early.status).toBe(409);

    const verified = uniqueEmail('squat-verified');
    await register(verified);
    await verify(verified);
    await backdate(verified, 30 * UNVERIFIED_REPLACEABLE_AFTER_MS);
    const late = await call('/api/auth/register', {
      method: 'POST',
      json: { email: verified, password: 'another one here' },
    });
    expect(late.status).toBe(409);
  });

  it('issue 24: two registrations racing for a stale address: one account, one 201, one 409', async () => {
    const email = uniqueEmail('squat-race');
    await register(email);
    await backdate(email, UNVERIFIED_REPLACEABLE_AFTER_MS);
    const answers = await Promise.all(
      ['first password here', 'second password here'].map((password) =>
        call('/api/auth/register', { method: 'POST', json: { email, password } }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await testEnv.DB.prepare('SELECT id FROM accounts WHERE email = ?').bind(email).all();
    expect(rows.results).toHaveLength(1);
  });

  it('issue 24: the verification email says whoever chose the password controls the account until it is reset', async () => {
    const email = uniqueEmail('squat-mail');
    await register(email);
    const mail = await latestEmail(email);
    expect(mail.text).toContain(
      'Whoever chose the password when this account was created controls it until the password is reset.',
    );
    expect(mail.text).toContain('Forgot password?');
  });
});
