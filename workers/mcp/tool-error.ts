// A failed tool call as MCP wants it (a result with isError, never a JSON-RPC error): the service's code
// from workers/http/error-codes.ts, its HTTP status, the field path the message names (D4) and, for a
// full window, when to retry, so a model can fix its arguments or wait without guessing.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../http/api-error.ts';

export interface ToolErrorBody {
  code: string;
  status: number;
  message: string;
  /** The first field the message names (`items[0].unit_price`), when it names one. */
  field?: string;
  /** Seconds until the refused window resets (429, 402). */
  retry_after?: number;
}

/** D4 words every validation problem `path: rule`; the path is what comes before the first `: `. */
const LEADING_PATH = /^(body|[A-Za-z_]\w*(?:\[\d+\]|\.[A-Za-z_]\w*)*): /;

export function errorField(message: string): string | undefined {
  return LEADING_PATH.exec(message)?.[1];
}

export function toolErrorBody(err: ApiError): ToolErrorBody {
  const body: ToolErrorBody = { code: err.code, status: err.status, message: err.message };
  const field = errorField(err.message);
  if (field) body.field = field;
  const retryAfter = Number(err.headers['Retry-After']);
  if (Number.isFinite(retryAfter) && retryAfter > 0) body.retry_after = retryAfter;
  return body;
}

/**
 * Anything but an ApiError is logged with the request id and answered as internal_error, like the
 * REST routes' onError: the cause never reaches the client.
 */
export function toolError(err: unknown, requestId: string): CallToolResult {
  let apiError: ApiError;
  if (err instanceof ApiError) apiError = err;
  else {
    console.error(
      JSON.stringify({
        level: 'error',
        request_id: requestId,
        msg: 'mcp tool failed',
        error: String((err as Error)?.stack ?? err),
      }),
    );
    apiError = new ApiError('internal_error', `Internal server error (request ${requestId})`);
  }
  const body = toolErrorBody(apiError);
  const where = body.field ? ` (field ${body.field})` : '';
  return {
    isError: true,
    content: [
      { type: 'text', text: `Error ${body.code}${where}: ${body.message}` },
      { type: 'text', text: JSON.stringify({ error: body }) },
    ],
  };
}
