// /api/keys and /api/keys/{id} (issue 26, K1–K3), declared once (workers/http/operation.ts). Listing takes the
// session or any key; creating and deleting take the session only (K2): a leaked key cannot mint keys that
// outlive it, nor delete the owner's.
import { z } from 'zod';
import { defineOperation } from '../http/operation.ts';
import { KB } from '../http/read-json-body.ts';

const KeyModeSchema = z
  .enum(['live', 'test'])
  .meta({ description: 'live: `inv_sk_…`, counted in the plan. test: `inv_test_…`, watermarked documents (K6).' });

const ApiKeySchema = z
  .object({
    id: z.string().meta({ description: 'key_ + 20 characters: names the key in DELETE /api/keys/{id}.' }),
    name: z.string(),
    mode: KeyModeSchema,
    last4: z.string().meta({ description: 'The key’s last 4 characters.' }),
    masked: z.string().meta({ description: 'inv_sk_… or inv_test_… plus the last 4 characters.' }),
    primary: z
      .boolean()
      .meta({ description: 'The key POST /api/auth/generate-api-key rotates (at most one per account).' }),
    created_at: z.int().meta({ description: 'Unix milliseconds.' }),
    last_used_at: z
      .int()
      .nullable()
      .meta({ description: 'Unix milliseconds of a use within the last hour of use (K5); null before the first.' }),
  })
  .meta({ id: 'ApiKey' });

const KeyCreateSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(64).meta({ description: 'Shown in the list; 1 to 64 characters.' }),
    mode: KeyModeSchema,
  })
  .meta({ id: 'ApiKeyCreate' });

/** `key_` + 20 base62 (api-keys.ts); anything else cannot name a key: 404 (read-params.ts). */
const KeyIdParams = z.object({
  id: z.string().regex(/^key_[0-9A-Za-z]{20}$/, { message: 'must be a key id: key_ and 20 letters or digits' }),
});

const CALLER_ERRORS = {
  401: ['auth_required', 'invalid_api_key'],
  403: ['unverified_account', 'forbidden_origin'],
  500: ['internal_error'],
} as const;

export const listApiKeys = defineOperation({
  operationId: 'listApiKeys',
  method: 'GET',
  path: '/api/keys',
  summary: 'List your API keys (never the keys themselves)',
  description: 'The session or any key of the account. Unrevoked keys only, oldest first.',
  auth: 'account',
  success: {
    status: 200,
    description: 'The keys',
    json: z.object({ success: z.literal(true), keys: z.array(ApiKeySchema) }).meta({ id: 'ApiKeyListResponse' }),
  },
  errors: CALLER_ERRORS,
});

export const createApiKey = defineOperation({
  operationId: 'createApiKey',
  method: 'POST',
  path: '/api/keys',
  summary: 'Create a named live or test key (shown once)',
  description:
    'Session cookie only (an API key is 403 `session_required`). At most 10 unrevoked keys per account, the '
    + 'primary included (400 `validation_error`, rule `max_items`). Rotation without downtime: create a key, deploy '
    + 'it, delete the old one.',
  auth: 'account',
  body: { limitBytes: 4 * KB, schema: KeyCreateSchema },
  success: {
    status: 201,
    description: 'Created; `api_key` is shown this once',
    json: z
      .object({
        success: z.literal(true),
        api_key: z.string().meta({ description: 'inv_sk_ or inv_test_ + 40 base62 characters; shown once.' }),
        key: ApiKeySchema,
      })
      .meta({ id: 'ApiKeyCreatedResponse' }),
  },
  errors: {
    ...CALLER_ERRORS,
    400: ['validation_error', 'invalid_json'],
    403: ['unverified_account', 'forbidden_origin', 'session_required'],
    413: ['payload_too_large'],
    415: ['unsupported_media_type'],
  },
});

export const deleteApiKey = defineOperation({
  operationId: 'deleteApiKey',
  method: 'DELETE',
  path: '/api/keys/{id}',
  summary: 'Delete a key: it stops working at once',
  description:
    'Session cookie only (an API key is 403 `session_required`). Another account’s key id is 404, like an unknown '
    + 'one. The primary may be deleted too; POST /api/auth/generate-api-key then makes a new one.',
  auth: 'account',
  params: KeyIdParams,
  success: {
    status: 200,
    description: 'Deleted',
    json: z
      .object({ success: z.literal(true), deleted: z.literal(true), id: z.string() })
      .meta({ id: 'ApiKeyDeletedResponse' }),
  },
  errors: { ...CALLER_ERRORS, 403: ['unverified_account', 'forbidden_origin', 'session_required'], 404: ['not_found'] },
});
