// Decision F3: private answers are never cached. Mounted by mountOperations on every declared operation
// (and on /mcp), so no handler has to remember it; errors no route answered get the same in onError.
// - An operation that reads a credential (`auth` other than `public`) answers `Cache-Control: no-store`,
//   errors included, whatever its handler set (a handler may be stricter: `private, no-store` stays).
// - A public operation keeps the policy its handler chose (/openapi.json: `public, max-age=300`; the hosted
//   link: `private, no-store`); without one it answers `no-store` too: login sets a session, verify-email
//   spends a token, health and the dev mail sink are per-request answers.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import type { Operation } from './operation.ts';

export const NO_STORE = 'no-store';

const forbidsStoring = (value: string | null) =>
  value?.split(',').some((d) => d.trim().toLowerCase() === NO_STORE) ?? false;

export function cachePolicy(op: Pick<Operation, 'auth'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const chosen = c.res.headers.get('Cache-Control');
    const keep = op.auth === 'public' ? chosen !== null : forbidsStoring(chosen);
    if (!keep) c.res.headers.set('Cache-Control', NO_STORE);
  };
}
