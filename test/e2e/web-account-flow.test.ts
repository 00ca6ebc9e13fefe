// Issue 12 in headless Chromium against the e2e wrangler dev: a new user signs up, opens the verification
// link from the dev mail sink, logs in, creates and rotates the API key (the old key is refused at once),
// adds and deletes a webhook, logs out, and logs in again with the keyboard alone. Every page visited
// must log no console error and no CSP violation.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, type WebBrowser } from './web-browser.ts';

const baseUrl = inject('baseUrl');
const email = `web-flow-${crypto.randomUUID().slice(0, 8)}@example.com`;
const password = 'a long web passphrase';
let browser: WebBrowser;
let page: Page;
let problems: string[];

async function apiMe(key: string): Promise<number> {
  return (await fetch(`${baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${key}` } })).status;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, problems } = await browser.openPage());
});
afterAll(async () => {
  await browser?.close();
});

describe('account flow in Chromium (issue 12)', () => {
  it('sign up: the form posts JSON and says where the link went', async () => {
    await page.goto(`${baseUrl}/signup`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Check your email' }).isVisible()).toBe(true);
    expect(await page.locator('[data-out="message"]').textContent()).toContain(email);
  });

  it('D6: the emailed link ends on a page that says it worked and leads to log in', async () => {
    const mails = (await (await fetch(`${baseUrl}/api/dev/emails?to=${encodeURIComponent(email)}`)).json()) as {
      emails: { links: string[] }[];
    };
    const res = await page.goto(mails.emails[0].links[0]);
    expect(res?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('Your email address is verified');
    await page.getByRole('link', { name: 'Log in' }).last().click();
    await page.waitForURL(`${baseUrl}/login`);
  });

  it('log in: lands on the dashboard with the plan and usage', async () => {
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.waitForURL(`${baseUrl}/app`);
    expect(await page.locator('h1').textContent()).toBe('Dashboard');
    expect(await page.locator('[data-out="plan"]').textContent()).toBe('Free');
    expect(await page.locator('tr[data-window="hourly"]').textContent()).toContain('40 calls');
  });

  it('the API key: created, then rotated; each shown once, and the old key is refused at once', async () => {
    await page.getByRole('button', { name: 'Create API key' }).click();
    const shown = page.getByLabel('Your new API key');
    await expect.poll(() => shown.isVisible()).toBe(true);
    const first = await shown.inputValue();
    expect(first).toMatch(/^inv_sk_[0-9A-Za-z]{40}$/);
    // Issue 27: the first key replaced nothing, so its banner speaks of no previous key.
    const banner = page.locator('.new-key .notice');
    expect(await banner.innerText()).toBe('Copy your new key now: it is shown only this once.');
    expect(await page.locator('[data-out="masked-key"]').textContent()).toBe(`inv_sk_…${first.slice(-4)}`);
    await page.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    expect(await apiMe(first)).toBe(200);

    await page.getByRole('button', { name: 'Rotate key…' }).click();
    expect(await page.getByText('The current key stops working at once.').isVisible()).toBe(true);
    expect(await shown.isVisible()).toBe(false); // the key about to be revoked leaves the screen
    await page.getByRole('button', { name: 'Yes, rotate now' }).click();
    await expect.poll(async () => (await shown.isVisible()) && (await shown.inputValue())).toMatch(/^inv_sk_/);
    const second = await shown.inputValue();
    expect(second).not.toBe(first);
    expect(second).toMatch(/^inv_sk_[0-9A-Za-z]{40}$/);
    expect(await banner.innerText()).toBe(
      'Copy your new key now: it is shown only this once. The previous key no longer works.',
    );
    expect(await apiMe(first)).toBe(401);
    expect(await apiMe(second)).toBe(200);
    // Shown once: a reload shows only the masked form, and nothing kept it in storage or the URL.
    await page.reload();
    expect(await page.content()).not.toContain(second);
    expect(await page.locator('[data-out="masked-key"]').textContent()).toBe(`inv_sk_…${second.slice(-4)}`);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).toBe(
      '{}{}',
    );
    expect(page.url()).toBe(`${baseUrl}/app`);
  });

  it('webhooks: add one (the secret shown once), see it listed, delete it', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL(`${baseUrl}/app/webhooks`);
    await expect.poll(() => page.locator('[data-out="list-status"]').textContent()).toMatch(/No webhooks yet/);
    await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/hooks/invoices');
    await page.getByLabel(/batch\.generated/).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = page.getByLabel('Signing secret');
    await expect.poll(() => secret.isVisible()).toBe(true);
    expect(await secret.inputValue()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const item = page.locator('li.webhook');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.locator('.webhook__url').textContent()).toBe('http://127.0.0.1:9/hooks/invoices');
    expect(await item.locator('.chip').allTextContents()).toEqual(['invoice.generated', 'batch.generated']);
    expect(await item.textContent()).toContain(`…${(await secret.inputValue()).slice(-4)}`);

    await item.getByRole('button', { name: 'Delete…' }).click();
    await item.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => item.count()).toBe(0);
    expect(await page.locator('[data-out="list-status"]').textContent()).toMatch(/deleted\. No webhooks yet/);
  });

  it('an invalid webhook URL shows the API message in the form', async () => {
    await page.getByLabel('Endpoint URL').fill('https://10.0.0.1/hooks');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const error = page.locator('#add-webhook .form-error');
    await expect.poll(() => error.isVisible()).toBe(true);
    expect(await error.textContent()).toMatch(/^url: /);
  });

  it('log out: back to the login page, and /app needs logging in again', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/login?logged_out=1`);
    expect(await page.getByRole('status').first().textContent()).toBe('You have been logged out.');
    await page.goto(`${baseUrl}/app`);
    expect(page.url()).toBe(`${baseUrl}/login?next=%2Fapp`);
  });

  it('keyboard only: log in with Tab and Enter, with a visible focus ring', async () => {
    // On a page without autofocus, the first Tab reaches the skip link, which then shows.
    await page.goto(`${baseUrl}/`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    expect(await page.getByRole('link', { name: 'Skip to content' }).isVisible()).toBe(true);
    // The email field has focus on load (autofocus); type, Tab to the password, Enter submits.
    await page.goto(`${baseUrl}/login?next=%2Fapp%2Fwebhooks`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('email');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(ring).not.toBe('none');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/app/webhooks`);
    // The page lists the webhooks after it loads; the next test leaving before that list arrives would
    // cancel its request (net::ERR_ABORTED), a race of the test that the problems check below reports.
    await expect.poll(() => page.locator('[data-out="list-status"]').textContent()).toMatch(/No webhooks yet/);
  });

  it('375 px wide: the signed-in pages do not scroll sideways', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of ['/app', '/app/webhooks']) {
      // The load event, then the one list the pages fetch after it (the dashboard is drawn by the server).
      await page.goto(`${baseUrl}${path}`);
      if (path === '/app/webhooks')
        await expect.poll(() => page.locator('[data-out="list-status"]').textContent()).toMatch(/No webhooks yet/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('issue 27: at 1280 and 375 px the plan card shows its limits and a bigger plan; the legacy credits are a small last card', async () => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(`${baseUrl}/app`);
      const limits = page.locator('[data-out="plan-limits"] li');
      expect(await limits.allInnerTexts(), `${width}`).toEqual([
        '40\ncalls an hour',
        '400\ncalls a week',
        '100\ndocuments a month',
        '50\nof them PDFs',
      ]);
      expect(await page.locator('[data-out="bigger-plan"]').isVisible()).toBe(true);
      const plan = (await page.locator('section.plan').boundingBox())!;
      const usage = (await page.locator('section[aria-labelledby="usage-title"]').boundingBox())!;
      const credits = (await page.locator('section[aria-labelledby="credits-title"]').boundingBox())!;
      expect(credits.y, `${width}`).toBeGreaterThan(usage.y + usage.height);
      expect(credits.height, `${width}`).toBeLessThan(plan.height / 2);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('no console error and no CSP violation on any page of the flow', () => {
    expect(problems).toEqual([]);
  });
});

describe('API reference in Chromium (issue 12)', () => {
  it('/docs renders /openapi.json with the viewer, from this origin only, with no CSP violation', async () => {
    const { page: docs, problems: docsProblems } = await browser.openPage();
    const origins = new Set<string>();
    docs.on('request', (r) => origins.add(new URL(r.url()).origin));
    await docs.goto(`${baseUrl}/docs`);
    await expect
      .poll(
        () => docs.getByText('Generate one invoice as JSON totals, PDF, UBL, CII or Factur-X').first().isVisible(),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    expect([...origins].filter((o) => o.startsWith('http'))).toEqual([baseUrl]);
    // (data: and blob: URLs the viewer makes itself are no other origin.)
    expect(docsProblems).toEqual([]);
    await docs.close();
  });
});
