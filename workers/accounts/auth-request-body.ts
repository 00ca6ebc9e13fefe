// The JSON bodies of the auth endpoints: zod schemas (also the /openapi.json components) and their reading.
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { parseJsonText, readRawBody } from '../http/read-json-body.ts';

const MAX_AUTH_BODY = 16 * 1024;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** D6: trimmed, lower-cased, a plausible address of at most 254 characters. */
const EmailSchema = z
  .string({ error: 'is required and must be a string' })
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.string().max(254, { message: 'must be a valid email address' }).regex(EMAIL_SHAPE, { message: 'must be a valid email address' }))
  .meta({ description: 'Trimmed and lower-cased (D6).' });

/** Register: D6's 8 to 256 characters. Messages never repeat the value. */
export const RegisterBodySchema = z
  .object({
    email: EmailSchema,
    password: z.string({ error: 'is required and must be a string' }).min(8, { message: 'must be 8 to 256 characters long' }).max(256, { message: 'must be 8 to 256 characters long' }),
  })
  .meta({ id: 'RegisterRequest' });

/** Login checks no length: a wrong password of any length is just a failed login. */
export const LoginBodySchema = z
  .object({ email: EmailSchema, password: z.string({ error: 'is required and must be a string' }) })
  .meta({ id: 'LoginRequest' });

export async function readAuthBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const value = parseJsonText(await readRawBody(c, MAX_AUTH_BODY));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('validation_error', 'body: must be a JSON object with email and password');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError('validation_error', `${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  return parsed.data;
}
