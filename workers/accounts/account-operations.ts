// The account's own address and closure (issue 24), declared once (workers/http/operation.ts); the password routes
// live in auth-operations.ts.

import { z } from 'zod';
import { defineOperation } from '../http/operation.ts';
import { KB } from '../http/read-json-body.ts';
import { MessageResponseSchema } from '../http/response-schemas.ts';
import { ChangeEmailBodySchema, DeleteAccountBodySchema } from './auth-request-schemas.ts';

const BODY_LIMIT = 16 * KB;

export const changeEmail = defineOperation({
  operationId: 'changeEmail',
  method: 'POST',
  path: '/api/auth/change-email',
  summary: 'Change the email address (session only): a link goes to the new address, a notice to the old one',
  description:
    'Session cookie only (an API key is 403 `session_required`); a foreign Origin is 403 and a body not sent as '
    + 'application/json 415. A wrong `password` is 401 `invalid_credentials` and counts against the login throttle '
    + '(429 once full). The answer is the same 200 whether or not the new address has an account: a free address '
    + 'gets a link valid 24 hours (single use), a taken one a notice without a link; the old address is told either '
    + 'way. The address changes only when the link is opened (GET /api/auth/confirm-email-change). At most 5 '
    + 'requests per account and hour.',
  auth: 'account',
  body: { limitBytes: BODY_LIMIT, schema: ChangeEmailBodySchema },
  success: {
    status: 200,
    description: 'Accepted; the address changes when the emailed link is opened',
    json: MessageResponseSchema,
  },
  errors: {
    400: ['validation_error', 'invalid_json'],
    401: ['auth_required', 'invalid_credentials'],
    403: ['session_required', 'forbidden_origin'],
    413: ['payload_too_large'],
    415: ['unsupported_media_type'],
    429: ['rate_limit_exceeded'],
    500: ['internal_error'],
    502: ['email_error'],
    503: ['not_provisioned'],
  },
});

export const confirmEmailChange = defineOperation({
  operationId: 'confirmEmailChange',
  method: 'GET',
  path: '/api/auth/confirm-email-change',
  summary: 'Open the link emailed to the new address: the account moves to it',
  description:
    'A browser opening the link (Accept: text/html) gets an HTML page saying what happened (status as here); every '
    + 'other client the JSON below. The new address counts as verified; every session but the one that asked is '
    + 'logged out; the old address is told. 409 `email_taken` when another account took the address after the '
    + 'request: nothing changed, the link is used.',
  auth: 'public',
  query: z.object({
    token: z.string().optional().meta({ description: 'The token of the emailed link; required for a 200.' }),
  }),
  success: { status: 200, description: 'The address is changed', json: MessageResponseSchema },
  errors: { 400: ['invalid_token'], 409: ['email_taken'], 500: ['internal_error'] },
});

export const deleteAccount = defineOperation({
  operationId: 'deleteAccount',
  method: 'DELETE',
  path: '/api/auth/account',
  summary: 'Close the account (session only): every session, the key, webhooks, hosted links and usage are deleted',
  description:
    'Session cookie only (an API key is 403 `session_required`); a foreign Origin is 403 and a body not sent as '
    + 'application/json 415. A wrong `password` is 401 `invalid_credentials` and counts against the login throttle. '
    + 'The account is marked first: from then on it cannot log in and its key is 401. Then its rate-limit state, '
    + 'hosted-link snapshots and cached PDFs (each link 404 from then on), webhooks with their delivery log and stored events, '
    + 'usage snapshots and finally the account row with its sessions and tokens are deleted. Should a step fail (500), '
    + 'the same request with the same session completes it. The session cookie is cleared; the address can register '
    + 'again at once. What cannot be deleted at once is listed in docs/security.md.',
  auth: 'account',
  body: { limitBytes: BODY_LIMIT, schema: DeleteAccountBodySchema },
  success: { status: 200, description: 'Closed; every trace listed above is deleted', json: MessageResponseSchema },
  errors: {
    400: ['validation_error', 'invalid_json'],
    401: ['auth_required', 'invalid_credentials'],
    403: ['session_required', 'forbidden_origin'],
    413: ['payload_too_large'],
    415: ['unsupported_media_type'],
    429: ['rate_limit_exceeded'],
    500: ['internal_error'],
  },
});
