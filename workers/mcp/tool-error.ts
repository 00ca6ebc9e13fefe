// A failed tool call as MCP wants it (a result with isError, never a JSON-RPC error): the service's code
// from workers/http/error-codes.ts, its HTTP status, the fields and rules broken (`details`, as the REST
// error body has them) and, for a full window, when to retry, so a model can fix its arguments or wait
// without guessing.
import type { IssueDetail } from '@invoice/model';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../http/api-error.ts';

export interface ToolErrorBody {
  code: string;
  status: number;
  message: string;
  /** Every field and rule broken, as `error.details` of the REST answer. */
  details: IssueDetail[];
  /** The first of them (`items[0].unit_price`), when a field is at fault. */
  field?: string;
  /** Seconds until the refused window resets (429, 402). */
  retry_after?: number;
}

export function toolErrorBody(err: ApiError): ToolErrorBody {
  const details = [...err.details];
  const body: ToolErrorBody = { code: err.code, status: err.status, message: err.message, details };
  if (details[0]) body.field = details[0].path;
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
