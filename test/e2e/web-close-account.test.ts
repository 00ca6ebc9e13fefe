// Issue 24 in headless Chromium against the e2e wrangler dev, at 1280 and 375 px: the account page's "Close account"
// section refuses a mistyped confirmation and a wrong password, then closes the account and lands logged out on the
// page that says so; the key is 401 and /app asks to log in.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, type WebBrowser } from './web-browser.ts';
import { verifiedAccount } from './webhooks-fixtures.ts';

const baseUrl = inject('baseUrl');
const browsers: WebBrowser[] = [];
afterAll(async () => {
  for (const b of browsers) await b.close();
});

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('issue 24: close the account in Chromium', () => {
  for (const width of [1280, 375]) {
    it(`issue 24: at ${width} px a typed confirmation and the password close the account, then the closed page`, async () => {
      const browser = await launchBrowser({ viewport: { width, height: width === 375 ? 812 : 900 } });
      browsers.push(browser);
      const { email, cookie, apiKey } = await verifiedAccount(baseUrl, `web-close-${width}`);
      const [name, value] = cookie.split('=');
      await browser.context.addCookies([{ name, value, url: baseUrl }]);
      const { page, problems } = await browser.openPage();

      await page.goto(`${baseUrl}/app/account`);
      await noSidewaysScroll(page, width);
      const form = page.locator('#close-account');
      await form.getByLabel('Type your email address to confirm').fill(`not-${email}`);
      await form.getByLabel('Password').fill('correct horse battery');
      await form.getByRole('button', { name: 'Close my account' }).click();
      await expect
        .poll(() => form.locator('.form-error').textContent())
        .toBe('Type your email address exactly as shown to confirm.');
      await form.getByLabel('Type your email address to confirm').fill(email);
      await form.getByLabel('Password').fill('not the password at all');
      await form.getByRole('button', { name: 'Close my account' }).click();
      await expect.poll(() => form.locator('.form-error').textContent()).toBe('The password is incorrect.');
      // Still open: the key works.
      const before = await fetch(`${baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${apiKey}` } });
      expect(before.status).toBe(200);

      await form.getByLabel('Password').fill('correct horse battery');
      await form.getByRole('button', { name: 'Close my account' }).click();
      await page.waitForURL(`${baseUrl}/account-closed`);
      expect(await page.locator('h1').textContent()).toBe('Your account is closed');
      await noSidewaysScroll(page, width);
      expect(await page.getByRole('link', { name: 'Log in' }).count()).toBeGreaterThan(0); // logged out header
      const after = await fetch(`${baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${apiKey}` } });
      expect(after.status).toBe(401);
      await page.goto(`${baseUrl}/app`);
      await page.waitForURL(/\/login\?next=%2Fapp$/);
      // The deliberate 401 (wrong password) is the API's answer, not a page error.
      expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
    });
  }
});
