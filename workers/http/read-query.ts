// Query parameters through the route's declared zod schema, worded like body problems (D4).
import type { Context } from 'hono';
import type { z } from 'zod';
import { parseWithSchema } from './read-json-body.ts';

export function readQuery<S extends z.ZodObject>(c: Context, schema: S): z.output<S> {
  return parseWithSchema(c.req.query(), schema);
}
