// Issue 12, the playground: `/app/playground` needs a session (else to the log-in page), answers HTML
// with its CSP (which allows blob: frames, for the PDF preview, on this page only), labels every
// control, and `?lang=ar` shows the page right to left.
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, login, register, uniqueEmail, verify } from './accounts-fixtures.ts';
import { expectNoInlineScript, expectPageHeaders } from './web-fixtures.ts';

let cookie = '';
let email = '';

beforeAll(async () => {
  email = uniqueEmail('playground');
  await register(email);
  await verify(email);
  cookie = await login(email);
});

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await exports.default.fetch(`${BASE}${path}`, {
    headers: { Accept: 'text/html', ...headers },
    redirect: 'manual',
  });
  return { res, html: await res.text() };
}

describe('/app/playground (issue 12)', () => {
  it('without a session, redirects to /login (and back afterwards)', async () => {
    for (const headers of [{}, { Cookie: 'inv_session=not-a-session' }] as Record<string, string>[]) {
      const { res } = await page('/app/playground', headers);
      expect(res.status).toBe(303);
      expect(res.headers.get('Location')).toBe('/login?next=%2Fapp%2Fplayground');
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    }
  });

  it('with a session: HTML with its CSP (blob: frames for the preview only), its module, the nav link', async () => {
    const { res, html } = await page('/app/playground', { Cookie: cookie });
    expect(res.status).toBe(200);
    expectPageHeaders(res);
    expectNoInlineScript(html);
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain('frame-src blob:');
    expect(csp).not.toContain('object-src');
    expect(csp).toContain("connect-src 'self'");
    expect(html.startsWith('<!DOCTYPE html><html lang="en" dir="ltr">')).toBe(true);
    expect(html).toContain('<script type="module" src="/assets/js/playground-page.js">');
    expect(html).toContain('<a href="/app/playground" aria-current="page">Playground</a>');
    // The starting request travels as data, not as script.
    expect(html).toMatch(/data-request="\{&quot;from&quot;/);
    expect(html).not.toMatch(/inv_live_|api_key/);
    // Other pages keep the strict policy.
    const landing = await page('/', { Cookie: cookie });
    expect(landing.res.headers.get('Content-Security-Policy')).not.toContain('frame-src');
  });

  it('every control has a label, every item row control too (in the row template)', async () => {
    const { html } = await page('/app/playground', { Cookie: cookie });
    const ids = [...html.matchAll(/<(?:input|select|textarea)\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(30);
    for (const id of ids) expect(html, id).toContain(`for="${id}"`);
    expect(html).not.toMatch(/<(input|select|textarea)\b(?![^>]*\bid=)[^>]*>/);
    for (const name of ['description', 'quantity', 'unit-price', 'tax-rate', 'discount', 'discount-type'])
      expect(ids).toContain(`item-0-${name}`);
    expect(ids).toEqual(expect.arrayContaining(['pg-json', 'logo', 'accent-color', 'invoice-currency']));
    // Every button says what it does.
    for (const button of html.match(/<button\b[^>]*>[^<]*<\/button>/g) ?? [])
      expect(button.replace(/<[^>]+>/g, '').trim().length, button).toBeGreaterThan(2);
  });

  it('offers every ISO 4217 currency (C-ISO, the spec’s 21 first), the 11 languages and the 5 templates', async () => {
    const { html } = await page('/app/playground', { Cookie: cookie });
    const options = (id: string) =>
      [
        ...(new RegExp(`<select[^>]*id="${id}"[^>]*>(.*?)</select>`, 's').exec(html)?.[1] ?? '').matchAll(
          /<option value="([^"]+)"/g,
        ),
      ].map((m) => m[1]);
    expect(options('invoice-currency')).toHaveLength(155);
    expect(options('invoice-currency').slice(0, 3)).toEqual(['USD', 'EUR', 'GBP']);
    expect(options('invoice-language')).toEqual(['en', 'nl', 'de', 'fr', 'es', 'pt', 'ar', 'ja', 'ru', 'it', 'hi']);
    expect(options('template')).toEqual(['classic', 'modern', 'bold', 'minimal', 'navy']);
  });

  it('?lang=ar shows the page right to left, starting from an Arabic invoice; the chrome stays marked English', async () => {
    const { res, html } = await page('/app/playground?lang=ar', { Cookie: cookie });
    expect(res.status).toBe(200);
    expect(html.startsWith('<!DOCTYPE html><html lang="ar" dir="rtl">')).toBe(true);
    expect(html).toContain('<header class="site-header" lang="en">');
    expect(html).toContain('&quot;language&quot;:&quot;ar&quot;');
    const other = await page('/app/playground?lang=xx', { Cookie: cookie });
    expect(other.html.startsWith('<!DOCTYPE html><html lang="en" dir="ltr">')).toBe(true);
  });
});
