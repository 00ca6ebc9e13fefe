// D6: a cookie-authenticated state-changing request from a foreign Origin is refused with 403.
// SameSite=Lax already keeps the cookie off most cross-site POSTs; this is the second line of
// defence (same-site sibling origins, older browsers). Requests without Origin (curl, servers) pass.
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
