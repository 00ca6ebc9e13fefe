// Issue 12: the dashboard of a seeded account shows its plan, its usage windows with the same numbers
// as the API's X-RateLimit-* headers, its legacy credits and its masked key; nothing secret is on the page.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../workers/limits/plans.ts';
import { BASE, call, login, register, testEnv, uniqueEmail, verifiedAccountWithKey } from './accounts-fixtures.ts';
import { expectNoInlineScript, expectPageHeaders } from './web-fixtures.ts';

async function dashboard(cookie: string) {
  const res = await exports.default.fetch(`${BASE}/app`, { headers: { Cookie: cookie, Accept: 'text/html' } });
  return { res, html: await res.text() };
}

/** The text of the element carrying `data-out="<name>"`, tags removed (its first closing tag of `tag`). */
function outText(html: string, name: string, tag: string): string {
  const inner = new RegExp(`data-out="${name}"[^>]*>(.*?)</${tag}>`, 's').exec(html)?.[1] ?? '';
  return inner
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,:])/g, '$1')
    .trim();
}

const n = (x: number) => x.toLocaleString('en-US');

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
    // Issue 26 (K7): a test key's call shows apart from the plan's windows, which stay as they were.
    const made = await call('/api/keys', {
      method: 'POST',
      json: { name: 'Sandbox', mode: 'test' },
      headers: { Cookie: cookie },
    });
    const { api_key: testKey } = (await made.json()) as { api_key: string };
    const tested = await call('/api/generate-invoice', {
      method: 'POST',
      json: invoice(false),
      headers: { Authorization: `Bearer ${testKey}` },
    });
    expect(tested.status).toBe(200);

    const { res, html } = await dashboard(cookie);
    expect(html).toContain('Test keys, apart from your plan: 1 of 200 calls this hour.');
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

  it("issue 27: the plan card shows the plan's limits from the limits table and how to get a bigger plan; the credits come last, as the legacy /api/render's", async () => {
    const email = uniqueEmail('web-dash-plan');
    await register(email);
    const { html } = await dashboard(await login(email));
    const free = PLAN_LIMITS.free;
    const starter = PLAN_LIMITS.starter;
    expect(outText(html, 'plan-limits', 'ul')).toBe(
      `${n(free.hourly!)} calls an hour ${n(free.weekly!)} calls a week ${n(free.monthly!)} documents a month ${n(free.monthlyPdfs!)} of them PDFs`,
    );
    // Local development sets no EMAIL_FROM: no address to write to, the line says whom to ask.
    expect(outText(html, 'bigger-plan', 'p')).toBe(
      `Need more? Starter: ${n(starter.hourly!)} calls an hour · ${n(starter.weekly!)} a week · ${n(starter.monthly!)} documents a month. Plans are changed on request by the team that runs this service: ask them.`,
    );
    const usage = html.indexOf('id="usage-title"');
    const credits = html.indexOf('id="credits-title">Legacy /api/render credits<');
    expect(usage).toBeGreaterThan(html.indexOf('id="plan-title"'));
    expect(credits).toBeGreaterThan(usage);
    expect(html).toMatch(/class="card card--minor" aria-labelledby="credits-title"/);
  });

  it('issue 27: with EMAIL_FROM set, a bigger plan is asked for by mail; the largest plan offers none', async () => {
    const { email, cookie } = await verifiedAccountWithKey('web-dash-pro');
    await testEnv.DB.prepare("UPDATE accounts SET tier = 'pro' WHERE email = ?").bind(email).run();
    const { dashboardData } = await import('../../workers/web/dashboard-data.ts');
    const owner = (await testEnv.DB.prepare('SELECT * FROM accounts WHERE email = ?').bind(email).first()) as never;
    const data = await dashboardData({ ...testEnv, EMAIL_FROM: 'Invoice API <plans@example.com>' }, owner);
    expect(data.contact).toBe('plans@example.com');
    expect(data.nextPlan).toEqual({ tier: 'enterprise', limits: PLAN_LIMITS.enterprise });
    expect(data.plan).toEqual(PLAN_LIMITS.pro);
    const { DashboardPage } = await import('../../workers/web/dashboard-page.tsx');
    const page = String(await DashboardPage({ data, now: Date.now() }));
    expect(page).toContain(
      `href="mailto:plans@example.com?subject=${encodeURIComponent(`Plan change: ${email} to Enterprise`)}">write to plans@example.com</a>`,
    );
    const { html } = await dashboard(cookie);
    expect(outText(html, 'bigger-plan', 'p')).toMatch(
      /^Need more\? Enterprise: unlimited calls an hour · unlimited a week · no monthly quota\./,
    );
    await testEnv.DB.prepare("UPDATE accounts SET tier = 'enterprise' WHERE email = ?").bind(email).run();
    expect((await dashboard(cookie)).html).not.toContain('data-out="bigger-plan"');
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
