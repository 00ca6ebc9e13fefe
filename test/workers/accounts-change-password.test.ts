// Issue 24, "Password / Known": change-password with the session; a wrong current password counts against the
// login throttle; other sessions end, this one continues.
import { describe, expect, it } from 'vitest';
import {
  call,
  freshClientIp,
  latestEmail,
  login,
  register,
  resetTokenFor,
  uniqueEmail,
  verifiedAccountWithKey,
} from './accounts-fixtures.ts';

type Json = Record<string, any>;

function change(cookie: string, body: unknown, headers: Record<string, string> = {}) {
  return call('/api/auth/change-password', {
    method: 'POST',
    json: body,
    headers: { Cookie: cookie, ...headers },
  });
}

async function loginStatus(email: string, password: string, ip = freshClientIp()): Promise<number> {
  const res = await call('/api/auth/login', {
    method: 'POST',
    json: { email, password },
    headers: { 'CF-Connecting-IP': ip },
  });
  return res.status;
}

describe('issue 24: change-password', () => {
  it('issue 24: changes the password; this session continues, every other ends; the key stays; the owner is told', async () => {
    const { email, cookie, apiKey } = await verifiedAccountWithKey('change');
    const other = await login(email);
    const res = await change(cookie, {
      current_password: 'correct horse battery',
      new_password: 'a brand new passphrase',
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).not.toContain('passphrase');
    expect((await call('/api/auth/me', { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await call('/api/auth/me', { headers: { Cookie: other } })).status).toBe(401);
    expect((await call('/api/auth/me', { headers: { Authorization: `Bearer ${apiKey}` } })).status).toBe(200);
    expect(await loginStatus(email, 'correct horse battery')).toBe(401);
    expect(await loginStatus(email, 'a brand new passphrase')).toBe(200);
    const notice = await latestEmail(email);
    expect(notice.subject).toBe('Your password was changed');
  });

  it('issue 24: a wrong current password is 401 invalid_credentials and changes nothing', async () => {
    const email = uniqueEmail('change-wrong');
    await register(email);
    const cookie = await login(email);
    const res = await change(cookie, { current_password: 'not my password', new_password: 'a brand new passphrase' });
    expect(res.status).toBe(401);
    const body = (await res.json()) as Json;
    expect(body.error.code).toBe('invalid_credentials');
    expect(JSON.stringify(body)).not.toContain('not my password');
    expect((await call('/api/auth/me', { headers: { Cookie: cookie } })).status).toBe(200);
    expect(await loginStatus(email, 'correct horse battery')).toBe(200);
  });

  it('issue 24: wrong current passwords count against the login throttle: login is locked for that pair too', async () => {
    const email = uniqueEmail('change-throttle');
    await register(email);
    const cookie = await login(email);
    const ip = freshClientIp();
    const wrong = { current_password: 'not my password', new_password: 'a brand new passphrase' };
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => change(cookie, wrong, { 'CF-Connecting-IP': ip })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    // The same (email, IP) pair is full for login as well, even with the right password.
    expect(await loginStatus(email, 'correct horse battery', ip)).toBe(429);
    const right = await change(
      cookie,
      { current_password: 'correct horse battery', new_password: 'a brand new passphrase' },
      { 'CF-Connecting-IP': ip },
    );
    expect(right.status).toBe(429);
  });

  it('issue 24: the new password follows the registration rules', async () => {
    const email = uniqueEmail('change-rules');
    await register(email);
    const cookie = await login(email);
    for (const weak of ['short', '1234567890', 'new\u0000password']) {
      const res = await change(cookie, { current_password: 'correct horse battery', new_password: weak });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Json;
      expect(body.error.details[0].path).toBe('new_password');
    }
    const extra = await change(cookie, {
      current_password: 'correct horse battery',
      new_password: 'a brand new passphrase',
      password: 'x',
    });
    expect(extra.status).toBe(400);
    expect(((await extra.json()) as Json).error.details[0]).toMatchObject({ path: 'password', rule: 'unknown_field' });
  });

  it('issue 24: session only, and a cookie write: an API key is 403, a foreign Origin 403, text/plain 415, no session 401', async () => {
    const { cookie, apiKey } = await verifiedAccountWithKey('change-auth');
    const body = { current_password: 'correct horse battery', new_password: 'a brand new passphrase' };
    const byKey = await call('/api/auth/change-password', {
      method: 'POST',
      json: body,
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(byKey.status).toBe(403);
    expect(((await byKey.json()) as Json).error.code).toBe('session_required');
    const foreign = await change(cookie, body, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as Json).error.code).toBe('forbidden_origin');
    const form = await call('/api/auth/change-password', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { Cookie: cookie, 'Content-Type': 'text/plain' },
    });
    expect(form.status).toBe(415);
    expect((await call('/api/auth/change-password', { method: 'POST', json: body })).status).toBe(401);
    expect((await call('/api/auth/me', { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it('issue 24: a reset link mailed before the change no longer works after it', async () => {
    const email = uniqueEmail('change-reset');
    await register(email);
    const cookie = await login(email);
    const token = await resetTokenFor(email);
    const res = await change(cookie, {
      current_password: 'correct horse battery',
      new_password: 'a brand new passphrase',
    });
    expect(res.status).toBe(200);
    const reset = await call('/api/auth/reset-password', {
      method: 'POST',
      json: { token, password: 'the attacker passphrase' },
    });
    expect(reset.status).toBe(400);
    expect(await loginStatus(email, 'a brand new passphrase')).toBe(200);
  });
});
