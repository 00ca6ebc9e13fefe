import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  BASE,
  call,
  cookieFrom,
  fetchWithEnv,
  freshClientIp,
  latestEmail,
  login,
  register,
  testEnv,
  uniqueEmail,
  verifiedAccountWithKey,
  verify,
  workerFetch,
} from './accounts-fixtures.ts';

type Json = Record<string, any>;

describe('register and verify (D6)', () => {
  it('D6: register answers 201 and the dev sink holds a 24-hour verification link', async () => {
    const email = uniqueEmail();
    const res = await call('/api/auth/register', {
      method: 'POST',
      json: { email: `  ${email.toUpperCase()} `, password: 'a password of mine' },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json;
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe('string');
    const mail = await latestEmail(email);
    expect(mail.to).toBe(email); // trimmed and lower-cased
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:8787\/api\/auth\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
    expect(typeof mail.sent_at).toBe('number');
  });

  it('D4: a second registration of the same email is 409 email_taken', async () => {
    const email = uniqueEmail();
    await register(email);
    const res = await call('/api/auth/register', {
      method: 'POST',
      json: { email: email.toUpperCase(), password: 'another-password' },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as Json).error.code).toBe('email_taken');
  });

  it('D6, issue 24: password must be 10..256 characters, email must look like one, JSON must parse', async () => {
    const cases: [unknown, string, string][] = [
      [{ email: uniqueEmail(), password: 'short' }, 'validation_error', 'password'],
      [{ email: uniqueEmail(), password: 'x'.repeat(257) }, 'validation_error', 'password'],
      [{ email: 'not-an-email', password: 'a password of mine' }, 'validation_error', 'email'],
      [{ password: 'a password of mine' }, 'validation_error', 'email'],
    ];
    for (const [json, code, field] of cases) {
      const res = await call('/api/auth/register', { method: 'POST', json });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Json;
      expect(body).toMatchObject({ success: false, error: { code } });
      expect(body.error.message).toContain(field);
    }
    const bad = await call('/api/auth/register', {
      method: 'POST',
      body: '{nope',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).error.code).toBe('invalid_json');
  });

  it('D6: the verification link works once; a wrong or used token is 400 invalid_token', async () => {
    const email = uniqueEmail();
    await register(email);
    const { links } = await latestEmail(email);
    expect((await workerFetch(links[0])).status).toBe(200);
    const again = await workerFetch(links[0]);
    expect(again.status).toBe(400);
    expect(((await again.json()) as Json).error.code).toBe('invalid_token');
    const wrong = await call('/api/auth/verify-email?token=' + 'A'.repeat(43));
    expect(wrong.status).toBe(400);
  });

  it('D6: a verification link older than 24 hours is refused', async () => {
    const email = uniqueEmail();
    await register(email);
    const { links } = await latestEmail(email);
    await testEnv.DB.prepare(
      'UPDATE email_verifications SET expires_at = ? WHERE account_id = (SELECT id FROM accounts WHERE email = ?)',
    )
      .bind(Date.now() - 1, email)
      .run();
    expect((await workerFetch(links[0])).status).toBe(400);
  });

  it('D6: PBKDF2-SHA-256 with 100,000 iterations and a per-user salt is what D1 stores', async () => {
    const a = uniqueEmail();
    const b = uniqueEmail();
    // Through the route with the production count: the run's PASSWORD_HASH_ITERATIONS (P13) unset.
    for (const email of [a, b]) {
      const request = new Request(`${BASE}/api/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshClientIp() },
        body: JSON.stringify({ email, password: 'same password!' }),
      });
      expect((await fetchWithEnv(request, { PASSWORD_HASH_ITERATIONS: undefined })).status).toBe(201);
    }
    const rows = await testEnv.DB.prepare('SELECT password_hash FROM accounts WHERE email IN (?, ?)')
      .bind(a, b)
      .all<{ password_hash: string }>();
    const [h1, h2] = rows.results.map((r) => r.password_hash);
    expect(h1).toMatch(/^pbkdf2_sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(h1).not.toBe(h2);
    expect(h1).not.toContain('same password');
  });

  it('D11: a new account starts with 50 credits, 0 used, on the free tier', async () => {
    const email = uniqueEmail();
    await register(email);
    const cookie = await login(email);
    const me = (await (await call('/api/auth/me', { headers: { Cookie: cookie } })).json()) as Json;
    expect(me).toEqual({
      success: true,
      user: { email, tier: 'free', verified: false, credits: { total: 50, used: 0 } },
    });
  });
});

describe('login, sessions and logout (D6)', () => {
  it('login works before verification and sets inv_session with the D6 attributes', async () => {
    const email = uniqueEmail();
    await register(email);
    const res = await call('/api/auth/login', { method: 'POST', json: { email, password: 'correct horse battery' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, user: { email, tier: 'free', verified: false } });
    const set = res.headers.get('Set-Cookie')!;
    expect(set).toMatch(/^inv_session=[A-Za-z0-9_-]{43}; /);
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');
    expect(set).toContain('Path=/');
    expect(set).toContain(`Max-Age=${30 * 24 * 3600}`);
    expect(set).not.toContain('Secure'); // http://localhost
  });

  it('D6: the cookie is Secure on https', async () => {
    const email = uniqueEmail();
    await register(email);
    const res = await workerFetch('https://invoices.example/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    expect(res.headers.get('Set-Cookie')).toContain('; Secure');
  });

  it('D6: session ids are stored hashed, never as sent', async () => {
    const email = uniqueEmail();
    await register(email);
    const cookie = await login(email);
    const id = cookie.split('=')[1];
    const stored = await testEnv.DB.prepare(
      'SELECT id_hash FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.email = ?',
    )
      .bind(email)
      .first<{ id_hash: string }>();
    expect(stored!.id_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.id_hash).not.toContain(id);
  });

  it('D6: logout deletes the session; the old cookie no longer authenticates', async () => {
    const email = uniqueEmail();
    await register(email);
    const cookie = await login(email);
    expect((await call('/api/auth/me', { headers: { Cookie: cookie } })).status).toBe(200);
    const out = await call('/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    });
    expect(out.status).toBe(200);
    expect(out.headers.get('Set-Cookie')).toContain('Max-Age=0');
    const me = await call('/api/auth/me', { headers: { Cookie: cookie } });
    expect(me.status).toBe(401);
    expect(((await me.json()) as Json).error.code).toBe('auth_required');
  });

  it('D6: an expired session is treated as no session', async () => {
    const email = uniqueEmail();
    await register(email);
    const cookie = await login(email);
    await testEnv.DB.prepare(
      'UPDATE sessions SET expires_at = ? WHERE account_id = (SELECT id FROM accounts WHERE email = ?)',
    )
      .bind(Date.now() - 1, email)
      .run();
    expect((await call('/api/auth/me', { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('D4: /me, logout and generate-api-key without credentials are 401 auth_required', async () => {
    for (const [method, path] of [
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/generate-api-key'],
      ['POST', '/api/auth/resend-verification'],
    ]) {
      const res = await call(path, { method });
      expect(res.status, path).toBe(401);
      expect(((await res.json()) as Json).error.code).toBe('auth_required');
    }
  });

  it('D4: a wrong password is 401 invalid_credentials', async () => {
    const email = uniqueEmail();
    await register(email);
    const res = await call('/api/auth/login', { method: 'POST', json: { email, password: 'wrong password' } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Json).error.code).toBe('invalid_credentials');
  });
});

describe('API keys (D6)', () => {
  it('rule 5: generate-api-key before verification is 403 unverified_account', async () => {
    const email = uniqueEmail();
    await register(email);
    const cookie = await login(email);
    const res = await call('/api/auth/generate-api-key', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as Json).error.code).toBe('unverified_account');
  });

  it('D6: after verification the key is inv_sk_ + 40 base62, shown once, masked on /me, stored hashed', async () => {
    const { email, cookie, apiKey } = await verifiedAccountWithKey();
    expect(apiKey).toMatch(/^inv_sk_[0-9A-Za-z]{40}$/);
    const me = (await (await call('/api/auth/me', { headers: { Cookie: cookie } })).json()) as Json;
    expect(me.user).toEqual({
      email,
      tier: 'free',
      verified: true,
      api_key: `inv_sk_…${apiKey.slice(-4)}`,
      credits: { total: 50, used: 0 },
    });
    const stored = await testEnv.DB.prepare(
      'SELECT key_hash FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE a.email = ?',
    )
      .bind(email)
      .first<{ key_hash: string }>();
    expect(stored!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.key_hash).not.toContain(apiKey.slice(7));
  });

  it('Authentication mode 1: the Bearer key authenticates /me like the cookie', async () => {
    const { email, apiKey } = await verifiedAccountWithKey();
    const res = await call('/api/auth/me', { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).user.email).toBe(email);
  });

  it('D6 + rule 4: rotation revokes the previous key at once (401 invalid_api_key)', async () => {
    const { apiKey, cookie } = await verifiedAccountWithKey();
    const rotated = (await (
      await call('/api/auth/generate-api-key', { method: 'POST', headers: { Authorization: `Bearer ${apiKey}` } })
    ).json()) as Json;
    expect(rotated.api_key).not.toBe(apiKey);
    const old = await call('/api/auth/me', { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(old.status).toBe(401);
    expect(((await old.json()) as Json).error.code).toBe('invalid_api_key');
    expect((await call('/api/auth/me', { headers: { Authorization: `Bearer ${rotated.api_key}` } })).status).toBe(200);
    const me = (await (await call('/api/auth/me', { headers: { Cookie: cookie } })).json()) as Json;
    expect(me.user.api_key).toBe(`inv_sk_…${rotated.api_key.slice(-4)}`);
  });

  it('rule 4: unknown keys and other schemes are 401 invalid_api_key', async () => {
    for (const authorization of [
      `Bearer inv_sk_${'a'.repeat(40)}`,
      'Bearer nonsense',
      'Basic dXNlcjpwYXNz',
      `inv_sk_${'a'.repeat(40)}`,
    ]) {
      const res = await call('/api/auth/me', { headers: { Authorization: authorization } });
      expect(res.status).toBe(401);
      expect(((await res.json()) as Json).error.code).toBe('invalid_api_key');
    }
  });

  it('D6: resend-verification sends a new working link; after verification it says so', async () => {
    const email = uniqueEmail();
    await register(email);
    const cookie = await login(email);
    const first = await latestEmail(email);
    const res = await call('/api/auth/resend-verification', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(200);
    const second = await latestEmail(email);
    expect(second.links[0]).not.toBe(first.links[0]);
    await verify(email);
    const done = (await (
      await call('/api/auth/resend-verification', {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      })
    ).json()) as Json;
    expect(done.success).toBe(true);
    expect(done.message).toMatch(/already verified/);
  });
});

describe('cross-origin cookie writes (D6)', () => {
  it('a cookie-authenticated POST from a foreign Origin is 403; same origin and key-authenticated calls pass', async () => {
    const { cookie, apiKey } = await verifiedAccountWithKey();
    const foreign = await call('/api/auth/generate-api-key', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as Json).error.code).toBe('forbidden_origin');
    const crossSite = await call('/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    // The session survived the refused logout.
    expect((await call('/api/auth/me', { headers: { Cookie: cookie, Origin: 'https://evil.example' } })).status).toBe(
      200,
    );
    const same = await call('/api/auth/resend-verification', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'http://localhost:8787', 'Content-Type': 'application/json' },
    });
    expect(same.status).toBe(200);
    const keyed = await call('/api/auth/generate-api-key', {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, Origin: 'https://evil.example' },
    });
    expect(keyed.status).toBe(200);
  });
});

describe('dev mail sink (D6)', () => {
  it('lists emails newest first, filtered by recipient', async () => {
    const email = uniqueEmail();
    await register(email);
    const cookie = cookieFrom(
      await call('/api/auth/login', { method: 'POST', json: { email, password: 'correct horse battery' } }),
    );
    await call('/api/auth/resend-verification', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    });
    const res = await call(`/api/dev/emails?to=${encodeURIComponent(email)}`);
    const { emails } = (await res.json()) as Json;
    expect(emails).toHaveLength(2);
    expect(emails.every((m: Json) => m.to === email)).toBe(true);
    const rows = await testEnv.DB.prepare('SELECT id FROM dev_emails WHERE to_addr = ? ORDER BY id DESC')
      .bind(email)
      .all();
    expect(rows.results).toHaveLength(2);
    expect(emails[0].links[0]).not.toBe(emails[1].links[0]);
  });

  it('answers 404 unless DEV_MODE is "true"', async () => {
    const { createApp } = await import('../../workers/app.ts');
    const res = await createApp().fetch(
      new Request('http://localhost/api/dev/emails'),
      { ...testEnv, DEV_MODE: 'false' },
      createExecutionContext(),
    );
    expect(res.status).toBe(404);
  });
});
