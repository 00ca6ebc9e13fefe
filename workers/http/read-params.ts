// Path parameters through the route's declared schema, like bodies and queries (issue 21). A value that
// cannot name a resource is 404 not_found, with the rule it breaks in `details`. (The hosted-link route, whose 404
// must not tell a malformed id from an unknown one, answers its own single 404: H22.)
import { zodIssueDetails } from '@invoice/model';
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

export function readParams<S extends z.ZodObject>(c: Context, schema: S): z.output<S> {
  const raw = c.req.param() as Record<string, string>;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw ApiError.fromDetails('not_found', zodIssueDetails(parsed.error.issues, schema, raw));
}
