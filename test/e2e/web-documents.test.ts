// Issue 26 in headless Chromium against the e2e wrangler dev: a signed-in user finds a document on
// /app/documents by its number, copies and opens its hosted link, and revokes it after a confirmation; the
// link then shows the recipient's "no longer valid" page. The page is read at 1280 and at 375 px in one session
// (nothing wider than the window), with no console error and no CSP violation.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, type WebBrowser } from './web-browser.ts';
import { verifiedAccount } from './webhooks-fixtures.ts';

const baseUrl = inject('baseUrl');

let browser: WebBrowser;
const links: Record<string, string> = {};

beforeAll(async () => {
  const { cookie, apiKey } = await verifiedAccount(baseUrl, 'web-documents');
  for (const number of ['WEB-DOC-1', 'WEB-DOC-2', 'OTHER-1']) {
    const res = await fetch(`${baseUrl}/api/generate-invoice`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({
        from: { name: 'Acme' },
        to: { name: 'Client' },
        invoice: { number, currency: 'EUR' },
        items: [{ description: 'Work', unit_price: 120 }],
      }),
    });
    links[number] = ((await res.json()) as { invoice: { hosted_url: string } }).invoice.hosted_url;
  }
  browser = await launchBrowser();
  const [name, value] = cookie.split('=');
  await browser.context.addCookies([{ name, value, url: baseUrl }]);
});
afterAll(async () => browser?.close());

describe('/app/documents in Chromium (issue 26)', () => {
  it('issue 26: search by number, copy and open the link, revoke with confirmation; readable at 1280 and 375 px', async () => {
    const { page, problems } = await browser.openPage();
    expect((await page.goto(`${baseUrl}/app/documents`))?.status()).toBe(200);
    expect(await page.getByRole('link', { name: 'Documents' }).getAttribute('aria-current')).toBe('page');
    const items = page.locator('li.document');
    await expect.poll(() => items.count()).toBe(3);

    await page.getByLabel('Invoice number').fill('web-doc');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => items.count()).toBe(2);
    await page.getByLabel('Invoice number').fill('WEB-DOC-2');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => items.locator('.document__number').allTextContents()).toEqual(['WEB-DOC-2']);
    const item = items.first();
    expect(await item.textContent()).toContain('€120.00');

    await item.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => item.locator('.inline-status').textContent()).toBe('Link copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(links['WEB-DOC-2']);
    expect(await item.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(links['WEB-DOC-2']);
    const [opened] = await Promise.all([
      page.context().waitForEvent('response', (r) => r.url() === links['WEB-DOC-2']),
      item.getByRole('link', { name: 'Open' }).click(),
    ]);
    expect(opened.status()).toBe(200);

    // At 375 px nothing is wider than the window and the actions stay reachable.
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await item.getByRole('button', { name: 'Revoke…' }).click();
    await item.getByText('This cannot be undone').waitFor();
    await item.getByRole('button', { name: 'Cancel' }).click();
    expect(await item.locator('.confirm').isHidden()).toBe(true);
    await item.getByRole('button', { name: 'Revoke…' }).click();
    await item.getByRole('button', { name: 'Yes, revoke' }).click();
    const revoked = items.first();
    await expect.poll(() => revoked.locator('.inline-status').textContent()).toBe('The link of WEB-DOC-2 is revoked.');
    expect(await revoked.locator('.badge').first().textContent()).toBe('Revoked');
    expect(await revoked.getByRole('button', { name: 'Copy link' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The recipient's browser now gets the page, not the invoice.
    const gone = await browser.context.newPage();
    await gone.setViewportSize({ width: 375, height: 812 });
    expect((await gone.goto(links['WEB-DOC-2']))?.status()).toBe(404);
    await gone.getByRole('heading', { name: 'This invoice link is no longer valid' }).waitFor();
    expect(await gone.locator('nav').count()).toBe(0);
    expect(await gone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await gone.close();
    // The other documents' links still open.
    expect((await fetch(links['WEB-DOC-1'])).status).toBe(200);
    expect(problems).toEqual([]);
  });
});
