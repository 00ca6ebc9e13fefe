import { z } from 'zod';
import { InvoiceResponseSchema } from '@invoice/model';
import { MetaSchema } from '../http/response-schemas.ts';
import { WebhookEventSchema } from '../webhooks/webhook-create-body.ts';

/**
 * Response and request shapes of the account, webhook and hosted-link groups, for /openapi.json.
 * The validators of those groups check the same rules; tests compare live answers with these schemas.
 */

export const InvoiceJsonResponseSchema = z
  .object({ success: z.literal(true), invoice: InvoiceResponseSchema, meta: MetaSchema, anonymous: z.boolean() })
  .meta({ id: 'InvoiceJsonResponse' });

export const MessageResponseSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'MessageResponse' });

export const UserSchema = z
  .object({
    email: z.string(),
    tier: z.enum(['free', 'starter', 'pro', 'enterprise']),
    verified: z.boolean(),
    api_key: z.string().optional().meta({ description: 'Masked: inv_sk_… plus the last 4 characters (only on /me, when a key exists).' }),
    credits: z.object({ total: z.int(), used: z.int() }).optional().meta({ description: 'Legacy render credits (D11), on /me.' }),
  })
  .meta({ id: 'User' });

export const UserResponseSchema = z.object({ success: z.literal(true), user: UserSchema }).meta({ id: 'UserResponse' });
export const ApiKeyResponseSchema = z
  .object({ success: z.literal(true), api_key: z.string().meta({ description: 'inv_sk_ + 40 base62 characters; shown once.' }) })
  .meta({ id: 'ApiKeyResponse' });

export const WebhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(WebhookEventSchema),
    is_active: z.boolean(),
    created_at: z.int(),
    last_delivery_at: z.int().nullable(),
    last_status: z.int().nullable().meta({ description: 'HTTP status of the last attempt; 0 for a network error or timeout.' }),
    secret_hint: z.string(),
  })
  .meta({ id: 'Webhook' });

export const WebhookWithSecretSchema = WebhookSchema.extend({
  secret: z.string().meta({ description: 'whsec_ + base64 of 32 bytes; returned once.' }),
}).meta({ id: 'WebhookWithSecret' });

export const HealthSchema = z.object({ status: z.literal('ok'), version: z.string() }).meta({ id: 'Health' });
