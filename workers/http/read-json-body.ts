import type { Context } from 'hono';
import { ApiError } from './api-error.ts';
import { readStreamLimited } from './read-limited.ts';

export const MB = 1024 * 1024;

/** Reads the raw body within a byte limit (D5: 413 payload_too_large beyond), without trusting Content-Length alone. */
export async function readRawBody(c: Context, limitBytes: number): Promise<string> {
  const declared = Number(c.req.header('content-length') ?? '0');
  const size = limitBytes >= MB ? `${limitBytes / MB} MB` : `${limitBytes / 1024} KB`;
  const tooLarge = () => new ApiError('payload_too_large', `body: must be at most ${size}`);
  if (declared > limitBytes) throw tooLarge();
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
