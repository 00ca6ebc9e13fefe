import { type ErrorCode, type ErrorStatus, type StatusOf, statusFor } from './error-codes.ts';

export interface ApiErrorOptions<C extends ErrorCode> {
  /** Only for the codes the table lists with more than one status (auth_required, idempotency_key_conflict). */
  status?: StatusOf<C>;
  /** Extra response headers (rate-limit headers, Retry-After, Allow). */
  headers?: Record<string, string>;
}

/**
 * The one error type of the invoice interface: handlers throw it, `onError` writes the body. The code
 * comes from the closed table in error-codes.ts, which also gives the status.
 */
export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  readonly status: ErrorStatus;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: C,
    message: string,
    options: ApiErrorOptions<C> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = statusFor(code, options.status);
    this.headers = { ...options.headers };
  }

  /** Adds headers the error did not already carry (e.g. rate-limit headers known only later). */
  withHeaders(extra: Record<string, string>): this {
    for (const [k, v] of Object.entries(extra)) if (!(k in this.headers)) this.headers[k] = v;
    return this;
  }

  toBody() {
    return { success: false as const, error: { code: this.code as ErrorCode, message: this.message } };
  }
}
