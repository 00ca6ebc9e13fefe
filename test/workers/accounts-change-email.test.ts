// Issue 24, "E-mail address": change-email with the session; the link goes to the new address and a notice to the
// old one; the address changes only when the link is opened, and only if no other account took it (decision H16).
import { describe, expect, it } from 'vitest';
import {
  awaitEmail,
  call,
  countEmails,
  freshClientIp,
  login,
  register,
  resetTokenFor,
  testEnv,
  uniqueEmail,
  verifiedAccountWithKey,
  workerFetch,
} from './accounts-fixtures.ts';

type Json = Record<string, any>;
const PASSWORD = 'correct horse battery';
const LINK_SUBJECT = 'Confirm your new email address';

function change(cookie: string, body: unknown, headers: Record<string, string> = {}) {
  return call('/api/auth/change-email', { method: 'POST', json: body, headers: { Cookie: cookie, ...headers } });
}

/** The link of the newest address-change email to `to` (it must hold one). */
async function changeLink(to: string): Promise<string> {
  const mail = await awaitEmail(to, LINK_SUBJECT);
  expect(mail.links).toHaveLength(1);
  return mail.links[0];
}

async function loginStatus(email: string, password = PASSWORD): Promise<number> {
  const res = await call('/api/auth/login', {
    method: 'POST',
    json: { email, password },
    headers: { 'CF-Connecting-IP': freshClientIp() },
  });
  return res.status;
}

async function accountEmail(cookie: string): Promise<string> {
  const res = await call('/api/auth/me', { headers: { Cookie: cookie } });
  return ((await res.json()) as Json).user.email;
}

describe('issue 24: change-email', () => {
  it('issue 24: a link goes to the new address, a notice to the old; the address changes only when the link is opened', async () => {
    const { email, cookie, apiKey } = await verifiedAccountWithKey('move');
    const other = await login(email);
    const target = uniqueEmail('moved');
    const res = await change(cookie, { new_email: ` ${target.toUpperCase()} `, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).not.toContain(PASSWORD);
    const notice = await awaitEmail(email, 'A change of your email address was requested');
    expect(notice.text).toContain(target);
    expect(notice.links).toEqual([]);
    const link = await changeLink(target);
    // Nothing has changed yet.
    expect(await accountEmail(cookie)).toBe(email);
    expect(await loginStatus(email)).toBe(200);
    expect(await loginStatus(target)).toBe(401);

    const opened = await workerFetch(link);
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as Json).message).toContain(target);
    expect(await accountEmail(cookie)).toBe(target); // the session that asked stays
    expect((await call('/api/auth/me', { headers: { Cookie: other } })).status).toBe(401); // every other ends
    expect((await call('/api/auth/me', { headers: { Authorization: `Bearer ${apiKey}` } })).status).toBe(200);
    expect(await loginStatus(target)).toBe(200);
    expect(await loginStatus(email)).toBe(401);
    expect((await awaitEmail(email, 'Your email address was changed')).text).toContain(target);
    // The old address is free: it can register again.
    await register(email);
    // The link worked once.
    const again = await workerFetch(link);
    expect(again.status).toBe(400);
    expect(((await again.json()) as Json).error.code).toBe('invalid_token');
  });

  it('issue 24: an unverified account may fix its address; the link verifies the new one', async () => {
    const typo = uniqueEmail('typo');
    await register(typo);
    const cookie = await login(typo);
    const target = uniqueEmail('fixed');
    expect((await change(cookie, { new_email: target, password: PASSWORD })).status).toBe(200);
    expect((await workerFetch(await changeLink(target))).status).toBe(200);
    const me = (await (await call('/api/auth/me', { headers: { Cookie: cookie } })).json()) as Json;
    expect(me.user).toMatchObject({ email: target, verified: true });
  });

  it('issue 24: an expired, a used, an unknown or a foreign token is 400 invalid_token and changes nothing', async () => {
    const { email, cookie } = await verifiedAccountWithKey('move-expired');
    const target = uniqueEmail('never');
    expect((await change(cookie, { new_email: target, password: PASSWORD })).status).toBe(200);
    const link = await changeLink(target);
    const token = new URL(link).searchParams.get('token')!;
    await testEnv.DB.prepare(
      'UPDATE email_changes SET expires_at = ? WHERE account_id = (SELECT id FROM accounts WHERE email = ?)',
    )
      .bind(Date.now() - 1, email)
      .run();
    const foreign = await resetTokenFor(email); // a token of another kind
    for (const t of [token, 'A'.repeat(43), foreign, 'not-a-token']) {
      const res = await call(`/api/auth/confirm-email-change?token=${encodeURIComponent(t)}`);
      expect(res.status, t).toBe(400);
      expect(((await res.json()) as Json).error.code).toBe('invalid_token');
    }
    expect(await accountEmail(cookie)).toBe(email);
  });

  it("issue 24: a link opened in another account's browser moves the account that asked, not the viewer", async () => {
    const asker = await verifiedAccountWithKey('asker');
    const viewer = await verifiedAccountWithKey('viewer');
    const target = uniqueEmail('asker-new');
    expect((await change(asker.cookie, { new_email: target, password: PASSWORD })).status).toBe(200);
    const res = await workerFetch(await changeLink(target), { headers: { Cookie: viewer.cookie } });
    expect(res.status).toBe(200);
    expect(await accountEmail(asker.cookie)).toBe(target);
    expect(await accountEmail(viewer.cookie)).toBe(viewer.email);
  });

  it('issue 24: no enumeration: a taken address gets the same status and body; it is mailed a notice, not a link', async () => {
    const { email, cookie } = await verifiedAccountWithKey('probe');
    const taken = (await verifiedAccountWithKey('owner')).email;
    const free = uniqueEmail('free');
    const answers = [];
    for (const address of [taken, free]) {
      const res = await change(cookie, { new_email: address, password: PASSWORD });
      const body = (await res.json()) as Json;
      answers.push({ status: res.status, body: JSON.stringify(body).replace(address, '<new>') });
    }
    expect(answers[0]).toEqual(answers[1]);
    const notice = await awaitEmail(taken, LINK_SUBJECT);
    expect(notice.links).toEqual([]);
    expect(notice.text).toContain('already has an account');
    expect((await awaitEmail(free, LINK_SUBJECT)).links).toHaveLength(1);
    expect(await countEmails(email, 'A change of your email address was requested')).toBe(2);
  });

  it('issue 24: a registration of the address between the request and the link wins; the link is 409 and changes nothing', async () => {
    const { email, cookie } = await verifiedAccountWithKey('race');
    const target = uniqueEmail('contested');
    expect((await change(cookie, { new_email: target, password: PASSWORD })).status).toBe(200);
    const link = await changeLink(target);
    await register(target, 'the other passphrase');
    const res = await workerFetch(link);
    expect(res.status).toBe(409);
    expect(((await res.json()) as Json).error.code).toBe('email_taken');
    expect(await accountEmail(cookie)).toBe(email);
    expect(await loginStatus(target, 'the other passphrase')).toBe(200);
    expect((await workerFetch(link)).status).toBe(400); // the link is used
  });

  it('issue 24: the link and a registration of the same address at once: exactly one account has it', async () => {
    for (let round = 0; round < 4; round++) {
      const { email, cookie } = await verifiedAccountWithKey('race-at-once');
      const target = uniqueEmail('at-once');
      expect((await change(cookie, { new_email: target, password: PASSWORD })).status).toBe(200);
      const link = await changeLink(target);
      const [opened, registered] = await Promise.all([
        workerFetch(link),
        call('/api/auth/register', { method: 'POST', json: { email: target, password: 'the other passphrase' } }),
      ]);
      const holders = await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM accounts WHERE email = ?')
        .bind(target)
        .first<{ n: number }>();
      expect(holders?.n).toBe(1);
      if (opened.status === 200) {
        expect(registered.status).toBe(409);
        expect(await accountEmail(cookie)).toBe(target);
      } else {
        expect([opened.status, registered.status]).toEqual([409, 201]);
        expect(await accountEmail(cookie)).toBe(email);
      }
    }
  });

  it('issue 24: a wrong password is 401 and counts against the login throttle, with login', async () => {
    const { email, cookie } = await verifiedAccountWithKey('move-throttle');
    const ip = freshClientIp();
    const wrong = { new_email: uniqueEmail('nope'), password: 'not my password' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => change(cookie, wrong, { 'CF-Connecting-IP': ip })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const login = await call('/api/auth/login', {
      method: 'POST',
      json: { email, password: PASSWORD },
      headers: { 'CF-Connecting-IP': ip },
    });
    expect(login.status).toBe(429);
    expect(await countEmails(wrong.new_email, LINK_SUBJECT)).toBe(0);
  });

  it('issue 24: at most 5 requests per account and hour, even in parallel: 8 at once are 5 × 200 and 3 × 429 with Retry-After', async () => {
    const { cookie } = await verifiedAccountWithKey('move-many');
    const targets = Array.from({ length: 8 }, () => uniqueEmail('many'));
    const answers = await Promise.all(targets.map((new_email) => change(cookie, { new_email, password: PASSWORD })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    for (const res of answers.filter((r) => r.status === 429)) expect(res.headers.get('Retry-After')).toBe('3600');
    // The links go out after the answer (waitUntil): one to each accepted address.
    const sent = async () => (await Promise.all(targets.map((to) => countEmails(to, LINK_SUBJECT)))).join();
    const expected = statuses.map((s) => (s === 200 ? 1 : 0)).join();
    await expect.poll(sent).toBe(expected);
  });

  it('issue 24: session only, and a cookie write: an API key 403, a foreign Origin 403, text/plain 415, no session 401', async () => {
    const { email, cookie, apiKey } = await verifiedAccountWithKey('move-auth');
    const body = { new_email: uniqueEmail('auth'), password: PASSWORD };
    const byKey = await call('/api/auth/change-email', {
      method: 'POST',
      json: body,
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(byKey.status).toBe(403);
    expect(((await byKey.json()) as Json).error.code).toBe('session_required');
    const foreign = await change(cookie, body, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as Json).error.code).toBe('forbidden_origin');
    const form = await call('/api/auth/change-email', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { Cookie: cookie, 'Content-Type': 'text/plain' },
    });
    expect(form.status).toBe(415);
    expect((await call('/api/auth/change-email', { method: 'POST', json: body })).status).toBe(401);
    expect(await countEmails(body.new_email, LINK_SUBJECT)).toBe(0);
    const same = await change(cookie, { new_email: email, password: PASSWORD });
    expect(same.status).toBe(400);
    expect(((await same.json()) as Json).error.details[0]).toMatchObject({ path: 'new_email', rule: 'invalid' });
    const extra = await change(cookie, { ...body, email: 'x@example.com' });
    expect(((await extra.json()) as Json).error.details[0]).toMatchObject({ path: 'email', rule: 'unknown_field' });
  });
});
