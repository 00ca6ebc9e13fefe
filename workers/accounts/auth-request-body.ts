// Reading and checking the JSON bodies of the auth endpoints (messages name the field and the rule, D4).
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';

const MAX_AUTH_BODY = 16 * 1024;

export async function readJsonObject(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.length > MAX_AUTH_BODY) throw new ApiError(413, 'payload_too_large', `The request body is larger than ${MAX_AUTH_BODY} bytes.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(400, 'validation_error', 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** D6: trimmed, lower-cased, a plausible address of at most 254 characters. */
export function requireEmail(body: Record<string, unknown>): string {
  const raw = body.email;
  if (typeof raw !== 'string') throw new ApiError(400, 'validation_error', 'email is required and must be a string.');
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_SHAPE.test(email)) throw new ApiError(400, 'validation_error', 'email must be a valid email address.');
  return email;
}

/** D6: 8 to 256 characters. The message never repeats the value. */
export function requirePassword(body: Record<string, unknown>, checkLength: boolean): string {
  const password = body.password;
  if (typeof password !== 'string') throw new ApiError(400, 'validation_error', 'password is required and must be a string.');
  if (checkLength && (password.length < 8 || password.length > 256)) {
    throw new ApiError(400, 'validation_error', 'password must be 8 to 256 characters long.');
  }
  return password;
}
