// The signed-in browser of the playground tests: an account made through the API and the dev mail sink,
// its session cookie set in a headless Chromium, and the page helpers both test files use.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchBrowser, type WebBrowser } from './web-browser.ts';
import { verifiedAccount } from './webhooks-fixtures.ts';

export interface PlaygroundSession {
  browser: WebBrowser;
  apiKey: string;
  cookie: string;
  open(path?: string): ReturnType<WebBrowser['openPage']>;
}

export async function playgroundSession(baseUrl: string): Promise<PlaygroundSession> {
  const browser = await launchBrowser();
  const { apiKey, cookie } = await verifiedAccount(baseUrl, 'playground');
  const [name, value] = cookie.split('=');
  await browser.context.addCookies([{ name, value, url: baseUrl }]);
  return {
    browser,
    apiKey,
    cookie,
    async open(path = '/app/playground') {
      const { page, problems } = await browser.openPage();
      // The load event, not network idle: the page asks the API nothing until the reader acts, and waiting
      // for half a second of quiet cost about 1 CPU second a page (P9).
      const res = await page.goto(`${baseUrl}${path}`);
      expect(res?.status()).toBe(200);
      await page.locator('[data-total="grand_total"]').waitFor({ state: 'attached' });
      return { page, problems };
    },
  };
}

/** The JSON value of one total as the page shows it. */
export const total = (page: Page, key: string) =>
  page.locator(`[data-total="${key}"]`).getAttribute('data-value').then(Number);

/** Replaces the JSON editor's text as a reader would. */
export async function typeJson(page: Page, body: unknown) {
  await page.getByLabel('JSON (edit it: the form follows)').fill(JSON.stringify(body, null, 2));
}
