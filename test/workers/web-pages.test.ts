// Issue 12: the HTML pages of workers/web answer with their security headers, the right language and
// direction, and only this origin's scripts (no inline <script>, no inline event handlers).
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE } from './accounts-fixtures.ts';
import { expectNoInlineScript, expectPageHeaders } from './web-fixtures.ts';

async function page(path: string, init: RequestInit = {}) {
  const res = await exports.default.fetch(`${BASE}${path}`, {
    ...init,
    headers: { Accept: 'text/html', ...init.headers },
  });
  return { res, html: await res.text() };
}

describe('web pages (issue 12)', () => {
  it('/ is the landing page: HTML, lang and dir, its CSP, links to sign up and to the reference', async () => {
    const { res, html } = await page('/');
    expect(res.status).toBe(200);
    expectPageHeaders(res);
    expectNoInlineScript(html);
    expect(html.startsWith('<!DOCTYPE html><html lang="en" dir="ltr">')).toBe(true);
    expect(html).toContain('href="/signup"');
    expect(html).toContain('href="/docs"');
    expect(html).toContain('<script type="module" src="/assets/js/landing-page.js">');
    expect(html).toContain('href="/assets/css/app.css"');
    expect(html).not.toMatch(/https?:\/\/(?!localhost)[^"']*\.(js|css)/); // nothing from a CDN
  });

  it('/ shows the live example with totals computed by the model (D1): 12 × 85 + 240, −10 %, +20 % tax', async () => {
    const { html } = await page('/');
    expect(html).toContain('data-out="subtotal">€1,260.00<');
    expect(html).toContain('data-out="discount">€126.00<');
    expect(html).toContain('data-out="tax">€226.80<');
    expect(html).toContain('data-out="total">€1,360.80<');
  });

  it('every input of the landing page has a label', async () => {
    const { html } = await page('/');
    const ids = [...html.matchAll(/<(?:input|select)\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(5);
    for (const id of ids) expect(html).toContain(`for="${id}"`);
    expect(html).not.toMatch(/<(input|select)\b(?![^>]*\bid=)[^>]*>/);
  });
});
