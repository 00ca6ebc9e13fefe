// Issue 12 in headless Chromium against the e2e wrangler dev and its local Queue (decision W1): a signed-in
// user adds a webhook to a loopback receiver on /app/webhooks (the secret shown once), sends a test event,
// reads the attempts with their HTTP status in "Recent deliveries" (the receiver answers 500 first, then
// 200: the e2e setup retries after 1 s), redelivers one and sees the same event arrive with a new
// signature timestamp and its attempt join the list. No console error and no CSP violation on the page.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, type WebBrowser } from './web-browser.ts';
import { type Delivery, startReceiver, verifiedAccount, waitFor } from './webhooks-fixtures.ts';

const baseUrl = inject('baseUrl');
type Json = Record<string, any>;

let browser: WebBrowser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let page: Page;
let problems: string[];
let secret: string;
let webhookId: string;
let eventId: string;

/** The receiver's check by hand, with nothing but the secret the page showed. */
function signedWith(key: string, d: Delivery): boolean {
  const header = String(d.headers['x-service-signature'] ?? '');
  const expected = `sha256=${createHmac('sha256', key).update(d.raw, 'utf8').digest('hex')}`;
  return header.length === expected.length && timingSafeEqual(Buffer.from(header), Buffer.from(expected));
}

/**
 * The rows of the open "Recent deliveries" table as [event type and attempt, status cell], newest first; each row's
 * event id and whether it names a next retry are checked against `eventId` and the status on the way (issue 27).
 */
async function rows(item: Locator): Promise<[string, string][]> {
  const trs = item.locator('.deliveries tbody tr');
  const out: [string, string][] = [];
  for (const tr of await trs.all()) {
    const event = tr.locator('td[data-label="Event"]');
    const status = (await tr.locator('td[data-label="Status"]').textContent()) ?? '';
    if (eventId) expect(await event.locator('.event-id').textContent()).toBe(eventId);
    // A refused (500) attempt is retried: its row says when; a delivered one has no next retry.
    expect(await tr.locator('td[data-label="Next retry"]').textContent()).toMatch(
      status === '500' ? /^\d+ \w{3} \d{4}, \d\d:\d\d$/ : /^—$/,
    );
    out.push([`${await event.locator('code').textContent()}${await event.locator('.attempt').textContent()}`, status]);
  }
  return out;
}

/** Opens the panel and presses its Refresh button (deliveries arrive through the queue) until the table has `n` rows. */
async function refreshUntil(item: Locator, n: number): Promise<[string, string][]> {
  const toggle = item.getByRole('button', { name: 'Recent deliveries' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  let seen: [string, string][] = [];
  await expect
    .poll(
      async () => {
        await item.getByText('Loading deliveries…').waitFor({ state: 'detached' });
        await item.getByRole('button', { name: 'Refresh' }).click();
        await item.getByText('Loading deliveries…').waitFor({ state: 'detached' });
        seen = await rows(item);
        return seen.length;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(n);
  return seen;
}

beforeAll(async () => {
  // The first delivery to /web is refused with a 500 (so retried), every later one accepted.
  receiver = await startReceiver((path, n) => ({ status: path === '/web' && n === 0 ? 500 : 200 }));
  browser = await launchBrowser();
  const { cookie } = await verifiedAccount(baseUrl, 'web-deliveries');
  const [name, value] = cookie.split('=');
  await browser.context.addCookies([{ name, value, url: baseUrl }]);
  ({ page, problems } = await browser.openPage());
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

describe('webhook deliveries on /app/webhooks in Chromium (issue 12, W1)', () => {
  it('adds a webhook to the loopback receiver; the secret is shown once', async () => {
    const res = await page.goto(`${baseUrl}/app/webhooks`);
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.locator('[data-out="list-status"]').textContent()).toMatch(/No webhooks yet/);
    await page.getByLabel('Endpoint URL').fill(receiver.url('/web'));
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const shown = page.getByLabel('Signing secret');
    await expect.poll(() => shown.isVisible()).toBe(true);
    secret = await shown.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const item = page.locator('li.webhook');
    await expect.poll(() => item.count()).toBe(1);
    webhookId = (await item.getAttribute('data-webhook-id')) ?? '';
    expect(webhookId).toMatch(/^wh_/);
    expect(await item.locator('.webhook__url').textContent()).toBe(receiver.url('/web'));
    expect(await item.textContent()).toContain(`Secret …${secret.slice(-4)}`);
    // Once: after a reload the page has only the hint.
    await page.reload();
    await expect.poll(() => item.count()).toBe(1);
    expect(await page.content()).not.toContain(secret);
    expect(await page.getByLabel('Signing secret').isVisible()).toBe(false);
  });

  it('Send test event: the receiver gets a signed webhook.test, refused once and retried', async () => {
    const item = page.locator('li.webhook');
    await item.getByRole('button', { name: 'Send test event' }).click();
    const status = item.locator('.inline-status');
    await expect.poll(() => status.textContent()).toMatch(/^Test event sent \(evt_[^)]+\)\.$/);
    eventId = /\((evt_[^)]+)\)/.exec((await status.textContent()) ?? '')![1];

    const first = await waitFor('the test event', () => receiver.deliveries[0]);
    expect(first.answered).toBe(500);
    expect(signedWith(secret, first)).toBe(true);
    expect(signedWith(`${secret}x`, first)).toBe(false);
    expect(first.headers['x-service-event']).toBe('webhook.test');
    expect(first.headers['x-service-delivery']).toBe(eventId);
    const event = JSON.parse(first.raw) as Json;
    expect(event).toEqual({
      id: eventId,
      type: 'webhook.test',
      created: expect.any(Number),
      livemode: true,
      data: { webhook_id: webhookId, message: 'A test event sent on request; it describes no invoice.' },
    });
    expect(new Webhook(secret).verify(first.raw, first.headers as Record<string, string>)).toEqual(event);

    // The 500 is retried (after 1 s in this setup): the same event, answered 200 this time.
    const retry = await waitFor('the retry', () => receiver.deliveries[1]);
    expect(retry.answered).toBe(200);
    expect(retry.raw).toBe(first.raw);
    expect(signedWith(secret, retry)).toBe(true);
    expect(receiver.deliveries.every((d) => d.path === '/web')).toBe(true);
  });

  it('Recent deliveries: both attempts, newest first, with their HTTP status', async () => {
    const item = page.locator('li.webhook');
    const seen = await refreshUntil(item, 2);
    expect(seen).toEqual([
      ['webhook.test · attempt 2', '200'],
      ['webhook.test · attempt 1', '500'],
    ]);
    const badges = item.locator('.deliveries tbody td[data-label="Status"] .badge');
    expect(await badges.evaluateAll((els) => els.map((e) => e.className))).toEqual([
      'badge badge--ok',
      'badge badge--bad',
    ]);
    // The failed attempt's detail is the receiver's answer body.
    expect(await item.locator('.deliveries tbody tr').nth(1).locator('td[data-label="Detail"]').textContent()).toBe(
      '500',
    );
    // The webhook's summary follows the newest attempt, not the list as loaded with the page.
    expect(await item.locator('.webhook__meta').textContent()).toMatch(/Last delivery .* · HTTP 200$/);
  });

  it('Redeliver: the same event id again, a new signature timestamp, and a new attempt in the list', async () => {
    const item = page.locator('li.webhook');
    const before = receiver.deliveries.length;
    const lastStamp = Number(receiver.deliveries[before - 1].headers['webhook-timestamp']);
    // Signature timestamps are whole seconds: let one pass so the redelivery's must differ.
    await waitFor('the next second', () => (Math.floor(Date.now() / 1000) > lastStamp ? true : undefined));

    await item.locator('.deliveries tbody tr').nth(1).getByRole('button', { name: 'Redeliver' }).click();
    await expect.poll(() => item.locator('.inline-status').textContent()).toBe(`Redelivery queued (event ${eventId}).`);
    // Issue 27: the list refreshes by itself once the redelivery's attempt is logged (no Refresh pressed).
    await expect.poll(() => item.locator('.deliveries tbody tr').count(), { timeout: 20_000 }).toBe(3);

    const again = await waitFor('the redelivery', () => receiver.deliveries[before]);
    expect(again.answered).toBe(200);
    expect(again.headers['x-service-delivery']).toBe(eventId);
    expect(again.headers['webhook-id']).toBe(eventId);
    expect(again.raw).toBe(receiver.deliveries[0].raw);
    expect(signedWith(secret, again)).toBe(true);
    expect(Number(again.headers['webhook-timestamp'])).toBeGreaterThan(lastStamp);
    expect(again.headers['webhook-signature']).not.toBe(receiver.deliveries[0].headers['webhook-signature']);
    expect((new Webhook(secret).verify(again.raw, again.headers as Record<string, string>) as Json).id).toBe(eventId);

    // A new series: attempt 1, answered 200, at the top of the list.
    const seen = await refreshUntil(item, 3);
    expect(seen).toEqual([
      ['webhook.test · attempt 1', '200'],
      ['webhook.test · attempt 2', '200'],
      ['webhook.test · attempt 1', '500'],
    ]);
    expect(receiver.deliveries).toHaveLength(3);
  });

  it('issue 27: at 375 px each attempt is a card that fits: labels on one line, the event id inside the card', async () => {
    const item = page.locator('li.webhook');
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const card = (await item.locator('.deliveries tbody tr').first().boundingBox())!;
      const id = (await item.locator('.deliveries tbody tr .event-id').first().boundingBox())!;
      expect(id.x + id.width).toBeLessThanOrEqual(card.x + card.width);
      const labelHeights = await item
        .locator('.deliveries tbody tr')
        .first()
        .locator('td')
        .evaluateAll((tds) => tds.map((td) => Number.parseFloat(getComputedStyle(td, '::before').height)));
      const lineHeight = await item.evaluate((li) => Number.parseFloat(getComputedStyle(li).lineHeight));
      for (const h of labelHeights) expect(h).toBeLessThanOrEqual(lineHeight * 1.2);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('issue 27 (W10): Pause, Resume and Edit change the webhook through PATCH; the URL hint states the rules', async () => {
    expect(await page.locator('#webhook-url-hint').textContent()).toBe(
      'An https:// URL to a public host: not localhost, a private network name (*.local, *.internal, …) or a private IP address. Here (local development) http://localhost and http://127.0.0.1 work too.',
    );
    const item = page.locator('li.webhook');
    await item.getByRole('button', { name: 'Pause' }).click();
    const soon = { timeout: 10_000 }; // each change is a PATCH and a fresh list
    await expect.poll(() => item.locator('.webhook__head .badge').textContent(), soon).toBe('Paused');
    expect(await page.locator('[data-out="list-status"]').textContent()).toMatch(/paused: it gets no events\./);
    await item.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => item.locator('.webhook__head .badge').textContent(), soon).toBe('Active');

    await item.getByRole('button', { name: 'Edit…' }).click();
    const form = item.locator('form.webhook-edit');
    await form.getByLabel('Webhook URL').fill('https://10.0.0.1/hooks');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.locator('.form-error').textContent(), soon).toMatch(/^url: /);
    await form.getByLabel('Webhook URL').fill(receiver.url('/edited'));
    await form.getByLabel('batch.generated').check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('[data-out="list-status"]').textContent(), soon).toMatch(/saved\./);
    expect(await item.locator('.webhook__url').textContent()).toBe(receiver.url('/edited'));
    expect(await item.locator('.chip').allTextContents()).toEqual(['invoice.generated', 'batch.generated']);
    expect(await item.textContent()).toContain(`Secret …${secret.slice(-4)}`); // the same secret
  });

  it('no console error and no CSP violation on the page', async () => {
    await page.waitForTimeout(300);
    expect(problems).toEqual([]);
  });
});
