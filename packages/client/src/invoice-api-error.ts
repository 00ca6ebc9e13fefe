// One error type for every refusal the service sends, from both interfaces: the current body
// `{success: false, error: {code, message}}` and the legacy `{success: false, error, code}` (D11).
import type { ApiErrorCode, LegacyErrorCode } from './error-code-types.ts';

/**
 * The codes an InvoiceApiError carries: the contract's, plus `unexpected_response` for an answer that
 * is neither error body (a proxy's HTML page, an empty 502), so callers still get status and request id.
 */
export type InvoiceApiErrorCode = ApiErrorCode | LegacyErrorCode | 'unexpected_response';

export interface InvoiceApiErrorInit {
  status: number;
  code: InvoiceApiErrorCode;
  message: string;
  requestId?: string;
  retryAfterSeconds?: number;
}

/** `items[3].unit_price: must be at least 0` → `items[3].unit_price` (D4: the message names the field). */
const FIELD_PATH = /^((?:[A-Za-z_$][\w$-]*|\[\d+\])(?:\.[A-Za-z_$][\w$-]*|\[\d+\])*): /;

export class InvoiceApiError extends Error {
  override readonly name = 'InvoiceApiError';
  readonly status: number;
  readonly code: InvoiceApiErrorCode;
  /** The field the message names first (`items[0].quantity`, legacy `rows[2].qty`), when it names one. */
  readonly field: string | undefined;
  /** `X-Request-Id` of the answer: quote it to support (it is `meta.request_id` too). */
  readonly requestId: string | undefined;
  /** `Retry-After` in seconds, when the answer had one (429, 402, 409, 503). */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: InvoiceApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.field = FIELD_PATH.exec(init.message)?.[1];
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** Seconds from a `Retry-After` header: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(headers: Headers, nowMs = Date.now()): number | undefined {
  const value = headers.get('Retry-After')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** The error an answer with a non-2xx status stands for; reads the body (it must not have been read yet). */
export async function errorFromResponse(response: Response): Promise<InvoiceApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const common = {
    status: response.status,
    requestId: response.headers.get('X-Request-Id') ?? undefined,
    retryAfterSeconds: retryAfterSeconds(response.headers),
  };
  const b = body as { error?: unknown; code?: unknown } | undefined;
  if (b && typeof b.error === 'object' && b.error !== null) {
    const { code, message } = b.error as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && typeof message === 'string')
      return new InvoiceApiError({ ...common, code: code as ApiErrorCode, message });
  }
  if (b && typeof b.error === 'string' && typeof b.code === 'string')
    return new InvoiceApiError({ ...common, code: b.code as LegacyErrorCode, message: b.error });
  const excerpt = text.slice(0, 200).trim();
  return new InvoiceApiError({
    ...common,
    code: 'unexpected_response',
    message: `HTTP ${response.status} without an error body of the contract${excerpt ? `: ${excerpt}` : ''}`,
  });
}
