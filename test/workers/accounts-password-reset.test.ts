// Issue 24, "Password / Forgotten": forgot-password answers alike for every address, emails a 1-hour single-use
// link stored hashed, is limited per address and per IP; reset-password sets the password under the
// registration rules, ends every session, verifies the address and tells the owner.
import { describe, expect, it } from 'vitest';
import { createResetToken, reserveResetRequest } from '../../workers/accounts/password-reset.ts';
import { sha256Hex } from '../../workers/crypto/sha256.ts';
import {
  awaitEmail,
  call,
  countEmails,
  freshClientIp,
  latestEmail,
  login,
  recordingDb,
  register,
  resetTokenFor,
  testEnv,
  uniqueEmail,
  verify,
} from './accounts-fixtures.ts';

type Json = Record<string, any>;

const forgot = (email: string, ip = freshClientIp()) =>
  call('/api/auth/forgot-password', { method: 'POST', json: { email }, headers: { 'CF-Connecting-IP': ip } });

const reset = (token: string, password: string) =>
  call('/api/auth/reset-password', { method: 'POST', json: { token, password } });

async function loginStatus(email: string, password: string): Promise<number> {
  const res = await call('/api/auth/login', {
    method: 'POST',
    json: { email, password },
    headers: { 'CF-Connecting-IP': freshClientIp() },
  });
  return res.status;
}

describe('issue 24: forgot-password', () => {
  it('issue 24: the same 200 and body for an account and for an unknown address; only the account gets an email', async () => {
    const known = uniqueEmail('forgot-known');
    await register(known);
    const unknown = uniqueEmail('forgot-unknown');
    const a = await forgot(known);
    const b = await forgot(unknown);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(await a.text()).toBe(await b.text());
    const mail = await awaitEmail(known, 'Reset your password');
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:8787\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain('within 1 hour');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await countEmails(unknown, 'Reset your password')).toBe(0);
    expect(await testEnv.DB.prepare('SELECT 1 FROM accounts WHERE email = ?').bind(unknown).first()).toBeNull();
  });

  it('issue 24: known and unknown addresses cost the same D1 statements (no enumeration by timing)', async () => {
    // Timing itself is not asserted (a loaded machine makes any bound flaky); the work is: the same statements,
    // in the same order, and the mail leaves after the answer (waitUntil), so only the D1 work is on the clock.
    const known = uniqueEmail('forgot-work');
    await register(known);
    const statements = async (email: string) => {
      const log: string[] = [];
      const db = recordingDb(testEnv.DB, log);
      const now = Date.now();
      await reserveResetRequest(db, email, freshClientIp(), now);
      const token = await createResetToken(db, email, now);
      return { log, token };
    };
    const k = await statements(known);
    const u = await statements(uniqueEmail('forgot-nobody'));
    expect(k.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(u.token).toBeNull();
    expect(k.log.length).toBeGreaterThan(0);
    expect(u.log).toEqual(k.log);
  });

  it('issue 24: the token is stored only as its SHA-256, expiring after 1 hour', async () => {
    const email = uniqueEmail('forgot-hash');
    await register(email);
    const before = Date.now();
    const token = await resetTokenFor(email);
    const row = await testEnv.DB.prepare(
      'SELECT r.* FROM password_resets r JOIN accounts a ON a.id = r.account_id WHERE a.email = ?',
    )
      .bind(email)
      .first<Json>();
    expect(row!.token_hash).toBe(await sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expires_at - row!.created_at).toBe(3600_000);
    expect(row!.created_at).toBeGreaterThanOrEqual(before);
  });

  it('issue 24: at most 3 per hour per address (account or not, alike) from any IPs; then 429 with Retry-After', async () => {
    for (const email of [uniqueEmail('forgot-many'), uniqueEmail('forgot-many-nobody')]) {
      if (email.includes('nobody') === false) await register(email);
      for (let i = 0; i < 3; i++) expect((await forgot(email)).status).toBe(200);
      const refused = await forgot(email);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as Json).error.code).toBe('rate_limit_exceeded');
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3500);
    }
  });

  it('issue 24: at most 10 per hour per IP, even in parallel: exactly 10 of 20 pass', async () => {
    const ip = freshClientIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => forgot(uniqueEmail('forgot-ip'), ip)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('issue 24: 3 parallel requests over the address limit: exactly 3 links are made', async () => {
    const email = uniqueEmail('forgot-parallel');
    await register(email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => forgot(email)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    const rows = await testEnv.DB.prepare(
      'SELECT COUNT(*) AS n FROM password_resets r JOIN accounts a ON a.id = r.account_id WHERE a.email = ?',
    )
      .bind(email)
      .first<{ n: number }>();
    expect(rows!.n).toBe(3);
  });

  it('issue 24: a foreign Origin and a form content type are refused; unknown fields are 400 with details', async () => {
    const foreign = await call('/api/auth/forgot-password', {
      method: 'POST',
      json: { email: uniqueEmail() },
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const form = await call('/api/auth/forgot-password', {
      method: 'POST',
      body: 'email=a@example.com',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const extra = await call('/api/auth/forgot-password', {
      method: 'POST',
      json: { email: uniqueEmail(), password: 'x' },
    });
    expect(extra.status).toBe(400);
    expect(((await extra.json()) as Json).error.details[0]).toMatchObject({ path: 'password', rule: 'unknown_field' });
  });
});

describe('issue 24: reset-password', () => {
  it('issue 24: sets the password, ends every session, keeps the API key and tells the owner', async () => {
    const email = uniqueEmail('reset');
    await register(email);
    await verify(email);
    const cookie = await login(email);
    const keyRes = await call('/api/auth/generate-api-key', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    });
    const { api_key } = (await keyRes.json()) as { api_key: string };
    const otherCookie = await login(email);

    const token = await resetTokenFor(email);
    const res = await reset(token, 'a brand new passphrase');
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).not.toContain('a brand new passphrase');

    for (const c of [cookie, otherCookie])
      expect((await call('/api/auth/me', { headers: { Cookie: c } })).status).toBe(401);
    expect((await call('/api/auth/me', { headers: { Authorization: `Bearer ${api_key}` } })).status).toBe(200);
    expect(await loginStatus(email, 'correct horse battery')).toBe(401);
    expect(await loginStatus(email, 'a brand new passphrase')).toBe(200);
    const notice = await latestEmail(email);
    expect(notice.subject).toBe('Your password was changed');
    expect(notice.text).not.toContain('a brand new passphrase');
  });

  it('issue 24: the link is single use: a used token is 400 invalid_reset_token', async () => {
    const email = uniqueEmail('reset-used');
    await register(email);
    const token = await resetTokenFor(email);
    expect((await reset(token, 'a brand new passphrase')).status).toBe(200);
    const again = await reset(token, 'another new passphrase');
    expect(again.status).toBe(400);
    expect(((await again.json()) as Json).error.code).toBe('invalid_reset_token');
    expect(await loginStatus(email, 'a brand new passphrase')).toBe(200);
  });

  it('issue 24: two resets racing with one token: one 200, one 400', async () => {
    const email = uniqueEmail('reset-race');
    await register(email);
    const token = await resetTokenFor(email);
    const answers = await Promise.all([reset(token, 'first new passphrase'), reset(token, 'second new passphrase')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('issue 24: an expired, an unknown and a foreign-shaped token are the same 400; the password stays', async () => {
    const email = uniqueEmail('reset-expired');
    await register(email);
    const token = await resetTokenFor(email);
    await testEnv.DB.prepare('UPDATE password_resets SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(token))
      .run();
    const bodies: string[] = [];
    for (const t of [token, 'A'.repeat(43), 'not a token', '']) {
      const res = await reset(t, 'a brand new passphrase');
      expect(res.status).toBe(400);
      const body = (await res.json()) as Json;
      expect(body.error.code).toBe('invalid_reset_token');
      bodies.push(JSON.stringify(body));
    }
    expect(new Set(bodies).size).toBe(1);
    expect(await loginStatus(email, 'correct horse battery')).toBe(200);
  });

  it("issue 24: another account's token resets that account only (a token is bound to its account)", async () => {
    const mine = uniqueEmail('reset-mine');
    const theirs = uniqueEmail('reset-theirs');
    await register(mine);
    await register(theirs);
    const theirToken = await resetTokenFor(theirs);
    expect((await reset(theirToken, 'a brand new passphrase')).status).toBe(200);
    expect(await loginStatus(mine, 'correct horse battery')).toBe(200);
    expect(await loginStatus(mine, 'a brand new passphrase')).toBe(401);
  });

  it('issue 24: a later reset ends the earlier links of the account', async () => {
    const email = uniqueEmail('reset-earlier');
    await register(email);
    const first = await resetTokenFor(email);
    const second = await resetTokenFor(email);
    expect((await reset(second, 'a brand new passphrase')).status).toBe(200);
    expect((await reset(first, 'another new passphrase')).status).toBe(400);
  });

  it('issue 24: the registration password rules apply, and a refused password does not use the token', async () => {
    const email = uniqueEmail('reset-rules');
    await register(email);
    const token = await resetTokenFor(email);
    for (const weak of ['short', 'password123', 'tab\there is bad']) {
      const res = await reset(token, weak);
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).error).toMatchObject({ code: 'validation_error' });
    }
    expect((await reset(token, 'a brand new passphrase')).status).toBe(200);
  });

  it('issue 24: the link verifies an address never verified (it proved ownership)', async () => {
    const email = uniqueEmail('reset-verifies');
    await register(email);
    const token = await resetTokenFor(email);
    expect((await reset(token, 'a brand new passphrase')).status).toBe(200);
    const row = await testEnv.DB.prepare('SELECT email_verified_at FROM accounts WHERE email = ?')
      .bind(email)
      .first<{ email_verified_at: number | null }>();
    expect(row!.email_verified_at).not.toBeNull();
  });

  it('issue 24: the owner takes a squatted account back: the squatter is logged out and locked out', async () => {
    const email = uniqueEmail('reset-squat');
    await register(email, 'the squatter password');
    const squatter = await login(email, 'the squatter password');
    const token = await resetTokenFor(email);
    expect((await reset(token, 'the owner passphrase')).status).toBe(200);
    expect((await call('/api/auth/me', { headers: { Cookie: squatter } })).status).toBe(401);
    expect(await loginStatus(email, 'the squatter password')).toBe(401);
  });
});
