// Issue 12, the playground's calls in headless Chromium, signed in: the PDF and UBL downloads carry the
// invoice number, Preview shows the API's refusal (POST /api/preview is not in this branch) and a PDF it
// answers (routed here), the logo upload, the curl command, and no key in storage or the URL.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type PlaygroundSession, playgroundSession } from './web-playground-session.ts';

const baseUrl = inject('baseUrl');
let session: PlaygroundSession;
const open = (path?: string) => session.open(path);

beforeAll(async () => {
  session = await playgroundSession(baseUrl);
});
afterAll(async () => {
  await session?.browser.close();
});

describe('playground calls in Chromium (issue 12)', () => {
  it('downloads the PDF and the UBL under the invoice number, with the session cookie', async () => {
    const { page, problems } = await open();
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe('INV-2026-0042.pdf');
    const pdfPath = await pdf.path();
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    expect(execFileSync('pdftotext', [pdfPath, '-']).toString()).toContain('INV-2026-0042');
    await expect.poll(() => page.locator('[data-action-status]').textContent()).toBe('Downloaded INV-2026-0042.pdf.');

    const [ubl] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download UBL' }).click(),
    ]);
    expect(ubl.suggestedFilename()).toBe('INV-2026-0042.xml');
    const xml = readFileSync(await ubl.path(), 'utf8');
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml).toContain('<cbc:ID>INV-2026-0042</cbc:ID>');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('Preview: shows the API refusal as it is, and a PDF the API answers in a blob: frame', async () => {
    const { page, problems } = await open();
    const error = page.locator('[data-action-error]');
    // Not in this branch yet: the API's own 404 message.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => error.textContent()).toBe('No route for POST /api/preview');
    expect(await error.getAttribute('role')).toBe('alert');

    // The contract's 429, with Retry-After.
    await page.route('**/api/preview', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
        body: JSON.stringify({ success: false, error: { code: 'rate_limit_exceeded', message: 'Too many previews.' } }),
      }),
    );
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => error.textContent()).toBe('Too many previews. Try again in 120 seconds.');

    // The contract's 200: a PDF (here the generate-invoice PDF of the same body), shown in the page.
    let sent: Record<string, unknown> = {};
    await page.unroute('**/api/preview');
    await page.route('**/api/preview', async (route) => {
      sent = route.request().postDataJSON();
      const headers = route.request().headers();
      expect(headers['content-type']).toBe('application/json');
      const res = await fetch(`${baseUrl}/api/generate-invoice`, {
        method: 'POST',
        headers: { Cookie: session.cookie, 'Content-Type': 'application/json' },
        body: route.request().postData() ?? '',
      });
      await route.fulfill({ status: 200, contentType: 'application/pdf', body: Buffer.from(await res.arrayBuffer()) });
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    const frame = page.locator('[data-preview-frame]');
    await expect.poll(() => frame.getAttribute('src')).toMatch(/^blob:/);
    expect(await frame.isVisible()).toBe(true);
    expect(await error.isHidden()).toBe(true);
    expect(sent).toMatchObject({ output: 'pdf', invoice: { number: 'INV-2026-0042' } });
    await page.waitForTimeout(500);
    // Chromium itself logs the 404 and 429 answers; nothing else may be logged.
    expect(problems.filter((p) => !/Failed to load resource: .* status of (404|429)/.test(p))).toEqual([]);
    await page.close();
  });

  it('logo upload, the curl command, and no key or secret in storage or the URL', async () => {
    const { page, problems } = await open();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.setInputFiles('#logo', { name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(async () => JSON.parse(await page.locator('#pg-json').inputValue()).from.logo)
      .toBe(`data:image/png;base64,${png.toString('base64')}`);
    expect(await page.locator('[data-logo-preview]').isVisible()).toBe(true);
    const big = Buffer.alloc(2.6 * 1024 * 1024, 1);
    await page.setInputFiles('#logo', { name: 'big.png', mimeType: 'image/png', buffer: big });
    await expect
      .poll(() => page.locator('#logo-error').textContent())
      .toBe('This file is 2.6 MB; a logo may be at most 2.5 MB.');
    expect(JSON.parse(await page.locator('#pg-json').inputValue()).from.logo).toMatch(/^data:image\/png/);
    await page.getByRole('button', { name: 'Remove the logo' }).click();
    expect(JSON.parse(await page.locator('#pg-json').inputValue()).from.logo).toBeUndefined();

    const curl = await page.locator('[data-curl]').textContent();
    expect(curl).toContain(`curl -X POST '${baseUrl}/api/generate-invoice'`);
    expect(curl).toContain('Authorization: Bearer $API_KEY');
    expect(curl).not.toContain(session.apiKey);
    await page.getByRole('button', { name: 'Copy the command' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(curl);
    const body = curl!.slice(curl!.indexOf('{'), curl!.lastIndexOf('}') + 1);
    expect(JSON.parse(body)).toEqual(JSON.parse(await page.locator('#pg-json').inputValue()));

    const storage = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(storage).toBe('{}{}');
    expect(page.url()).toBe(`${baseUrl}/app/playground`);
    expect(problems).toEqual([]);
    await page.close();
  });
});
