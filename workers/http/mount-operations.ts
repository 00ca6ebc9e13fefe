// Registers the handlers of declared operations on a hono app, and a 405 method_not_allowed (with
// Allow) for every other method on their paths, so routing follows the declarations too. Each handler
// runs behind the cache policy its declaration's `auth` implies (cache-policy.ts, F3).
import type { Handler, Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from './api-error.ts';
import { cachePolicy } from './cache-policy.ts';
import { honoPath, type Operation } from './operation.ts';

export type OperationHandler = Handler<AppEnv>;

/** The order `Allow` lists methods in, whatever order the group declares them. */
const METHOD_ORDER = ['GET', 'POST', 'PATCH', 'DELETE'];

export function mountOperations(app: Hono<AppEnv>, entries: readonly (readonly [Operation, OperationHandler])[]): void {
  const methodsByPath = new Map<string, string[]>();
  for (const [op, handler] of entries) {
    app.on(op.method, honoPath(op.path), cachePolicy(op), handler);
    methodsByPath.set(op.path, [...(methodsByPath.get(op.path) ?? []), op.method]);
  }
  for (const [path, methods] of methodsByPath) {
    const allow = METHOD_ORDER.filter((m) => methods.includes(m)).join(', ');
    app.all(honoPath(path), (c) => {
      throw new ApiError('method_not_allowed', `${c.req.method} is not allowed on ${path}; use ${allow}`, {
        headers: { Allow: allow },
      });
    });
  }
}
