// The one way a JSON body comes in: read within the route's byte limit (D5), parse, validate with the
// route's zod schema, and word every problem the same way (D4: `items[3].unit_price: must be …`).
import { issueMessages, issueText, joinIssueTexts } from '@invoice/model';
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import { readStreamLimited } from './read-limited.ts';

export const KB = 1024;
export const MB = 1024 * KB;

export interface JsonBodyRule<S extends z.ZodType = z.ZodType> {
  /** Largest body accepted, in bytes; beyond it 413 payload_too_large before anything is parsed. */
  limitBytes: number;
  schema: S;
}

function sizeText(bytes: number): string {
  return bytes >= MB ? `${bytes / MB} MB` : `${bytes / KB} KB`;
}

/** Reads the raw body within a byte limit, without trusting Content-Length alone. */
export async function readBodyText(c: Context, limitBytes: number): Promise<string> {
  const tooLarge = () => new ApiError('payload_too_large', `body: must be at most ${sizeText(limitBytes)}`);
  if (Number(c.req.header('content-length') ?? '0') > limitBytes) throw tooLarge();
  return new TextDecoder().decode(await readStreamLimited(c.req.raw.body, limitBytes, tooLarge));
}

/** Parses JSON text; a syntax error is the client's: 400 invalid_json with the parser's position. */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') throw new ApiError('invalid_json', 'body: must be a JSON document (the body is empty)');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ApiError('invalid_json', `body: is not valid JSON (${(err as Error).message})`);
  }
}

/** Any value through a schema; every issue is named by its path, as the invoice model words them (D4). */
export function parseWithSchema<S extends z.ZodType>(value: unknown, schema: S): z.output<S> {
  const parsed = schema.safeParse(value, { error: issueMessages });
  if (parsed.success) return parsed.data;
  throw new ApiError('validation_error', joinIssueTexts(parsed.error.issues.map(issueText)));
}

/** A parsed body must be an object before its schema applies. */
export function validateJson<S extends z.ZodType>(value: unknown, schema: S): z.output<S> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('validation_error', 'body: must be a JSON object');
  }
  return parseWithSchema(value, schema);
}

/** Body → JSON → schema, in one call: what every JSON route uses. */
export async function readJsonBody<S extends z.ZodType>(c: Context, rule: JsonBodyRule<S>): Promise<z.output<S>> {
  return validateJson(parseJsonText(await readBodyText(c, rule.limitBytes)), rule.schema);
}
