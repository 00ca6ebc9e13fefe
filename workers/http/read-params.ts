// Path parameters through the route's declared schema, like bodies and queries (issue 21). A value that
// cannot name a resource is 404 not_found: with the rule it breaks in `details`, or, for a route whose
// 404 must not tell a malformed id from an unknown one (hosted links, D9), with the route's own message.
import { zodIssueDetails } from '@invoice/model';
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

export function readParams<S extends z.ZodObject>(c: Context, schema: S, sameAsUnknown?: string): z.output<S> {
  const raw = c.req.param() as Record<string, string>;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  if (sameAsUnknown !== undefined) throw new ApiError('not_found', sameAsUnknown);
  throw ApiError.fromDetails('not_found', zodIssueDetails(parsed.error.issues, schema, raw));
}
