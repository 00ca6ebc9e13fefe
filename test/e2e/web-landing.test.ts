// Issue 12 in a real browser: the landing page loads its bundle and stylesheet from the Worker's static
// assets (nothing from a CDN), breaks no CSP rule, and its live example computes the API's totals.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FAVICON, launchBrowser, type WebBrowser } from './web-browser.ts';

const baseUrl = inject('baseUrl');
let browser: WebBrowser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('landing page in Chromium (issue 12)', () => {
  it('loads its assets from this origin only, with no console error or CSP violation', async () => {
    const { page, problems } = await browser.openPage();
    const origins = new Set<string>();
    page.on('request', (r) => origins.add(new URL(r.url()).origin));
    const res = await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    // One level-1 heading, as the accessibility tree sees it, and it is the page's title.
    const heading = page.getByRole('heading', { level: 1 });
    expect(await heading.count()).toBe(1);
    expect(await heading.textContent()).toBe('Invoices from one JSON call');
    expect(await page.locator('h1').textContent()).toBe('Invoices from one JSON call');
    // The stylesheet applied (the header's background is white, the body's is not).
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(244, 246, 249)');
    expect([...origins]).toEqual([baseUrl]);
    const js = await page.request.get(`${baseUrl}/assets/js/landing-page.js`);
    expect(js.headers()['content-type']).toMatch(/javascript/);
    expect(js.headers()['x-content-type-options']).toBe('nosniff');
    // The icon every page links to is served from this origin too.
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe(FAVICON);
    const icon = await page.request.get(`${baseUrl}${FAVICON}`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the live example recomputes as you type, and agrees with the API (D1)', async () => {
    const { page, problems } = await browser.openPage();
    await page.goto(`${baseUrl}/`);
    const out = (name: string) => page.locator(`[data-out="${name}"]`).textContent();
    expect(await out('total')).toBe('€1,360.80');

    await page.getByLabel('Quantity').first().fill('10');
    // 10 × 85 + 240 = 1,090.00; −10 % = 109.00; tax 20 % of 981.00 = 196.20; total 1,177.20
    await expect.poll(() => out('total')).toBe('€1,177.20');
    expect(await out('subtotal')).toBe('€1,090.00');
    expect(await out('discount')).toBe('€109.00');
    expect(await out('tax')).toBe('€196.20');

    await page.getByLabel('Currency').selectOption('JPY');
    await expect.poll(() => out('total')).toBe('¥1,177');

    // The same request, as the page shows it, sent to the anonymous JSON API.
    const body = await page.locator('[data-out="json"]').textContent();
    const res = await fetch(`${baseUrl}/api/generate-invoice`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body!,
    });
    expect(res.status).toBe(200);
    const invoice = ((await res.json()) as { invoice: Record<string, number> }).invoice;
    expect([invoice.subtotal, invoice.discount_total, invoice.total_tax, invoice.grand_total]).toEqual([
      1090, 109, 196, 1177,
    ]);

    await page.getByLabel('Tax %').fill('150');
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/global_tax/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('375 px wide: no public page scrolls sideways', async () => {
    const { page, problems } = await browser.openPage();
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of ['/', '/signup', '/login', '/docs', '/docs/sdk', '/docs/mcp']) {
      // The public pages ask the API nothing after their load event, except /docs: Scalar's viewer asks for
      // /openapi.json once parsed, and waiting for that answer keeps the next goto from cancelling it
      // (net::ERR_ABORTED, a race of the test) and measures the rendered reference.
      const spec = path === '/docs' ? page.waitForResponse((r) => r.url().endsWith('/openapi.json')) : undefined;
      await page.goto(`${baseUrl}${path}`);
      if (spec) {
        await spec;
        await page
          .getByText('Generate one invoice as JSON totals, PDF, UBL, CII or Factur-X')
          .first()
          .waitFor({ state: 'attached' });
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
