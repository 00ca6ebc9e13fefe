import { detailsMessage, type IssueDetail, type IssueRule, issueDetail, MAX_DETAILS } from '@invoice/model';
import { type ErrorCode, type ErrorStatus, type StatusOf, statusFor } from './error-codes.ts';

export interface ApiErrorOptions<C extends ErrorCode> {
  /** Only for the codes the table lists with more than one status (auth_required, idempotency_key_conflict). */
  status?: StatusOf<C>;
  /** Extra response headers (rate-limit headers, Retry-After, Allow). */
  headers?: Record<string, string>;
  /** The fields and rules the message is made of (`error.details`). */
  details?: readonly IssueDetail[];
}

/**
 * The one error type of the invoice interface: handlers throw it, `onError` writes the body. The code
 * comes from the closed table in error-codes.ts, which also gives the status.
 */
export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly status: ErrorStatus;
  readonly headers: Record<string, string>;
  /** `error.details`: empty when no field is at fault (401, 404, 429…). */
  readonly details: readonly IssueDetail[];

  // A plain field, not a parameter property: scripts/admin.ts runs these modules under Node's type stripping, which
  // refuses parameter properties.
  constructor(code: C, message: string, options: ApiErrorOptions<C> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = statusFor(code, options.status);
    this.headers = { ...options.headers };
    this.details = (options.details ?? []).slice(0, MAX_DETAILS);
  }

  /** A refusal made of details; its message names each field and rule (D4). */
  static fromDetails<C extends ErrorCode>(
    code: C,
    details: readonly IssueDetail[],
    options: Omit<ApiErrorOptions<C>, 'details'> = {},
  ): ApiError<C> {
    return new ApiError(code, detailsMessage(details), { ...options, details });
  }

  /** One field breaks one rule: `ApiError.field('validation_error', 'items[0].quantity', 'type', 'must be a number')`. */
  static field<C extends ErrorCode>(
    code: C,
    path: string,
    rule: IssueRule,
    message: string,
    options: Omit<ApiErrorOptions<C>, 'details'> = {},
  ): ApiError<C> {
    return ApiError.fromDetails(code, [issueDetail(path, rule, message)], options);
  }

  /** Adds headers the error did not already carry (e.g. rate-limit headers known only later). */
  withHeaders(extra: Record<string, string>): this {
    for (const [k, v] of Object.entries(extra)) if (!(k in this.headers)) this.headers[k] = v;
    return this;
  }

  toBody() {
    return {
      success: false as const,
      error: { code: this.code as ErrorCode, message: this.message, details: [...this.details] },
    };
  }
}
