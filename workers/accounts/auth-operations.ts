// /api/auth/*, declared once (workers/http/operation.ts). Spec: Account endpoints, D6.
import { z } from 'zod';
import { defineOperation } from '../http/operation.ts';
import { KB, NO_FIELDS } from '../http/read-json-body.ts';
import { MessageResponseSchema } from '../http/response-schemas.ts';
import {
  ChangePasswordBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
} from './auth-request-schemas.ts';

/** An email and a password; anything near this size is not a login. */
const AUTH_BODY_LIMIT = 16 * KB;

const UserSchema = z
  .object({
    email: z.string(),
    tier: z.enum(['free', 'starter', 'pro', 'enterprise']),
    verified: z.boolean(),
    api_key: z
      .string()
      .optional()
      .meta({ description: 'Masked: inv_sk_… plus the last 4 characters (only on /me, when a key exists).' }),
    credits: z
      .object({ total: z.int(), used: z.int() })
      .optional()
      .meta({ description: 'Legacy render credits, on /me.' }),
  })
  .meta({ id: 'User' });

const UserResponseSchema = z.object({ success: z.literal(true), user: UserSchema }).meta({ id: 'UserResponse' });

const ApiKeyResponseSchema = z
  .object({
    success: z.literal(true),
    api_key: z.string().meta({ description: 'inv_sk_ + 40 base62 characters; shown once.' }),
  })
  .meta({ id: 'ApiKeyResponse' });

export const register = defineOperation({
  operationId: 'register',
  method: 'POST',
  path: '/api/auth/register',
  summary: 'Create an account; a verification link is emailed',
  auth: 'public',
  body: { limitBytes: AUTH_BODY_LIMIT, schema: RegisterBodySchema },
  description:
    'A foreign Origin is refused (403) and the body must be sent as application/json (415), so no other site can '
    + 'drive it from a form. An address whose account was never verified can be registered again 24 hours after '
    + 'it was: the new registration replaces that account.',
  success: { status: 201, description: 'Created; the link is valid for 24 hours', json: MessageResponseSchema },
  errors: {
    400: ['validation_error', 'invalid_json'],
    403: ['forbidden_origin'],
    409: ['email_taken'],
    413: ['payload_too_large'],
    415: ['unsupported_media_type'],
    429: ['rate_limit_exceeded'],
    500: ['internal_error'],
    502: ['email_error'],
    503: ['not_provisioned'],
  },
});

export const verifyEmail = defineOperation({
  operationId: 'verifyEmail',
  method: 'GET',
  path: '/api/auth/verify-email',
  summary: 'Open the emailed verification link',
  description:
    'A browser opening the link (Accept: text/html) gets an HTML page saying whether it worked, leading to log in '
    + '(status 200 or 400 as here); every other client gets the JSON below.',
  auth: 'public',
  query: z.object({
    token: z.string().optional().meta({ description: 'The token of the emailed link; required for a 200.' }),
  }),
  success: { status: 200, description: 'Verified', json: MessageResponseSchema },
  errors: { 400: ['invalid_token'], 500: ['internal_error'] },
});

export const login = defineOperation({
  operationId: 'login',
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Log in; sets the inv_session cookie',
  auth: 'public',
  body: { limitBytes: AUTH_BODY_LIMIT, schema: LoginBodySchema },
  success: { status: 200, description: 'Logged in', json: UserResponseSchema },
  errors: {
    400: ['validation_error', 'invalid_json'],
    401: ['invalid_credentials'],
    403: ['forbidden_origin'],
    413: ['payload_too_large'],
    429: ['rate_limit_exceeded'],
    500: ['internal_error'],
  },
});

export const logout = defineOperation({
  operationId: 'logout',
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'End the session',
  auth: 'account',
  body: NO_FIELDS,
  success: { status: 200, description: 'Logged out', json: MessageResponseSchema },
  errors: { 401: ['auth_required', 'invalid_api_key'], 403: ['forbidden_origin'], 500: ['internal_error'] },
});

export const getCurrentUser = defineOperation({
  operationId: 'getCurrentUser',
  method: 'GET',
  path: '/api/auth/me',
  summary: 'The current user',
  auth: 'account',
  success: { status: 200, description: 'The user, with the masked key and legacy credits', json: UserResponseSchema },
  errors: { 401: ['auth_required', 'invalid_api_key'], 500: ['internal_error'] },
});

export const generateApiKey = defineOperation({
  operationId: 'generateApiKey',
  method: 'POST',
  path: '/api/auth/generate-api-key',
  summary: 'Create or rotate the primary API key (the previous primary stops working at once)',
  description:
    'Replaces the account’s primary key; its other keys (/api/keys) keep working. Takes the session or the primary '
    + 'key itself; any other key is 403 `session_required` (K2). 400 `validation_error` (rule `max_items`) when the '
    + 'account has no primary and already 10 keys.',
  auth: 'account',
  body: NO_FIELDS,
  success: { status: 200, description: 'The new key, shown once', json: ApiKeyResponseSchema },
  errors: {
    400: ['validation_error', 'invalid_json'],
    401: ['auth_required', 'invalid_api_key'],
    403: ['unverified_account', 'forbidden_origin', 'session_required'],
    500: ['internal_error'],
  },
});

export const resendVerification = defineOperation({
  operationId: 'resendVerification',
  method: 'POST',
  path: '/api/auth/resend-verification',
  summary: 'Send a new verification link',
  auth: 'account',
  body: NO_FIELDS,
  success: { status: 200, description: 'Sent, or already verified', json: MessageResponseSchema },
  errors: {
    401: ['auth_required', 'invalid_api_key'],
    403: ['forbidden_origin'],
    429: ['rate_limit_exceeded'],
    500: ['internal_error'],
    502: ['email_error'],
    503: ['not_provisioned'],
  },
});

export const forgotPassword = defineOperation({
  operationId: 'forgotPassword',
  method: 'POST',
  path: '/api/auth/forgot-password',
  summary: 'Email a password-reset link (valid 1 hour, single use)',
  description:
    'Always the same 200, with the same body and the same work, whether or not the address has an account: only an '
    + 'account gets the email. At most 3 requests per hour per address (account or not) and 10 per IP, then 429. '
    + 'A foreign Origin is refused (403) and the body must be application/json (415).',
  auth: 'public',
  body: { limitBytes: AUTH_BODY_LIMIT, schema: ForgotPasswordBodySchema },
  success: { status: 200, description: 'Accepted (sent if the address has an account)', json: MessageResponseSchema },
  errors: {
    400: ['validation_error', 'invalid_json'],
    403: ['forbidden_origin'],
    413: ['payload_too_large'],
    415: ['unsupported_media_type'],
    429: ['rate_limit_exceeded'],
    500: ['internal_error'],
    503: ['not_provisioned'],
  },
});

export const resetPassword = defineOperation({
  operationId: 'resetPassword',
  method: 'POST',
  path: '/api/auth/reset-password',
  summary: 'Set a new password with the emailed reset token',
  description:
    'Sets the password (the rules of registration), ends every session of the account, verifies its email address '
    + 'if it was not yet, ends its other reset links and emails the owner that the password changed. The API key is '
    + 'not rotated. A foreign Origin is refused (403) and the body must be application/json (415).',
  auth: 'public',
  body: { limitBytes: AUTH_BODY_LIMIT, schema: ResetPasswordBodySchema },
  success: { status: 200, description: 'The password is set; log in with it', json: MessageResponseSchema },
  errors: {
    400: ['validation_error', 'invalid_json', 'invalid_reset_token'],
    403: ['forbidden_origin'],
    413: ['payload_too_large'],
    415: ['unsupported_media_type'],
    500: ['internal_error'],
    503: ['not_provisioned'],
  },
});

export const changePassword = defineOperation({
  operationId: 'changePassword',
  method: 'POST',
  path: '/api/auth/change-password',
  summary: 'Change the password (session only); other sessions end, this one continues',
  description:
    'Session cookie only: an API key is 403 `session_required` (a leaked key must not take the account over). A wrong '
    + '`current_password` is 401 `invalid_credentials` and counts against the login throttle (429 once it is full). '
    + 'The new password follows the rules of registration. Every other session of the account and its unused reset '
    + 'links end; the owner is emailed; the API key is not rotated.',
  auth: 'account',
  body: { limitBytes: AUTH_BODY_LIMIT, schema: ChangePasswordBodySchema },
  success: { status: 200, description: 'Changed; this session stays logged in', json: MessageResponseSchema },
  errors: {
    400: ['validation_error', 'invalid_json'],
    401: ['auth_required', 'invalid_credentials'],
    403: ['session_required', 'forbidden_origin'],
    413: ['payload_too_large'],
    429: ['rate_limit_exceeded'],
    500: ['internal_error'],
    503: ['not_provisioned'],
  },
});
