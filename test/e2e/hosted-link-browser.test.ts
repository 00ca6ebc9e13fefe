// D9 in a real browser: a hosted_url from an authenticated generate call, opened in headless
// Chromium (web-browser.ts: Debian's /usr/bin/chromium driven by playwright-core) with no credentials at all.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readQrOnPages } from '../support/page-raster.ts';
import { launchBrowser, type WebBrowser } from './web-browser.ts';
import { sampleInvoice, verifiedAccount } from './webhooks-fixtures.ts';

const baseUrl = inject('baseUrl');
type Json = Record<string, any>;

/** The QR code on page 1 at 150 dpi (poppler, jsQR). */
function qrOnFirstPage(pdf: Uint8Array, dir: string): string | undefined {
  writeFileSync(join(dir, 'in.pdf'), pdf);
  return readQrOnPages(join(dir, 'in.pdf'), [1]);
}

describe('hosted link in headless Chromium (D9)', () => {
  let web: WebBrowser;
  let hostedUrl: string;
  let number: string;

  beforeAll(async () => {
    const { apiKey } = await verifiedAccount(baseUrl, 'hosted-browser');
    const res = await fetch(`${baseUrl}/api/generate-invoice`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(sampleInvoice()),
    });
    expect(res.status).toBe(200);
    const invoice = ((await res.json()) as Json).invoice;
    hostedUrl = invoice.hosted_url;
    number = invoice.number;
    expect(hostedUrl).toMatch(new RegExp(`^${baseUrl}/api/i/[0-9A-Za-z]{22}\\?t=[A-Za-z0-9_-]{43}$`));

    web = await launchBrowser();
  });

  afterAll(async () => {
    await web?.close();
  });

  it('D9: the browser gets the PDF inline (application/pdf, inline disposition) and shows it, no download', async () => {
    // A context of its own, without any cookie.
    const browser = await web.newContext();
    const page = await browser.newPage();
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));
    const response = await page.goto(hostedUrl, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(await response?.headerValue('content-type')).toBe('application/pdf');
    expect(await response?.headerValue('content-disposition')).toMatch(
      new RegExp(`^inline; filename="${number}\\.pdf"`),
    );
    // response.body() would give the viewer's page: fetch the bytes through the same (cookie-less) browser context
    const bytes = await (await browser.request.get(hostedUrl)).body();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Chromium's built-in PDF viewer (an extension frame) displays it at the hosted URL
    expect(page.url()).toBe(hostedUrl);
    await expect
      .poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/')))
      .toBe(true);
    expect(downloads).toEqual([]);
    await page.close();
  });

  it('D9: the same link as JSON, and a tampered link is 404 in the browser too, as the dead-link page (H22)', async () => {
    const page = await (await web.newContext()).newPage();
    const json = await page.goto(`${hostedUrl}&format=json`);
    expect(json?.status()).toBe(200);
    expect(((await json!.json()) as Json).invoice.number).toBe(number);
    const bad = await page.goto(hostedUrl.replace(/t=./, (m) => (m.endsWith('A') ? 't=B' : 't=A')));
    // A browser gets the dead-link page in the recipient's terms (H22), still a 404.
    expect(bad?.status()).toBe(404);
    expect(bad?.headers()['content-type']).toMatch(/^text\/html/);
    expect(await page.locator('h1').textContent()).toBe('This invoice link is no longer valid');
    await page.close();
  });

  it('spec: the QR code in the hosted PDF encodes the hosted link, or payment.qr when given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hosted-qr-'));
    try {
      const pdf = new Uint8Array(await (await fetch(hostedUrl)).arrayBuffer());
      expect(qrOnFirstPage(pdf, dir)).toBe(hostedUrl);

      const { apiKey } = await verifiedAccount(baseUrl, 'hosted-qr');
      const pay = 'https://pay.example.com/checkout/INV-QR-1';
      const res = await fetch(`${baseUrl}/api/generate-invoice`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(sampleInvoice({ payment: { qr: { type: 'url', value: pay } } })),
      });
      const invoice = ((await res.json()) as Json).invoice;
      expect(invoice.qr).toEqual({ source: 'payment', type: 'url', payload: pay });
      const paid = new Uint8Array(await (await fetch(invoice.hosted_url)).arrayBuffer());
      expect(qrOnFirstPage(paid, dir)).toBe(pay);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
