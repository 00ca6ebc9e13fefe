// Issue 24 in headless Chromium against the e2e wrangler dev: "Forgot password?" on the log-in page, the reset
// link from the dev mail sink opening the reset page, logging in with the new password, changing it on the account
// page, and the used link showing a clear page. Every page visited must log no console error and no CSP violation.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, type WebBrowser } from './web-browser.ts';

const baseUrl = inject('baseUrl');
const email = `web-reset-${crypto.randomUUID().slice(0, 8)}@example.com`;
let browser: WebBrowser;
let page: Page;
let problems: string[];
let resetLink = '';

async function resetEmails(): Promise<{ subject: string; links: string[] }[]> {
  const res = await fetch(`${baseUrl}/api/dev/emails?to=${encodeURIComponent(email)}`);
  const { emails } = (await res.json()) as { emails: { subject: string; links: string[] }[] };
  return emails.filter((e) => e.subject === 'Reset your password');
}

beforeAll(async () => {
  const ip = `100.127.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const reg = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
    body: JSON.stringify({ email, password: 'the first web passphrase' }),
  });
  expect(reg.status).toBe(201);
  browser = await launchBrowser();
  ({ page, problems } = await browser.openPage());
});
afterAll(async () => {
  await browser?.close();
});

describe('issue 24: password reset and change in Chromium', () => {
  it('issue 24: "Forgot password?" on the log-in page leads to the form, which gives the one answer', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Check your email' }).isVisible()).toBe(true);
    expect(await page.locator('[data-out="message"]').textContent()).toContain('valid for 1 hour');
  });

  it('issue 24: the emailed link opens the reset page; the new password logs in', async () => {
    await expect.poll(async () => (await resetEmails()).length, { timeout: 10_000 }).toBe(1);
    resetLink = (await resetEmails())[0].links[0];
    const res = await page.goto(resetLink);
    expect(res?.status()).toBe(200);
    await page.getByLabel('New password').fill('the second web passphrase');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Your password is reset' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Log in' }).last().click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('the second web passphrase');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.waitForURL(`${baseUrl}/app`);
  });

  it('issue 24: the account page changes the password; a wrong current one shows the API message', async () => {
    await page.getByRole('link', { name: 'Account and password' }).click();
    await page.waitForURL(`${baseUrl}/app/account`);
    await page.getByLabel('Current password', { exact: true }).fill('not the password at all');
    await page.getByLabel('New password', { exact: true }).fill('the third web passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.locator('#change-password .form-error').textContent())
      .toBe('The current password is incorrect.');
    await page.getByLabel('Current password', { exact: true }).fill('the second web passphrase');
    await page.getByLabel('New password', { exact: true }).fill('the third web passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.locator('[data-out="password-status"]').textContent())
      .toContain('Your password was changed');
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('');
    // This session continues.
    await page.goto(`${baseUrl}/app`);
    expect(await page.locator('h1').textContent()).toBe('Dashboard');
  });

  it('issue 24: the used link shows "This link did not work" with a way to ask for a new one', async () => {
    const res = await page.goto(resetLink);
    expect(res?.status()).toBe(400);
    expect(await page.locator('h1').textContent()).toBe('This link did not work');
    expect(await page.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('issue 24: 375 px wide: the password pages, the live reset form and the log-in page do not scroll sideways', async () => {
    const fitsWidth = async (what: string) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(375);
    };
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of ['/forgot-password', '/app/account', '/reset-password?token=x']) {
      // The load event: these pages fetch nothing after it (the account page is drawn by the server).
      await page.goto(`${baseUrl}${path}`);
      await fitsWidth(path);
    }
    // A fresh link, so the reset form itself is shown (the first link is used).
    const forgot = await fetch(`${baseUrl}/api/auth/forgot-password`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'CF-Connecting-IP': `100.126.${Math.floor(Math.random() * 250)}.1`,
      },
      body: JSON.stringify({ email }),
    });
    expect(forgot.status).toBe(200);
    await expect.poll(async () => (await resetEmails()).length, { timeout: 10_000 }).toBe(2);
    const fresh = (await resetEmails()).map((e) => e.links[0]).find((link) => link !== resetLink);
    expect((await page.goto(fresh!))?.status()).toBe(200);
    const submit = page.getByRole('button', { name: 'Set the new password' });
    expect(await page.getByLabel('New password').isVisible()).toBe(true);
    const box = await submit.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await fitsWidth('the live reset form');
    // Logged out (the session would send /login on to /app): the log-in page with its "Forgot password?" link.
    await browser.context.clearCookies();
    expect((await page.goto(`${baseUrl}/login`))?.status()).toBe(200);
    expect(await page.getByRole('link', { name: 'Forgot password?' }).isVisible()).toBe(true);
    await fitsWidth('/login');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('issue 24: no console error and no CSP violation on any page of the flow', () => {
    // The deliberate 400s (a wrong current password, a used link) are the API's answers, not page errors.
    expect(problems.filter((p) => !/status of (400|401)/.test(p))).toEqual([]);
  });
});
