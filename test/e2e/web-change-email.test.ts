// Issue 24 in headless Chromium against the e2e wrangler dev, at 1280 and 375 px: the account page's change-email
// form (a wrong password shows the API's message; the right one says where the link went), the link from the dev
// mail sink opening the confirmation page, and the account page showing the new address afterwards.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, type WebBrowser } from './web-browser.ts';
import { verifiedAccount } from './webhooks-fixtures.ts';

const baseUrl = inject('baseUrl');
const browsers: WebBrowser[] = [];
afterAll(async () => {
  for (const b of browsers) await b.close();
});

async function linkTo(to: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/dev/emails?to=${encodeURIComponent(to)}`);
  const { emails } = (await res.json()) as { emails: { subject: string; links: string[] }[] };
  return emails.find((e) => e.subject === 'Confirm your new email address')?.links[0] ?? '';
}

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('issue 24: change the email address in Chromium', () => {
  for (const width of [1280, 375]) {
    it(`issue 24: at ${width} px the form sends the link, the link changes the address, the page shows it`, async () => {
      const browser = await launchBrowser({ viewport: { width, height: width === 375 ? 812 : 900 } });
      browsers.push(browser);
      const { email, cookie } = await verifiedAccount(baseUrl, `web-email-${width}`);
      const [name, value] = cookie.split('=');
      await browser.context.addCookies([{ name, value, url: baseUrl }]);
      const { page, problems } = await browser.openPage();
      const target = `web-moved-${width}-${crypto.randomUUID().slice(0, 8)}@example.com`;

      await page.goto(`${baseUrl}/app/account`);
      await noSidewaysScroll(page, width);
      const form = page.locator('#change-email');
      await form.getByLabel('New email address').fill(target);
      await form.getByLabel('Password').fill('not the password at all');
      await form.getByRole('button', { name: 'Send the link' }).click();
      await expect.poll(() => form.locator('.form-error').textContent()).toBe('The password is incorrect.');
      await form.getByLabel('Password').fill('correct horse battery');
      await form.getByRole('button', { name: 'Send the link' }).click();
      const status = page.locator('[data-out="email-status"]');
      await expect.poll(() => status.textContent()).toContain(`Check ${target}`);
      expect(await form.getByLabel('Password').inputValue()).toBe('');
      await noSidewaysScroll(page, width);
      // Nothing changed yet.
      await page.reload();
      expect(await page.locator('.page-title strong').textContent()).toBe(email);

      await expect.poll(() => linkTo(target), { timeout: 10_000 }).not.toBe('');
      const link = await linkTo(target);
      const opened = await page.goto(link);
      expect(opened?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toBe('Your email address is changed');
      await noSidewaysScroll(page, width);
      await page.getByRole('link', { name: 'Go to your account' }).click();
      await page.waitForURL(`${baseUrl}/app/account`);
      expect(await page.locator('.page-title strong').textContent()).toBe(target);

      const again = await page.goto(link);
      expect(again?.status()).toBe(400);
      expect(await page.locator('h1').textContent()).toBe('This link did not work');
      // The deliberate 401 (wrong password) and 400 (the used link) are answers, not page errors.
      expect(problems.filter((p) => !/status of (400|401)/.test(p))).toEqual([]);
    });
  }
});
