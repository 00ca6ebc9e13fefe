// Screenshots of every page at 1280 and 375 px wide into docs/gallery/web/ (issue 12), taken from a
// wrangler dev like the e2e project's. Its own vitest project, `gallery`, which exists only when
// `npm run gallery:web` sets WEB_GALLERY=1: the pictures change with every run's data (emails, times) and
// belong in a commit only on purpose, and the checks below also run in the e2e tests.
// Each shot also checks that nothing is wider than the window and that the page logged no problem.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, type WebBrowser } from '../e2e/web-browser.ts';
import { verifiedAccount } from '../e2e/webhooks-fixtures.ts';

const baseUrl = inject('baseUrl');
const OUT = 'docs/gallery/web';
const WIDTHS = [1280, 375] as const;

/** `fullPage: false` for pages too long to read as one picture (the API reference): the first screen only. */
async function shoot(page: Page, name: string, fullPage = true) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(150); // layout settles after the resize
    // Nothing may be wider than the window: a page that scrolls sideways on a phone is broken.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${name} at ${width}`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('web gallery (npm run gallery:web)', () => {
  let browser: WebBrowser;
  let page: Page;
  let problems: string[];
  const email = `gallery-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const password = 'gallery passphrase';

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    browser = await launchBrowser();
    ({ page, problems } = await browser.openPage());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('public pages', async () => {
    await page.goto(`${baseUrl}/`);
    await shoot(page, 'landing');
    await page.goto(`${baseUrl}/docs`);
    await page.getByText('Generate one invoice as JSON totals, PDF, UBL, CII or Factur-X').first().waitFor();
    await shoot(page, 'docs', false);
    for (const guide of ['sdk', 'mcp']) {
      await page.goto(`${baseUrl}/docs/${guide}`);
      await shoot(page, `docs-${guide}`);
    }
    await page.goto(`${baseUrl}/login`);
    await shoot(page, 'login');
    // Its own tab: Chromium logs the 404 of the page itself as a failed resource, which is the point here.
    const { page: missing } = await browser.openPage();
    await missing.goto(`${baseUrl}/no-such-page`);
    await shoot(missing, 'not-found');
    await missing.close();
    await page.goto(`${baseUrl}/signup`);
    await shoot(page, 'signup');
  });

  it('sign up, unverified dashboard, verification pages', async () => {
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await shoot(page, 'signup-done');

    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email address').fill('someone@example.com');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.locator('#login .form-error').waitFor();
    await shoot(page, 'login-error');

    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.waitForURL(`${baseUrl}/app`);
    await shoot(page, 'dashboard-unverified');

    const mails = (await (await fetch(`${baseUrl}/api/dev/emails?to=${encodeURIComponent(email)}`)).json()) as {
      emails: { links: string[] }[];
    };
    await page.goto(mails.emails[0].links[0]);
    await shoot(page, 'verify-email-ok');
    await page.goto(mails.emails[0].links[0]);
    await shoot(page, 'verify-email-error');
  });

  it('dashboard and webhooks', async () => {
    // A little usage first, through the API with the page's own session.
    for (let i = 0; i < 3; i++) {
      await page.request.post(`${baseUrl}/api/generate-invoice`, {
        headers: { 'Content-Type': 'application/json' },
        data: {
          from: { name: 'Studio North' },
          to: { name: 'Acme' },
          items: [{ description: 'Work', unit_price: 90 }],
        },
      });
    }
    await page.goto(`${baseUrl}/app`);
    await shoot(page, 'dashboard');
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByLabel('Your new API key').waitFor();
    await page.getByRole('button', { name: 'Rotate key…' }).click();
    await shoot(page, 'dashboard-rotate-confirm');
    await page.getByRole('button', { name: 'Yes, rotate now' }).click();
    await page.waitForTimeout(300);
    await shoot(page, 'dashboard-new-key');

    await page.goto(`${baseUrl}/app/webhooks`);
    await page.getByText('No webhooks yet').waitFor();
    await shoot(page, 'webhooks-empty');
    for (const path of ['/hooks/invoices', '/hooks/batches']) {
      await page.getByLabel('Endpoint URL').fill(`http://127.0.0.1:9${path}`);
      if (path === '/hooks/batches') await page.getByLabel(/batch\.generated/).check();
      await page.getByRole('button', { name: 'Add webhook' }).click();
      await page.getByText(`Webhook http://127.0.0.1:9${path} added.`).waitFor();
    }
    await shoot(page, 'webhooks-secret-shown');
    // Nothing listens on port 9: the test event's attempts are recorded as network errors (W1).
    const first = page.locator('li.webhook').first();
    await first.getByRole('button', { name: 'Send test event' }).click();
    await first.getByText(/Test event sent/).waitFor();
    await first.getByRole('button', { name: 'Recent deliveries' }).click();
    await expect
      .poll(
        async () => {
          await first.getByText('Loading deliveries…').waitFor({ state: 'detached' });
          await first.getByRole('button', { name: 'Refresh' }).click();
          await first.getByText('Loading deliveries…').waitFor({ state: 'detached' });
          return first.locator('tbody tr').count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBeGreaterThanOrEqual(2);
    await shoot(page, 'webhooks-deliveries');
    // Issue 27: the second webhook paused, its edit form open.
    const second = page.locator('li.webhook').nth(1);
    await second.getByRole('button', { name: 'Pause' }).click();
    await second.getByText('Paused').waitFor();
    await page.locator('li.webhook').nth(1).getByRole('button', { name: 'Edit…' }).click();
    await shoot(page, 'webhooks-edit');
    expect(problems).toEqual([]);
  });

  it('issue 26: the Keys page, a test key just created', async () => {
    // An account of its own in a context of its own, so the shot can be retaken alone (-t 'issue 26').
    const { cookie } = await verifiedAccount(baseUrl, 'gallery-keys');
    const [name, value] = cookie.split('=');
    const context = await browser.newContext();
    await context.addCookies([{ name, value, url: baseUrl }]);
    const page = await context.newPage();
    const pageProblems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') pageProblems.push(m.text());
    });
    await page.goto(`${baseUrl}/app/keys`);
    await page.getByText(/of 10 keys\./).waitFor();
    await page.getByLabel('Name').fill('Staging server');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Key “Staging server” created.', { exact: false }).waitFor();
    await page.getByLabel('Name').fill('Sandbox');
    await page.getByLabel(/^Test/).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Key “Sandbox” created.', { exact: false }).waitFor();
    await shoot(page, 'keys-created');
    expect(pageProblems).toEqual([]);
    await page.close();
  });

  it('signed-in pages', async () => {
    const { cookie } = await verifiedAccount(baseUrl, 'gallery');
    const [name, value] = cookie.split('=');
    await browser.context.addCookies([{ name, value, url: baseUrl }]);
    const { page } = await browser.openPage();
    await page.goto(`${baseUrl}/app/playground`);
    await shoot(page, 'playground');
    // Issue 22: XRechnung chosen, the e-invoice check lists what is missing beside the fields.
    await page.getByLabel('E-invoice profile').selectOption('xrechnung');
    await expect.poll(() => page.locator('[data-einvoice-verdict]').textContent()).toMatch(/to fix/);
    await shoot(page, 'playground-xrechnung');
    await page.goto(`${baseUrl}/app/playground?lang=ar`);
    await shoot(page, 'playground-ar');
    await page.close();
  });

  it('issue 26: the documents page, a revoke confirmation, and a dead hosted link', async () => {
    const { cookie, apiKey } = await verifiedAccount(baseUrl, 'gallery-docs');
    const made: string[] = [];
    for (const [number, total, type] of [
      ['INV-2026-0041', 1280, 'invoice'],
      ['INV-2026-0042', 428.4, 'invoice'],
      ['CN-2026-0007', 90, 'credit_note'],
    ] as const) {
      const res = await fetch(`${baseUrl}/api/generate-invoice`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({
          from: { name: 'Studio North' },
          to: { name: 'Acme' },
          invoice: { number, currency: 'EUR', type },
          items: [{ description: 'Work', unit_price: total }],
        }),
      });
      made.push(((await res.json()) as { invoice: { hosted_url: string } }).invoice.hosted_url);
    }
    const [name, value] = cookie.split('=');
    const context = await browser.newContext();
    await context.addCookies([{ name, value, url: baseUrl }]);
    const docs = await context.newPage();
    await docs.goto(`${baseUrl}/app/documents`);
    await docs.locator('li.document').nth(2).waitFor();
    await shoot(docs, 'documents');
    await docs.locator('li.document').first().getByRole('button', { name: 'Revoke…' }).click();
    await shoot(docs, 'documents-revoke-confirm');
    await docs.locator('li.document').first().getByRole('button', { name: 'Yes, revoke' }).click();
    await docs.getByText(/is revoked/).waitFor();
    await shoot(docs, 'documents-revoked');
    // Any dead link shows the same page (H22): here one whose signature was tampered with.
    const gone = await context.newPage();
    await gone.goto(made[2].replace(/t=[\w-]{4}/, 't=AAAA'));
    await shoot(gone, 'hosted-link-gone');
    await context.close();
  });

  it('issue 24: the password pages', async () => {
    const own = `gallery-reset-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const reg = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '100.126.0.24' },
      body: JSON.stringify({ email: own, password: 'gallery passphrase' }),
    });
    expect(reg.status).toBe(201);
    // An earlier shot left a session in the shared context, and a session sends /login on to /app.
    await browser.context.clearCookies();
    const { page, problems: pageProblems } = await browser.openPage();
    await page.goto(`${baseUrl}/forgot-password`);
    await shoot(page, 'forgot-password');
    await page.getByLabel('Email address').fill(own);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await shoot(page, 'forgot-password-done');
    const mails = async () => {
      const res = await fetch(`${baseUrl}/api/dev/emails?to=${encodeURIComponent(own)}`);
      const { emails } = (await res.json()) as { emails: { subject: string; links: string[] }[] };
      return emails.filter((e) => e.subject === 'Reset your password');
    };
    await expect.poll(async () => (await mails()).length, { timeout: 10_000 }).toBe(1);
    await page.goto((await mails())[0].links[0]);
    await shoot(page, 'reset-password');
    await page.goto(`${baseUrl}/reset-password?token=used-or-expired`);
    await shoot(page, 'reset-password-error');
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email address').fill(own);
    await page.getByLabel('Password').fill('gallery passphrase');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.waitForURL(`${baseUrl}/app`);
    await page.goto(`${baseUrl}/app/account`);
    await shoot(page, 'account');
    // The deliberate 400 of the used-link page is the page's own status, not an error of the page.
    expect(pageProblems.filter((p) => !/status of 400/.test(p))).toEqual([]);
    await page.close();
  });

  it('issue 24: change the email address, close the account', async () => {
    const context = await browser.newContext();
    const { cookie, email: own } = await verifiedAccount(baseUrl, 'gallery-close');
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: baseUrl }]);
    const page = await context.newPage();
    const target = `gallery-moved-${crypto.randomUUID().slice(0, 6)}@example.com`;
    await page.goto(`${baseUrl}/app/account`);
    const emailForm = page.locator('#change-email');
    await emailForm.getByLabel('New email address').fill(target);
    await emailForm.getByLabel('Password').fill('correct horse battery');
    await emailForm.getByRole('button', { name: 'Send the link' }).click();
    await page.locator('[data-out="email-status"]').waitFor();
    await shoot(page, 'account-email-sent');
    const links = async () => {
      const res = await fetch(`${baseUrl}/api/dev/emails?to=${encodeURIComponent(target)}`);
      const { emails } = (await res.json()) as { emails: { links: string[] }[] };
      return emails[0]?.links ?? [];
    };
    await expect.poll(async () => (await links()).length, { timeout: 10_000 }).toBe(1);
    const [link] = await links();
    await page.goto(link);
    await shoot(page, 'confirm-email-ok');
    await page.goto(link);
    await shoot(page, 'confirm-email-error');
    await page.goto(`${baseUrl}/app/account`);
    const closeForm = page.locator('#close-account');
    await closeForm.getByLabel('Type your email address to confirm').fill(own);
    await closeForm.getByLabel('Password').fill('correct horse battery');
    await closeForm.getByRole('button', { name: 'Close my account' }).click();
    await closeForm.locator('.form-error').waitFor();
    await shoot(page, 'account-close-error');
    await closeForm.getByLabel('Type your email address to confirm').fill(target);
    await closeForm.getByRole('button', { name: 'Close my account' }).click();
    await page.waitForURL(`${baseUrl}/account-closed`);
    await shoot(page, 'account-closed');
    await context.close();
  });
});
