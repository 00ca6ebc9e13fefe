// Issue 12: the dashboard of a seeded account shows its plan, its usage windows with the same numbers
// as the API's X-RateLimit-* headers, its legacy credits and its masked key; nothing secret is on the page.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, call, login, register, testEnv, uniqueEmail, verifiedAccountWithKey } from './accounts-fixtures.ts';
import { expectNoInlineScript, expectPageHeaders } from './web-fixtures.ts';

async function dashboard(cookie: string) {
  const res = await exports.default.fetch(`${BASE}/app`, { headers: { Cookie: cookie, Accept: 'text/html' } });
  return { res, html: await res.text() };
}

/** The text of the table row of one window, tags removed. */
function windowRow(html: string, name: string): string {
  const row = new RegExp(`<tr data-window="${name}">(.*?)</tr>`).exec(html)?.[1] ?? '';
  return row
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const invoice = (pdf: boolean) => ({
  from: { name: 'Seller' },
  to: { name: 'Buyer' },
  items: [{ description: 'Work', quantity: 1, unit_price: 10 }],
  output: pdf ? 'pdf' : 'json',
  features: { hosted_link: false },
});

describe('dashboard /app (issue 12)', () => {
  it('a seeded starter account: plan, windows as in the headers, credits, masked key', async () => {
    const { email, cookie, apiKey } = await verifiedAccountWithKey('web-dash');
    const db = testEnv.DB;
    await db
      .prepare("UPDATE accounts SET tier = 'starter', credits_total = 80, credits_used = 7 WHERE email = ?")
      .bind(email)
      .run();
    // Three calls through the API: two documents and one refused body (a call, no document, D7).
    let last: Response | undefined;
    for (const body of [invoice(false), invoice(true), { from: {} }]) {
      last = await call('/api/generate-invoice', {
        method: 'POST',
        json: body,
        headers: { Authorization: `Bearer ${apiKey}` },
      });
    }
    const headers = last!.headers;
    expect(headers.get('X-RateLimit-Remaining-Hourly')).toBe('197');

    const { res, html } = await dashboard(cookie);
    expect(res.status).toBe(200);
    expectPageHeaders(res);
    expectNoInlineScript(html);
    expect(html).toContain(`Signed in as <strong class="token">${email}</strong>`);
    expect(html).toContain('data-out="plan">Starter<');
    const resetAt = (name: string) => new Date(Number(headers.get(`X-RateLimit-Reset-${name}`)) * 1000).toISOString();
    // Used, limit, remaining (as X-RateLimit-Remaining-*), then the reset time in UTC and how far away it is.
    expect(windowRow(html, 'hourly')).toMatch(
      /^Hourly 3 200 calls 197 \w{3} \d+ \w{3}, \d\d:00 UTC \(in \d+ (min|h)\)$/,
    );
    expect(html).toContain(`datetime="${resetAt('Hourly')}"`);
    expect(html).toContain(`datetime="${resetAt('Weekly')}"`);
    expect(html).toContain(`datetime="${resetAt('Monthly')}"`);
    expect(windowRow(html, 'weekly')).toMatch(
      /^Weekly 3 4,000 calls 3,997 \w{3} \d+ \w{3}, \d\d:00 UTC \(in \d+ (h|days)\)$/,
    );
    expect(windowRow(html, 'monthly')).toMatch(/^Monthly 2 1,000 documents 998 /);
    expect(headers.get('X-RateLimit-Remaining-Monthly')).toBe('998');
    expect(html).toContain('data-out="credits">73 left<');
    expect(html).toContain('7 of 80 used');
    expect(html).toContain(`data-out="masked-key">inv_sk_…${apiKey.slice(-4)}<`);
    expect(html).not.toContain(apiKey);
    expect(html).toContain('Rotate key…');
  });

  it('an unverified free account: the resend button, no key button, free plan numbers', async () => {
    const email = uniqueEmail('web-dash-unverified');
    await register(email);
    const cookie = await login(email);
    const { html } = await dashboard(cookie);
    expect(html).toContain('Verify your email address');
    expect(html).toContain('data-action="resend"');
    expect(html).not.toContain('data-action="rotate-start"');
    expect(html).toContain('data-out="plan">Free<');
    expect(html).toContain('data-out="masked-key">No key yet<');
    expect(windowRow(html, 'hourly')).toMatch(/^Hourly 0 40 calls 40 /);
    expect(windowRow(html, 'monthly')).toMatch(/^Monthly 0 100 documents 100 /);
    expect(html).toContain('data-out="credits">50 left<');
  });

  it('enterprise: unlimited windows are shown as such', async () => {
    const { email, cookie } = await verifiedAccountWithKey('web-dash-ent');
    await testEnv.DB.prepare("UPDATE accounts SET tier = 'enterprise' WHERE email = ?").bind(email).run();
    const { html } = await dashboard(cookie);
    expect(html).toContain('data-out="plan">Enterprise<');
    expect(windowRow(html, 'hourly')).toMatch(/^Hourly 0 Unlimited — /);
    expect(windowRow(html, 'monthly')).toMatch(/^Monthly 0 Unlimited — /);
  });
});
