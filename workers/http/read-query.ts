// Query parameters through the route's declared zod schema, worded like body problems (D4).
import { issueMessages, issueText, joinIssueTexts } from '@invoice/model';
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

export function readQuery<S extends z.ZodObject>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query(), { error: issueMessages });
  if (parsed.success) return parsed.data;
  throw new ApiError('validation_error', joinIssueTexts(parsed.error.issues.map(issueText)));
}
