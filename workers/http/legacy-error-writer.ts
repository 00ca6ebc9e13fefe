// The legacy interface's own way out (D11): every error on its paths, whoever threw it (the body
// reader, the key check, a 405 of the router, the limiter, the PDF engine), as
// `{success: false, error: <message>, code: <CODE>}` with the legacy status.
import type { Context } from 'hono';
import { toLegacyError } from './legacy-error-codes.ts';

export function legacyErrorResponse(c: Context, err: unknown, requestId: string): Response {
  const { error, internal } = toLegacyError(err, requestId);
  if (internal)
    console.error(
      JSON.stringify({ level: 'error', request_id: requestId, error: String((err as Error)?.stack ?? err) }),
    );
  const res = c.json(error.toBody(), error.status);
  for (const [k, v] of Object.entries(error.headers)) res.headers.set(k, v);
  res.headers.set('X-Request-Id', requestId);
  return res;
}
