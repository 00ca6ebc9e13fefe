// The closed error model of the legacy render interface (spec: Errors, legacy table; D11): its codes,
// their statuses, and how an error of the shared machinery (body reader, key check, rate windows, PDF
// engine) is told in legacy terms. Its body is `{success: false, error: <message>, code: <CODE>}`.
import type { IssueDetail } from '@invoice/model';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError } from './api-error.ts';
import type { ErrorCode } from './error-codes.ts';

const LEGACY_ERROR_ROWS = [
  ['INVALID_JSON', 400, 'The body is empty or not valid JSON.'],
  ['VALIDATION_ERROR', 400, 'A field breaks a rule; the message names the field and the rule.'],
  ['RENDER_ERROR', 400, 'The PDF could not be generated from this request; no credit was used.'],
  ['API_KEY_REQUIRED', 401, 'The Authorization header is missing or empty.'],
  ['INVALID_API_KEY', 401, 'The key is not recognised, malformed or has been rotated.'],
  ['INSUFFICIENT_CREDITS', 402, 'No legacy render credit is left; an operator grants more.'],
  ['EMAIL_VERIFICATION_REQUIRED', 403, 'The account email is not verified yet.'],
  ['METHOD_NOT_ALLOWED', 405, 'Only POST is served on this path; `Allow` says so.'],
  ['PAYLOAD_TOO_LARGE', 413, 'The body is larger than 10 MB.'],
  [
    'API_SECURITY_LIMIT_EXCEEDED',
    429,
    "The account's hourly or weekly window is full; `Retry-After` says when it resets.",
  ],
  ['INTERNAL_ERROR', 500, 'An unexpected failure; the message names the request id, the log has the cause.'],
] as const satisfies readonly (readonly [string, ContentfulStatusCode, string])[];

type LegacyErrorRow = (typeof LEGACY_ERROR_ROWS)[number];
export type LegacyErrorCode = LegacyErrorRow[0];
export type LegacyErrorStatus = LegacyErrorRow[1];
export type LegacyCodeOf<S extends LegacyErrorStatus> = Extract<LegacyErrorRow, readonly [string, S, string]>[0];

export function legacyErrorRow(code: string): LegacyErrorRow | undefined {
  return LEGACY_ERROR_ROWS.find(([c]) => c === code);
}

/** What a legacy handler throws for a refusal the shared machinery has no code for (credits). */
export class LegacyError extends Error {
  readonly status: LegacyErrorStatus;

  constructor(
    readonly code: LegacyErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The fields and rules, in legacy names (`rows[0].qty`): the same `details` as the current interface's. */
    readonly details: readonly IssueDetail[] = [],
  ) {
    super(message);
    this.name = 'LegacyError';
    this.status = legacyErrorRow(code)![1];
  }

  toBody() {
    return { success: false as const, error: this.message, code: this.code, details: [...this.details] };
  }
}

/**
 * The legacy code of every shared code, so that a code added to error-codes.ts does not compile until it
 * is given one here (issue 21): a client's mistake is never told as INTERNAL_ERROR. Codes that cannot
 * reach /api/render today are mapped by their kind too.
 */
export const FROM_API_CODE: Readonly<Record<ErrorCode, LegacyErrorCode>> = {
  validation_error: 'VALIDATION_ERROR',
  invalid_currency: 'VALIDATION_ERROR',
  invalid_language: 'VALIDATION_ERROR',
  invalid_template: 'VALIDATION_ERROR',
  invalid_output: 'VALIDATION_ERROR',
  invalid_qr_type: 'VALIDATION_ERROR',
  invalid_json: 'INVALID_JSON',
  calculation_error: 'VALIDATION_ERROR',
  invalid_token: 'VALIDATION_ERROR',
  invalid_reset_token: 'VALIDATION_ERROR',
  auth_required: 'API_KEY_REQUIRED',
  invalid_api_key: 'INVALID_API_KEY',
  invalid_credentials: 'INVALID_API_KEY',
  monthly_limit_reached: 'INSUFFICIENT_CREDITS',
  unverified_account: 'EMAIL_VERIFICATION_REQUIRED',
  // The legacy interface reads no cookie (D11): a browser-only refusal is a missing key there.
  forbidden_origin: 'API_KEY_REQUIRED',
  session_required: 'API_KEY_REQUIRED',
  // No path parameter and no lookup by id on /api/render; a refusal of a request it cannot serve.
  not_found: 'VALIDATION_ERROR',
  method_not_allowed: 'METHOD_NOT_ALLOWED',
  email_taken: 'VALIDATION_ERROR',
  // No Idempotency-Key on the legacy interface (L4).
  idempotency_key_conflict: 'VALIDATION_ERROR',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  unsupported_media_type: 'INVALID_JSON',
  rate_limit_hourly: 'API_SECURITY_LIMIT_EXCEEDED',
  rate_limit_weekly: 'API_SECURITY_LIMIT_EXCEEDED',
  rate_limit_exceeded: 'API_SECURITY_LIMIT_EXCEEDED',
  internal_error: 'INTERNAL_ERROR',
  pdf_error: 'RENDER_ERROR',
  ubl_error: 'RENDER_ERROR',
  cii_error: 'RENDER_ERROR',
  email_error: 'INTERNAL_ERROR',
  not_provisioned: 'INTERNAL_ERROR',
};

/**
 * Shared messages that tell the current interface's header form (`Authorization: Bearer <API_KEY>`),
 * told in the legacy form instead: a legacy client sends the key raw (spec: Authentication rule 8).
 */
const LEGACY_MESSAGES: Partial<Record<LegacyErrorCode, string>> = {
  INVALID_API_KEY: 'The API key is not recognised or has been revoked; send the current one as Authorization: inv_sk_…',
};

/**
 * Any thrown value as a legacy error. Unknown failures become INTERNAL_ERROR naming only the request
 * id, and `internal` is set so the caller logs the cause.
 */
export function toLegacyError(err: unknown, requestId: string): { error: LegacyError; internal: boolean } {
  if (err instanceof LegacyError) return { error: err, internal: false };
  const code: LegacyErrorCode = err instanceof ApiError ? FROM_API_CODE[(err as ApiError).code] : 'INTERNAL_ERROR';
  if (!(err instanceof ApiError) || code === 'INTERNAL_ERROR')
    return { error: new LegacyError('INTERNAL_ERROR', `Internal server error (request ${requestId})`), internal: true };
  // Its headers stay: Retry-After, Allow and the rate-limit counters mean the same on both interfaces.
  return {
    error: new LegacyError(code, LEGACY_MESSAGES[code] ?? err.message, err.headers, err.details),
    internal: false,
  };
}
