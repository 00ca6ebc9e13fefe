// The JSON bodies of the auth endpoints: zod schemas, read through readJsonBody and shown in /openapi.json.
import { z } from 'zod';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** D6: trimmed, lower-cased, a plausible address of at most 254 characters. */
const EmailSchema = z
  .string({ error: 'is required and must be a string' })
  .transform((s) => s.trim().toLowerCase())
  .pipe(
    z
      .string()
      .max(254, { message: 'must be a valid email address' })
      .regex(EMAIL_SHAPE, { message: 'must be a valid email address' }),
  )
  .meta({ description: 'Trimmed and lower-cased (D6).' });

/** Register: D6's 8 to 256 characters. Messages never repeat the value. */
export const RegisterBodySchema = z
  .object({
    email: EmailSchema,
    password: z
      .string({ error: 'is required and must be a string' })
      .min(8, { message: 'must be 8 to 256 characters long' })
      .max(256, { message: 'must be 8 to 256 characters long' }),
  })
  .meta({ id: 'RegisterRequest' });

/** Login checks no length: a wrong password of any length is just a failed login. */
export const LoginBodySchema = z
  .object({ email: EmailSchema, password: z.string({ error: 'is required and must be a string' }) })
  .meta({ id: 'LoginRequest' });
