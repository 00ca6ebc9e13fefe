// Headers of every HTML page the Worker renders (issue 12): a Content-Security-Policy that allows only
// this origin's own scripts (no inline <script>, no inline event handlers, no eval), no framing, and
// no referrer. The static files under /assets get theirs from web/dist/_headers (scripts/build-web.mjs).

/** What a page may load beyond the strict default. */
export interface PagePolicy {
  /**
   * The API reference viewer injects its stylesheet as <style> elements and sets style attributes
   * from script; a nonce or hash cannot cover those, so /docs alone allows inline styles (never
   * inline scripts). docs/decisions.md A3.
   */
  inlineStyles?: boolean;
  /**
   * The playground shows the PDF preview it fetched as a blob: URL in an <iframe>: `frame-src blob:` on
   * that page only (the browser's PDF viewer needs nothing more). Only the page's own script can make
   * such a URL. docs/decisions.md A-PG1.
   */
  blobFrames?: boolean;
}

function contentSecurityPolicy(policy: PagePolicy = {}): string {
  const directives: Record<string, string> = {
    'default-src': "'none'",
    'script-src': "'self'",
    'style-src': policy.inlineStyles ? "'self' 'unsafe-inline'" : "'self'",
    'img-src': "'self' data:",
    'font-src': "'self'",
    'connect-src': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
    'base-uri': "'none'",
  };
  if (policy.blobFrames) directives['frame-src'] = 'blob:';
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

export function pageHeaders(policy: PagePolicy = {}): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': contentSecurityPolicy(policy),
    'X-Content-Type-Options': 'nosniff',
    // The verification page's URL carries its token; no page needs to tell others where the reader came from.
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    // Pages show who is signed in (and the dashboard shows usage): never cached, by browsers or proxies.
    'Cache-Control': 'no-store',
    Vary: 'Cookie',
  };
}
