// Issue 26 in headless Chromium against the e2e wrangler dev, in one browser session at 1280 and 375 px: the Keys
// page creates a named key (shown once, copied by its button), the key works at once, and deleting it (after a
// confirmation) makes it 401 at once. No sideways scrolling, no console error, no CSP violation.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, type WebBrowser } from './web-browser.ts';
import { verifiedAccount } from './webhooks-fixtures.ts';

const baseUrl = inject('baseUrl');

let browser: WebBrowser;
let page: Page;
let problems: string[];

const generate = (key: string) =>
  fetch(`${baseUrl}/api/generate-invoice`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      from: { name: 'A' },
      to: { name: 'B' },
      items: [{ description: 'W', quantity: 1, unit_price: 1 }],
    }),
  });

beforeAll(async () => {
  browser = await launchBrowser();
  const { cookie } = await verifiedAccount(baseUrl, 'web-keys');
  const [name, value] = cookie.split('=');
  await browser.context.addCookies([{ name, value, url: baseUrl }]);
  ({ page, problems } = await browser.openPage());
});
afterAll(async () => browser?.close());

describe('/app/keys in Chromium (issue 26)', () => {
  it('creates a key shown once with a copy button and deletes it after confirming, at 1280 and 375 px', async () => {
    await page.goto(`${baseUrl}/app/keys`);
    await page.getByText('1 of 10 keys.').waitFor();
    for (const [width, name, mode] of [
      [1280, 'CI server', 'Live'],
      [375, 'Phone sandbox', 'Test'],
    ] as const) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.getByLabel('Name').fill(name);
      await page.getByLabel(new RegExp(`^${mode}`)).check();
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByText(`Key “${name}” created. 2 of 10 keys.`).waitFor();
      const shown = page.getByLabel(/^API key/);
      const key = await shown.inputValue();
      expect(key).toMatch(mode === 'Live' ? /^inv_sk_[0-9A-Za-z]{40}$/ : /^inv_test_[0-9A-Za-z]{40}$/);
      await page.getByRole('button', { name: 'Copy' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      // The list shows the key masked only, with its mode.
      const item = page.locator('li.webhook', { hasText: name });
      await expect.poll(() => item.textContent()).toContain(`…${key.slice(-4)}`);
      expect(await page.locator('[data-out="list"]').textContent()).not.toContain(key);
      expect(await item.textContent()).toContain(mode);
      expect((await generate(key)).status).toBe(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await item.getByRole('button', { name: 'Delete…' }).click();
      await item.getByRole('button', { name: 'Yes, delete' }).click();
      await page.getByText(`Key “${name}” deleted. 1 of 10 keys.`).waitFor();
      expect((await generate(key)).status).toBe(401);
      // The one-time key leaves the page on the next visit.
      await page.reload();
      await page.getByText('1 of 10 keys.').waitFor();
      expect(await page.getByLabel(/^API key/).isVisible()).toBe(false);
    }
    expect(problems).toEqual([]);
  });
});
