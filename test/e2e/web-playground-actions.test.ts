// Issue 12, the playground's calls in headless Chromium, signed in: the PDF and UBL downloads carry the
// invoice number, Preview through the real POST /api/preview (decision W2: a PDF marked PREVIEW on every
// page, shown in a blob: frame) and its 429 wording, the logo upload, the curl command, and no key in
// storage or the URL.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type PlaygroundSession, playgroundSession, typeJson } from './web-playground-session.ts';

const baseUrl = inject('baseUrl');
let session: PlaygroundSession;
const dir = mkdtempSync(join(tmpdir(), 'web-preview-'));
const open = (path?: string) => session.open(path);
let saved = 0;
/** The downloaded file, copied here: the run's Chromium is a remote browser to this file, so it has no local path. */
async function savedFile(download: Download): Promise<string> {
  const file = join(dir, `download-${++saved}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return file;
}

beforeAll(async () => {
  session = await playgroundSession(baseUrl);
});
afterAll(async () => {
  await session?.browser.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('playground calls in Chromium (issue 12)', () => {
  it('downloads the PDF, the UBL, the CII and the Factur-X PDF under the invoice number, four distinct names (issue 27), with the session cookie', async () => {
    const { page, problems } = await open();
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe('INV-2026-0042.pdf');
    const pdfPath = await savedFile(pdf);
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', [pdfPath, '-']).toString();
    expect(text).toContain('INV-2026-0042');
    // Only the preview is marked (below); the generated PDF is not.
    expect(text).not.toContain('PREVIEW');
    await expect.poll(() => page.locator('[data-action-status]').textContent()).toBe('Downloaded INV-2026-0042.pdf.');

    const [ubl] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download UBL' }).click(),
    ]);
    expect(ubl.suggestedFilename()).toBe('INV-2026-0042.ubl.xml');
    const xml = readFileSync(await savedFile(ubl), 'utf8');
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml).toContain('<cbc:ID>INV-2026-0042</cbc:ID>');

    // Issue 13: the CII and the Factur-X PDF (the CII embedded as factur-x.xml) download the same way.
    const [cii] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CII' }).click(),
    ]);
    expect(cii.suggestedFilename()).toBe('INV-2026-0042.cii.xml');
    const ciiXml = readFileSync(await savedFile(cii), 'utf8');
    expect(ciiXml).toContain('<rsm:CrossIndustryInvoice');
    expect(ciiXml).toContain('<ram:ID>INV-2026-0042</ram:ID>');
    const [facturx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Factur-X' }).click(),
    ]);
    expect(facturx.suggestedFilename()).toBe('INV-2026-0042.facturx.pdf');
    const facturxPath = await savedFile(facturx);
    expect(execFileSync('pdfdetach', ['-list', facturxPath]).toString()).toMatch(/^1: factur-x\.xml$/m);
    expect(execFileSync('pdftotext', [facturxPath, '-']).toString()).toContain('INV-2026-0042');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('Preview: the real POST /api/preview, with the session cookie, shows a PREVIEW-marked PDF in a blob: frame', async () => {
    const { page, problems } = await open();
    const error = page.locator('[data-action-error]');
    const frame = page.locator('[data-preview-frame]');
    /**
     * Clicks Preview; returns the request it sent and that request's PDF, sent again from the page with its
     * session cookie (Chromium keeps no body of a response the page reads as a blob, and the page's CSP,
     * rightly, lets no script fetch the frame's blob: URL).
     */
    const preview = async () => {
      const before = await frame.getAttribute('src');
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.url() === `${baseUrl}/api/preview` && r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Preview' }).click(),
      ]);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^application\/pdf/);
      await expect.poll(() => frame.getAttribute('src')).not.toBe(before);
      expect(await frame.getAttribute('src')).toMatch(/^blob:/);
      const again = await page.evaluate(async (body) => {
        const r = await fetch('/api/preview', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json' },
          body,
        });
        const bytes = new Uint8Array(await r.arrayBuffer());
        let binary = '';
        for (const b of bytes) binary += String.fromCharCode(b);
        return { status: r.status, type: r.headers.get('Content-Type'), base64: btoa(binary) };
      }, res.request().postData() ?? '');
      expect(again).toMatchObject({ status: 200, type: expect.stringMatching(/^application\/pdf/) });
      return { request: res.request(), pdf: Buffer.from(again.base64, 'base64') };
    };
    /** pdftotext's text of each page (it ends every page with a form feed). */
    const pagesOf = (pdf: Buffer) => {
      const path = join(dir, `preview-${crypto.randomUUID()}.pdf`);
      writeFileSync(path, pdf);
      return execFileSync('pdftotext', ['-layout', path, '-']).toString().split('\f').slice(0, -1);
    };

    const first = await preview();
    // The page's own fetch: JSON body, the session cookie, no API key (W2 refuses any Authorization header).
    const headers = await first.request.allHeaders();
    expect(headers['content-type']).toBe('application/json');
    expect(headers.cookie).toContain(session.cookie);
    expect(headers.authorization).toBeUndefined();
    expect(first.request.postDataJSON()).toMatchObject({ output: 'pdf', invoice: { number: 'INV-2026-0042' } });
    expect(first.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pagesOf(first.pdf);
    expect(pages.length).toBeGreaterThan(0);
    for (const text of pages) expect(text).toContain('PREVIEW');
    expect(pages.join('\n')).toContain('INV-2026-0042');
    expect(await frame.isVisible()).toBe(true);
    expect(await error.isHidden()).toBe(true);
    await expect
      .poll(() => page.locator('[data-action-status]').textContent())
      .toBe('The preview below shows the invoice as it is now.');

    // A longer invoice spans pages: the watermark is on every one, and the frame gets a new blob: URL.
    const body = JSON.parse(await page.locator('#pg-json').inputValue());
    body.invoice.number = 'INV-2026-0043';
    body.items = Array.from({ length: 60 }, (_, i) => ({ ...body.items[0], description: `Line ${i + 1}` }));
    await typeJson(page, body);
    const second = await preview();
    const long = pagesOf(second.pdf);
    expect(long.length).toBeGreaterThan(1);
    for (const text of long) expect(text).toContain('PREVIEW');
    expect(long.join('\n')).toContain('INV-2026-0043');

    // Faked, since 120 real previews are too slow here (the limit itself is tested in workerd): the page
    // words a 429 with its Retry-After.
    await page.route('**/api/preview', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
        body: JSON.stringify({ success: false, error: { code: 'rate_limit_exceeded', message: 'Too many previews.' } }),
      }),
    );
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => error.textContent()).toBe('Too many previews. Try again in 120 seconds.');
    expect(await error.getAttribute('role')).toBe('alert');
    await page.waitForTimeout(500);
    // Chromium itself logs the faked 429; nothing else may be logged.
    expect(problems.filter((p) => !/Failed to load resource: .* status of 429/.test(p))).toEqual([]);
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
