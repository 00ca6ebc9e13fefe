import type { Hono } from 'hono';
import { ApiError } from './api-error.ts';

/** Registers a 405 method_not_allowed answer (with Allow) for every other method on a known path. */
export function allowOnly(app: Hono<any>, path: string, methods: string[]) {
  const allow = methods.join(', ');
  app.all(path, (c) => {
    throw new ApiError('method_not_allowed', `${c.req.method} is not allowed on ${path}; use ${allow}`, { headers: { Allow: allow } });
  });
}
