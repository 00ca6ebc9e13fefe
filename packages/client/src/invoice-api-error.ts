// One error type for every refusal the service sends, from both interfaces: the current body
// `{success: false, error: {code, message}}` and the legacy `{success: false, error, code}` (D11).
import type { ApiErrorCode, LegacyErrorCode } from './error-code-types.ts';

/**
 * The codes an InvoiceApiError carries: the contract's, plus `unexpected_response` for an answer that
 * is neither error body (a proxy's HTML page, an empty 502), so callers still get status and request id.
 */
export type InvoiceApiErrorCode = ApiErrorCode | LegacyErrorCode | 'unexpected_response';

/** One problem of a refused request: the field (`items[3].unit_price`), the rule broken (`type`), what is wrong. */
export interface InvoiceApiErrorDetail {
  path: string;
  rule: string;
  message: string;
}

export interface InvoiceApiErrorInit {
  status: number;
  code: InvoiceApiErrorCode;
  message: string;
  details?: readonly InvoiceApiErrorDetail[];
  requestId?: string;
  retryAfterSeconds?: number;
}

export class InvoiceApiError extends Error {
  override readonly name = 'InvoiceApiError';
  readonly status: number;
  readonly code: InvoiceApiErrorCode;
  /** Every field and rule the answer names (`error.details`; legacy `details`), empty when no field is at fault. */
  readonly details: readonly InvoiceApiErrorDetail[];
  /** The first of them (`items[0].quantity`, legacy `rows[2].qty`), when a field is at fault. */
  readonly field: string | undefined;
  /** `X-Request-Id` of the answer: quote it to support (it is `meta.request_id` too). */
  readonly requestId: string | undefined;
  /** `Retry-After` in seconds, when the answer had one (429, 402, 409, 503). */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: InvoiceApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.field = this.details[0]?.path;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** The well-formed entries of a body's `details` (an older server sends none). */
function detailsOf(value: unknown): InvoiceApiErrorDetail[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (d): d is InvoiceApiErrorDetail =>
      typeof d === 'object'
      && d !== null
      && typeof d.path === 'string'
      && typeof d.rule === 'string'
      && typeof d.message === 'string',
  );
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
  const b = body as { error?: unknown; code?: unknown; details?: unknown } | undefined;
  if (b && typeof b.error === 'object' && b.error !== null) {
    const { code, message, details } = b.error as { code?: unknown; message?: unknown; details?: unknown };
    if (typeof code === 'string' && typeof message === 'string')
      return new InvoiceApiError({ ...common, code: code as ApiErrorCode, message, details: detailsOf(details) });
  }
  if (b && typeof b.error === 'string' && typeof b.code === 'string')
    return new InvoiceApiError({
      ...common,
      code: b.code as LegacyErrorCode,
      message: b.error,
      details: detailsOf(b.details),
    });
  const excerpt = text.slice(0, 200).trim();
  return new InvoiceApiError({
    ...common,
    code: 'unexpected_response',
    message: `HTTP ${response.status} without an error body of the contract${excerpt ? `: ${excerpt}` : ''}`,
  });
}
