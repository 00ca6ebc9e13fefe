import type { Context } from 'hono';
import { ApiError } from './api-error.ts';

export const MB = 1024 * 1024;

/** Reads the raw body within a byte limit (D5: 413 payload_too_large beyond), without trusting Content-Length alone. */
export async function readRawBody(c: Context, limitBytes: number): Promise<string> {
  const declared = Number(c.req.header('content-length') ?? '0');
  const tooLarge = () => new ApiError(413, 'payload_too_large', `body: must be at most ${limitBytes / MB} MB`);
  if (declared > limitBytes) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(all);
}

/** Parses JSON text; a syntax error is the client's: 400 invalid_json with the parser's position. */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') throw new ApiError(400, 'invalid_json', 'body: must be a JSON document (the body is empty)');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ApiError(400, 'invalid_json', `body: is not valid JSON (${(err as Error).message})`);
  }
}
