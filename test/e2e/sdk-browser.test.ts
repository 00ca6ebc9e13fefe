// The SDK in a browser (issue 14): packages/client bundled by esbuild for the browser platform (a Node
// import would fail the bundle), loaded into headless Chromium on a page of the service's origin, calling
// wrangler dev with the page's own fetch and Web Crypto.
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedTestEvent } from './signed-test-event.ts';
import { launchBrowser, type WebBrowser } from './web-browser.ts';

const baseUrl = inject('baseUrl');
const { apiKey } = inject('accounts')['sdk-browser'];

let browser: WebBrowser;
let page: Page;

beforeAll(async () => {
  const bundle = await build({
    entryPoints: ['packages/client/src/index.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'InvoiceSDK',
    platform: 'browser',
    write: false,
    logLevel: 'error',
  });
  // The service's JSON answers carry a strict CSP; the test's script tag is not the page's own.
  browser = await launchBrowser({ bypassCSP: true });
  page = await browser.context.newPage();
  await page.goto(`${baseUrl}/api/health`);
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
});

afterAll(async () => browser?.close());

declare const InvoiceSDK: typeof import('../../packages/client/src/index.ts');

describe('@invoice/client in Chromium', () => {
  it('generate resolves to PDF bytes and JSON totals; a refusal is an InvoiceApiError with its field', async () => {
    const result = await page.evaluate(
      async ({ apiKey, baseUrl }) => {
        const client = new InvoiceSDK.InvoiceClient({ apiKey, baseUrl });
        const request = {
          from: { name: 'Acme GmbH' },
          to: { name: 'Globex Ltd' },
          invoice: { currency: 'EUR' as const },
          items: [{ description: 'Work', quantity: 2, unit_price: 50, tax_rate: 19 }],
        };
        const pdf = await client.invoices.generate({ ...request, output: 'pdf' });
        const json = await client.invoices.generate(request);
        const bad = { ...request, items: [{ description: 'Work', quantity: -1, unit_price: 50 }] };
        const err = await client.invoices.generate(bad).catch((e) => e);
        return {
          pdfIsBytes: pdf instanceof Uint8Array,
          pdfHead: new TextDecoder().decode(pdf.subarray(0, 5)),
          total: json.invoice.grand_total,
          error: {
            typed: err instanceof InvoiceSDK.InvoiceApiError,
            status: err.status,
            code: err.code,
            field: err.field,
          },
        };
      },
      { apiKey, baseUrl },
    );
    expect(result).toEqual({
      pdfIsBytes: true,
      pdfHead: '%PDF-',
      total: 119,
      error: { typed: true, status: 400, code: 'validation_error', field: 'items[0].quantity' },
    });
  });

  it('D10: verifyWebhook runs on the browser’s Web Crypto: a signed body passes, a changed one fails', async () => {
    const { secret, raw, headers } = signedTestEvent('evt_browser');
    const outcome = await page.evaluate(
      async ({ raw, headers, secret }) => {
        const event = await InvoiceSDK.verifyWebhook(raw, new Headers(headers), secret);
        const refused = await InvoiceSDK.verifyWebhook(raw.replace('"m"', '"n"'), headers, secret).catch(
          (e) => e.reason,
        );
        return { id: event.id, refused };
      },
      { raw, headers, secret },
    );
    expect(outcome).toEqual({ id: 'evt_browser', refused: 'invalid_signature' });
  });
});
