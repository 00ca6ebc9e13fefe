// Screenshots of every page at 1280 and 375 px wide into docs/gallery/web/ (issue 12), taken from the
// wrangler dev of the e2e setup. Run by `npm run gallery:web` (WEB_GALLERY=1); skipped in ordinary runs,
// since the pictures change with every run's data (emails, times) and belong in a commit only on purpose.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, type WebBrowser } from './web-browser.ts';
import { verifiedAccount } from './webhooks-fixtures.ts';

const baseUrl = inject('baseUrl');
const OUT = 'docs/gallery/web';
const WIDTHS = [1280, 375] as const;

/** Public pages: name → path. Signed-in pages are added by the account steps below. */
const PUBLIC_PAGES: [string, string][] = [['landing', '/']];

async function shoot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
  await page.waitForLoadState('networkidle');
  // Nothing may be wider than the window: a page that scrolls sideways on a phone is broken.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(
    width,
  );
  await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
}

describe.runIf(process.env.WEB_GALLERY === '1')('web gallery (npm run gallery:web)', () => {
  let browser: WebBrowser;
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('public pages', async () => {
    const { page } = await browser.openPage();
    for (const [name, path] of PUBLIC_PAGES) {
      await page.goto(`${baseUrl}${path}`);
      for (const width of WIDTHS) await shoot(page, name, width);
    }
    await page.close();
  });

  it('signed-in pages', async () => {
    const { cookie } = await verifiedAccount(baseUrl, 'gallery');
    const [name, value] = cookie.split('=');
    await browser.context.addCookies([{ name, value, url: baseUrl }]);
    const { page } = await browser.openPage();
    await page.goto(`${baseUrl}/app/playground`);
    for (const width of WIDTHS) await shoot(page, 'playground', width);
    await page.goto(`${baseUrl}/app/playground?lang=ar`);
    await shoot(page, 'playground-ar', 1280);
    await page.close();
  });
});
