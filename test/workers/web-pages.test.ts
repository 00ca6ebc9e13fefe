// Issue 12: the HTML pages of workers/web answer with their security headers, the right language and
// direction, and only this origin's scripts (no inline <script>, no inline event handlers); the
// verification link answers a page to browsers and JSON to everyone else; /app needs a session.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import clientPackage from '../../packages/client/package.json';
import { MCP_TOOLS } from '../../workers/mcp/mcp-tools.ts';
import { BASE, call, latestEmail, login, register, uniqueEmail } from './accounts-fixtures.ts';
import { expectNoInlineScript, expectPageHeaders } from './web-fixtures.ts';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await exports.default.fetch(`${BASE}${path}`, {
    headers: { Accept: BROWSER_ACCEPT, ...headers },
    redirect: 'manual',
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
    expect(html).not.toMatch(/(src|href)="https?:/); // nothing from another origin
  });

  it('/ shows the live example with totals computed by the model (D1): 12 × 85 + 240, −10 %, +20 % tax', async () => {
    const { html } = await page('/');
    expect(html).toContain('data-out="subtotal">€1,260.00<');
    expect(html).toContain('data-out="discount">€126.00<');
    expect(html).toContain('data-out="tax">€226.80<');
    expect(html).toContain('data-out="total">€1,360.80<');
  });

  it.each([
    ['/', 'landing-page'],
    ['/signup', 'signup-page'],
    ['/login', 'login-page'],
    ['/docs', 'docs-page'],
    ['/docs/sdk', 'site-page'],
    ['/docs/mcp', 'site-page'],
    ['/account-closed', 'site-page'], // issue 24: where "Close account" leads
  ])('%s: 200, headers, its own client module, every input labelled', async (path, script) => {
    const { res, html } = await page(path);
    expect(res.status).toBe(200);
    expectPageHeaders(res, { inlineStyles: path === '/docs' });
    expectNoInlineScript(html);
    expect(html).toContain(`src="/assets/js/${script}.js"`);
    expect(html).toMatch(/<html lang="en" dir="ltr">/);
    const ids = [...html.matchAll(/<(?:input|select|textarea)\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
    for (const id of ids) expect(html, id).toContain(`for="${id}"`);
    expect(html).not.toMatch(/<(input|select|textarea)\b(?![^>]*\bid=)(?![^>]*type="checkbox")[^>]*>/);
  });

  it('issue 14: /docs links the SDK and MCP guides; each guide links back and to the other', async () => {
    for (const path of ['/docs', '/docs/sdk', '/docs/mcp']) {
      const { html } = await page(path);
      for (const href of ['/docs', '/docs/sdk', '/docs/mcp', '/openapi.json'])
        expect(html, path).toContain(`href="${href}"`);
      expect(html, path).toContain(`href="${path}" aria-current="page"`);
    }
  });

  it('issue 14, 27: /docs/mcp lists every tool the server offers with its cost, and the connection for this host', async () => {
    const { html } = await page('/docs/mcp');
    for (const tool of MCP_TOOLS) expect(html).toContain(`<code>${tool.name}</code>`);
    expect(html).toContain('1 call in the hourly and weekly windows');
    // issue 27: the descriptions' `code` is shown as code, not as raw backticks
    const table = html.slice(html.indexOf('<table'), html.indexOf('</table>'));
    expect(MCP_TOOLS.some((tool) => tool.description.includes('`'))).toBe(true);
    expect(table).not.toContain('`');
    // the desktop snippet is examples/mcp-client-config.json pointed at this host
    expect(html).toContain(`${BASE}/mcp`);
    expect(html).not.toContain('invoices.example.com');
    expect(html).toContain('mcp-remote');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the snippet's literal placeholder, expanded by mcp-remote
    expect(html).toContain('Authorization:${INVOICE_AUTH_HEADER}');
  });

  it('issue 14, 27: /docs/sdk shows the install from this host, the client set up for it and the webhook check', async () => {
    const { html } = await page('/docs/sdk');
    expect(html).toContain(`npm install ${BASE}/sdk/invoice-client-${clientPackage.version}.tgz`);
    expect(html).toContain('npm install @invoice/client</code>');
    expect(html).toContain(`baseUrl: &#39;${BASE}&#39;`);
    expect(html).toContain('verifyWebhook');
    expect(html).toContain('InvoiceApiError');
  });

  it('/docs points the reference viewer at /openapi.json', async () => {
    const { html } = await page('/docs');
    expect(html).toContain('data-openapi-url="/openapi.json"');
  });

  it.each(['/app', '/app/webhooks', '/app/keys', '/app/documents'])(
    '%s without a session redirects to /login (and back afterwards)',
    async (path) => {
      for (const cookie of [undefined, `inv_session=${'x'.repeat(43)}`]) {
        const { res } = await page(path, cookie ? { Cookie: cookie } : {});
        expect(res.status).toBe(303);
        expect(res.headers.get('Location')).toBe(`/login?next=${encodeURIComponent(path)}`);
      }
      const { html } = await page(`/login?next=${encodeURIComponent(path)}`);
      expect(html).toContain(`data-next="${path}"`);
    },
  );

  it('an unknown page path is a 404 page for browsers; API paths and other clients keep the JSON body', async () => {
    const { res, html } = await page('/no-such-page');
    expect(res.status).toBe(404);
    expectPageHeaders(res);
    expect(html).toContain('Page not found');
    const api = await page('/api/no-such-route');
    expect(api.res.status).toBe(404);
    expect(JSON.parse(api.html).error.code).toBe('not_found');
    // Under /app, without a session, even a missing page sends to log in.
    expect((await page('/app/no-such-page')).res.headers.get('Location')).toBe('/login?next=%2Fapp');
    const curl = await exports.default.fetch(`${BASE}/no-such-page`);
    expect(curl.status).toBe(404);
    expect(((await curl.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('/login never sends the reader to another origin after logging in', async () => {
    for (const next of ['//evil.example/app', 'https://evil.example', '/app/../../x', 'javascript:alert(1)']) {
      const { html } = await page(`/login?next=${encodeURIComponent(next)}`);
      expect(html).toContain('data-next="/app"');
    }
  });

  it('with a session, the header shows the signed-in links and /login, /signup go to the dashboard', async () => {
    const email = uniqueEmail('web-nav');
    await register(email);
    const cookie = await login(email);
    const { html } = await page('/', { Cookie: cookie });
    expect(html).toContain('href="/app"');
    expect(html).toContain('href="/app/webhooks"');
    expect(html).toContain('href="/app/keys"');
    expect(html).toContain('data-action="logout"');
    expect((await page('/login', { Cookie: cookie })).res.headers.get('Location')).toBe('/app');
    expect((await page('/signup', { Cookie: cookie })).res.headers.get('Location')).toBe('/app');
  });

  it('D6: the verification link opened by a browser answers a page that says it worked and leads to log in', async () => {
    const email = uniqueEmail('web-verify');
    await register(email);
    const link = (await latestEmail(email)).links[0];
    const { res, html } = await page(new URL(link).pathname + new URL(link).search);
    expect(res.status).toBe(200);
    expectPageHeaders(res);
    expectNoInlineScript(html);
    expect(html).toContain('Your email address is verified');
    expect(html).toContain('href="/login"');
    // Used now: the same link again is the error page (400), still a page.
    const again = await page(new URL(link).pathname + new URL(link).search);
    expect(again.res.status).toBe(400);
    expect(again.html).toContain('This link did not work');
    // The account is verified: key creation works.
    const cookie = await login(email);
    const key = await call('/api/auth/generate-api-key', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    });
    expect(key.status).toBe(200);
  });

  it('D6: the same link without a browser Accept stays JSON (API clients, curl)', async () => {
    const email = uniqueEmail('web-verify-json');
    await register(email);
    const link = (await latestEmail(email)).links[0];
    const res = await call(new URL(link).pathname + new URL(link).search, { headers: { Accept: '*/*' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
  });
});
