// Cross-site defences for cookie-authenticated writes (D6, issue 10.8). SameSite=Lax already keeps the
// cookie off most cross-site POSTs; these are the second line of defence (same-site sibling origins,
// older browsers, login CSRF).
// - A state-changing request from a foreign Origin (or Sec-Fetch-Site cross-site / same-site) is 403.
//   Requests without Origin (curl, servers) pass.
// - A cookie-authenticated state-changing request must say `Content-Type: application/json`, else 415:
//   a plain HTML form can only send form encodings or text/plain, and any other type needs a CORS
//   preflight this Worker never grants. Bodyless writes from the web app send the header too.
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function assertSameOriginWrite(c: Context<AppEnv>): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  const origin = c.req.header('Origin');
  const fetchSite = c.req.header('Sec-Fetch-Site');
  const foreignOrigin = origin !== undefined && origin !== new URL(c.req.url).origin;
  const foreignSite = fetchSite === 'cross-site' || fetchSite === 'same-site';
  if (foreignOrigin || foreignSite) {
    throw new ApiError(
      'forbidden_origin',
      'Cross-origin requests cannot use the session cookie; send an API key instead.',
    );
  }
}

/** The media type of the request, lower-cased, without parameters (`application/json; charset=utf-8` → `application/json`). */
function mediaType(c: Context<AppEnv>): string {
  return (c.req.header('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
}

const COOKIE_JSON_MESSAGE =
  'Content-Type: must be application/json for requests authenticated by the session cookie (even without a body); API-key calls may omit it.';

/** `message`: what the 415 says; the default is the cookie writes' (the public account routes word their own). */
export function assertJsonWrite(c: Context<AppEnv>, message = COOKIE_JSON_MESSAGE): void {
  if (SAFE_METHODS.has(c.req.method) || mediaType(c) === 'application/json') return;
  throw new ApiError('unsupported_media_type', message);
}

/**
 * The public account routes a web page drives (register, forgot and reset password; issue 24): a foreign
 * Origin is 403 and anything but JSON 415, like a cookie write, so no other site can drive them from a form.
 */
export function assertBrowserSafeWrite(c: Context<AppEnv>): void {
  assertSameOriginWrite(c);
  assertJsonWrite(c, 'Content-Type: must be application/json.');
}
