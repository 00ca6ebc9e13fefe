// Shared by the web page tests: what every HTML answer of workers/web must carry (issue 12).
import { expect } from 'vitest';

/** Every HTML answer: CSP without inline scripts, no framing, no sniffing, no referrer, never cached. */
export function expectPageHeaders(res: Response, opts: { inlineStyles?: boolean } = {}) {
  expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
  const csp = res.headers.get('Content-Security-Policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp.includes("'unsafe-inline'")).toBe(opts.inlineStyles ?? false);
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
  expect(res.headers.get('Cache-Control')).toBe('no-store');
}

/** No script runs from the page itself: every <script> has a same-origin src or is JSON data; no on* attributes. */
export function expectNoInlineScript(html: string) {
  for (const tag of html.match(/<script\b[^>]*>/g) ?? [])
    expect(tag).toMatch(/src="\/assets\/(js|vendor)\/[\w-]+\.js"/);
  expect(html).not.toMatch(/<[^>]+\son[a-z]+=/i);
}
