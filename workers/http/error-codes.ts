// The closed error model of the invoice interface: every code a response may carry, with its HTTP
// status and when it is sent. ApiError takes its status from here and /openapi.json its error
// responses, so a code cannot be thrown without being documented. Two codes answer with two statuses
// (auth_required, idempotency_key_conflict): their first row is the default, the throw site names the other.
import type { ContentfulStatusCode } from 'hono/utils/http-status';

const ERROR_ROWS = [
  [
    'validation_error',
    400,
    'The body, a query parameter or a header breaks a rule; the message names the field and the rule.',
  ],
  ['invalid_currency', 400, '`invoice.currency` is not an active ISO 4217 currency code.'],
  ['invalid_language', 400, '`invoice.language` is not one of the supported languages.'],
  ['invalid_template', 400, '`template` is not one of the templates.'],
  ['invalid_output', 400, '`output` is not json, pdf, ubl, cii or facturx.'],
  ['invalid_qr_type', 400, '`payment.qr.type` is not a supported QR type.'],
  ['invalid_json', 400, 'The body is empty or not valid JSON.'],
  ['calculation_error', 400, 'The totals cannot be computed exactly.'],
  ['invalid_token', 400, 'The verification link is invalid, used or expired.'],
  [
    'invalid_reset_token',
    400,
    'The password-reset link is unknown, already used, ended by a later reset or expired (1 hour); request a new one.',
  ],
  ['auth_required', 401, 'The route needs an account: send an API key or log in.'],
  ['invalid_api_key', 401, 'The API key is not recognised or has been revoked.'],
  ['invalid_credentials', 401, 'Email or password is incorrect.'],
  ['monthly_limit_reached', 402, 'The monthly document (or free-plan PDF) quota is used up.'],
  ['auth_required', 403, 'An anonymous call asks for PDF, UBL, a hosted link or a QR code.'],
  ['unverified_account', 403, 'The account email is not verified yet.'],
  ['forbidden_origin', 403, 'A cookie-authenticated write, or a login, comes from a foreign Origin.'],
  ['session_required', 403, 'The route serves the web app: it takes the session cookie, not an API key.'],
  ['not_found', 404, 'No such route, webhook or live hosted link.'],
  ['method_not_allowed', 405, 'The path exists but not with this method; `Allow` lists the methods.'],
  ['email_taken', 409, 'An account with this email already exists.'],
  ['idempotency_key_conflict', 409, 'A request with this Idempotency-Key is still running.'],
  ['payload_too_large', 413, 'The body is larger than the route allows.'],
  ['unsupported_media_type', 415, 'A cookie-authenticated write is not sent as `Content-Type: application/json`.'],
  ['idempotency_key_conflict', 422, 'The Idempotency-Key was used with a different request.'],
  ['rate_limit_hourly', 429, 'The hourly window is full; `Retry-After` says when it resets.'],
  ['rate_limit_weekly', 429, 'The weekly window is full; `Retry-After` says when it resets.'],
  [
    'rate_limit_exceeded',
    429,
    'A limit of its own is reached (logins, registrations, verification emails, hosted-link opens, previews); `Retry-After` says when to retry.',
  ],
  ['internal_error', 500, 'An unexpected failure; the message names the request id, the log has the cause.'],
  ['pdf_error', 500, 'The PDF could not be rendered; nothing was produced or counted.'],
  ['ubl_error', 500, 'The UBL document could not be written; nothing was produced or counted.'],
  ['cii_error', 500, 'The CII document could not be written; nothing was produced or counted.'],
  ['email_error', 502, 'The email provider refused or failed to send the message.'],
  ['not_provisioned', 503, 'A secret or provider this feature needs is not configured on the server.'],
] as const satisfies readonly (readonly [string, ContentfulStatusCode, string])[];

type ErrorRow = (typeof ERROR_ROWS)[number];
export type ErrorCode = ErrorRow[0];
export type ErrorStatus = ErrorRow[1];
/** The statuses a code may be sent with. */
export type StatusOf<C extends ErrorCode> = Extract<ErrorRow, readonly [C, number, string]>[1];
/** The codes a status may carry. */
export type CodeOf<S extends ErrorStatus> = Extract<ErrorRow, readonly [string, S, string]>[0];

const defaults = new Map<string, ErrorStatus>();
for (const [code, status] of ERROR_ROWS) if (!defaults.has(code)) defaults.set(code, status);

/** The status of `code` (its first row), or `status` after checking that the table allows it. */
export function statusFor<C extends ErrorCode>(code: C, status?: StatusOf<C>): ErrorStatus {
  if (status === undefined) return defaults.get(code)!;
  if (!ERROR_ROWS.some(([c, s]) => c === code && s === status))
    throw new Error(`error table: ${code} is never sent with ${status}`);
  return status;
}

/** The table row that documents `code` sent with `status`, if any. */
export function errorRow(code: string, status: number): ErrorRow | undefined {
  return ERROR_ROWS.find(([c, s]) => c === code && s === status);
}
