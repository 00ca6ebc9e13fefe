// Issue 24, the web app: "Forgot password?" on the log-in page, the forgot-password page, and the reset page that
// works with the emailed link and shows a clear page for a used or expired one.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../workers/crypto/sha256.ts';
import { BASE, call, login, register, resetTokenFor, testEnv, uniqueEmail } from './accounts-fixtures.ts';
import { expectNoInlineScript, expectPageHeaders } from './web-fixtures.ts';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

async function page(path: string) {
  const res = await exports.default.fetch(`${BASE}${path}`, {
    headers: { Accept: BROWSER_ACCEPT },
    redirect: 'manual',
  });
  return { res, html: await res.text() };
}

describe('issue 24: the password pages', () => {
  it('issue 24: the log-in page links "Forgot password?" to /forgot-password', async () => {
    const { html } = await page('/login');
    expect(html).toContain('<a href="/forgot-password">Forgot password?</a>');
  });

  it('issue 24: /forgot-password is a page with the email form and its own script', async () => {
    const { res, html } = await page('/forgot-password');
    expect(res.status).toBe(200);
    expectPageHeaders(res);
    expectNoInlineScript(html);
    expect(html).toContain('<form id="forgot-password" novalidate="">');
    expect(html).toContain('<script type="module" src="/assets/js/forgot-password-page.js">');
  });

  it('issue 24: the emailed link opens the reset form; once used, the same link shows "This link did not work" (400)', async () => {
    const email = uniqueEmail('web-reset');
    await register(email);
    const token = await resetTokenFor(email);
    const live = await page(`/reset-password?token=${token}`);
    expect(live.res.status).toBe(200);
    expectPageHeaders(live.res);
    expectNoInlineScript(live.html);
    expect(live.html).toContain(`data-token="${token}"`);
    expect(live.html).toContain('autocomplete="new-password"');
    expect(live.html).toContain('<script type="module" src="/assets/js/reset-password-page.js">');

    const used = await call('/api/auth/reset-password', {
      method: 'POST',
      json: { token, password: 'a brand new passphrase' },
    });
    expect(used.status).toBe(200);
    for (const path of [
      `/reset-password?token=${token}`,
      `/reset-password?token=${'A'.repeat(43)}`,
      '/reset-password',
    ]) {
      const dead = await page(path);
      expect(dead.res.status).toBe(400);
      expectPageHeaders(dead.res);
      expect(dead.html).toContain('This link did not work');
      expect(dead.html).toContain('href="/forgot-password"');
      expect(dead.html).not.toContain('data-token');
    }
  });

  it('issue 24: an expired link (past its hour, never used) shows the same "This link did not work" page (400)', async () => {
    const email = uniqueEmail('web-reset-expired');
    await register(email);
    const token = await resetTokenFor(email);
    expect((await page(`/reset-password?token=${token}`)).res.status).toBe(200);
    await testEnv.DB.prepare('UPDATE password_resets SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(token))
      .run();
    const expired = await page(`/reset-password?token=${token}`);
    expect(expired.res.status).toBe(400);
    expectPageHeaders(expired.res);
    expect(expired.html).toContain('This link did not work');
    expect(expired.html).toContain('href="/forgot-password"');
    expect(expired.html).not.toContain('data-token');
  });
});

describe('issue 24: the account page', () => {
  it('issue 24: /app/account needs a session, shows the change-password form, and the dashboard links it', async () => {
    const anonymous = await page('/app/account');
    expect(anonymous.res.status).toBe(303);
    expect(anonymous.res.headers.get('Location')).toBe('/login?next=%2Fapp%2Faccount');

    const email = uniqueEmail('web-account');
    await register(email);
    const cookie = await login(email);
    const signedIn = async (path: string) => {
      const res = await exports.default.fetch(`${BASE}${path}`, {
        headers: { Accept: BROWSER_ACCEPT, Cookie: cookie },
        redirect: 'manual',
      });
      return { res, html: await res.text() };
    };
    const account = await signedIn('/app/account');
    expect(account.res.status).toBe(200);
    expectPageHeaders(account.res);
    expectNoInlineScript(account.html);
    expect(account.html).toContain('<form id="change-password" novalidate="">');
    expect(account.html).toContain('autocomplete="current-password"');
    expect(account.html).toContain('autocomplete="new-password"');
    expect(account.html).toContain('<script type="module" src="/assets/js/account-page.js">');
    expect(account.html).toContain(email);
    expect((await signedIn('/app')).html).toContain('href="/app/account"');
  });
});
