// /api/webhooks and /api/webhooks/{id}, declared once (workers/http/operation.ts). API key or session,
// verified account; another account's webhook id answers like a missing one (404).
import { z } from 'zod';
import { defineOperation } from '../http/operation.ts';
import { KB } from '../http/read-json-body.ts';
import { WebhookCreateSchema, WebhookEventSchema, WebhookUpdateSchema } from './webhook-create-body.ts';

const WebhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(WebhookEventSchema),
    is_active: z.boolean(),
    created_at: z.int(),
    last_delivery_at: z.int().nullable(),
    last_status: z
      .int()
      .nullable()
      .meta({ description: 'HTTP status of the last attempt; 0 for a network error or timeout.' }),
    secret_hint: z.string(),
    disabled_reason: z.string().nullable().meta({
      description:
        'Why the service deactivated the webhook: every delivery failed for 5 days, or the API key that created it was rotated or deleted. Null while active or paused with PATCH.',
    }),
  })
  .meta({ id: 'Webhook' });

const WebhookWithSecretSchema = WebhookSchema.extend({
  secret: z.string().meta({ description: 'whsec_ + base64 of 32 bytes; returned once.' }),
}).meta({ id: 'WebhookWithSecret' });

/** `wh_` + 24 base62 (webhook-store.ts); anything else cannot name a webhook: 404 (read-params.ts). */
export const webhookId = () =>
  z.string().regex(/^wh_[0-9A-Za-z]{24}$/, { message: 'must be a webhook id: wh_ and 24 letters or digits' });

export const WebhookIdParams = z.object({ id: webhookId() });

/** Errors every webhook operation shares: who may call, and what a broken server answers. */
export const CALLER_ERRORS = {
  401: ['auth_required', 'invalid_api_key'],
  403: ['unverified_account', 'forbidden_origin'],
  500: ['internal_error'],
} as const;

export const createWebhook = defineOperation({
  operationId: 'createWebhook',
  method: 'POST',
  path: '/api/webhooks',
  summary: 'Register a webhook (the secret is returned once)',
  auth: 'account',
  // A WebhookCreate is a URL and a few event names; anything near this size is not one.
  body: { limitBytes: 64 * KB, schema: WebhookCreateSchema },
  success: {
    status: 201,
    description: 'Created',
    json: z
      .object({ success: z.literal(true), webhook: WebhookWithSecretSchema })
      .meta({ id: 'WebhookCreatedResponse' }),
  },
  errors: {
    ...CALLER_ERRORS,
    400: ['validation_error', 'invalid_json'],
    413: ['payload_too_large'],
    503: ['not_provisioned'],
  },
});

export const listWebhooks = defineOperation({
  operationId: 'listWebhooks',
  method: 'GET',
  path: '/api/webhooks',
  summary: 'List your webhooks',
  auth: 'account',
  success: {
    status: 200,
    description: 'Webhooks, oldest first',
    json: z.object({ success: z.literal(true), webhooks: z.array(WebhookSchema) }).meta({ id: 'WebhookListResponse' }),
  },
  errors: CALLER_ERRORS,
});

export const getWebhook = defineOperation({
  operationId: 'getWebhook',
  method: 'GET',
  path: '/api/webhooks/{id}',
  summary: 'Read one webhook',
  auth: 'account',
  params: WebhookIdParams,
  success: {
    status: 200,
    description: 'The webhook',
    json: z.object({ success: z.literal(true), webhook: WebhookSchema }).meta({ id: 'WebhookResponse' }),
  },
  errors: { ...CALLER_ERRORS, 404: ['not_found'] },
});

export const updateWebhook = defineOperation({
  operationId: 'updateWebhook',
  method: 'PATCH',
  path: '/api/webhooks/{id}',
  summary: 'Change the URL, the events, or pause and resume a webhook',
  description:
    'Only the fields given change; the signing secret never does. The URL passes the same address policy as at creation. `is_active: false` pauses deliveries, `true` resumes them and clears `disabled_reason`.',
  auth: 'account',
  params: WebhookIdParams,
  body: { limitBytes: 64 * KB, schema: WebhookUpdateSchema },
  success: {
    status: 200,
    description: 'The webhook as changed',
    json: z.object({ success: z.literal(true), webhook: WebhookSchema }).meta({ id: 'WebhookUpdatedResponse' }),
  },
  errors: {
    ...CALLER_ERRORS,
    400: ['validation_error', 'invalid_json'],
    404: ['not_found'],
    413: ['payload_too_large'],
  },
});

export const deleteWebhook = defineOperation({
  operationId: 'deleteWebhook',
  method: 'DELETE',
  path: '/api/webhooks/{id}',
  summary: 'Delete a webhook',
  auth: 'account',
  params: WebhookIdParams,
  success: {
    status: 200,
    description: 'Deleted',
    json: z
      .object({ success: z.literal(true), deleted: z.literal(true), id: z.string() })
      .meta({ id: 'WebhookDeletedResponse' }),
  },
  errors: { ...CALLER_ERRORS, 404: ['not_found'] },
});
