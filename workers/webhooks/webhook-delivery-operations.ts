// The delivery log and manual sends of one webhook (issue 12, decision W1), declared once
// (workers/http/operation.ts). Same callers and scoping as webhook-operations.ts: API key or session,
// verified account, another account's webhook is the same 404 as a missing one.
import { z } from 'zod';
import { defineOperation } from '../http/operation.ts';
import { NO_FIELDS } from '../http/read-json-body.ts';
import { CALLER_ERRORS, WebhookIdParams, webhookId } from './webhook-operations.ts';

const DELIVERIES_PAGE_DEFAULT = 20;
const DELIVERIES_PAGE_MAX = 100;

const DeliverySchema = z
  .object({
    id: z.string().meta({ description: '`dlv_` + 24 base62.' }),
    webhook_id: z.string(),
    event_id: z.string(),
    event_type: z.string().meta({ description: '`invoice.generated`, `batch.generated` or `webhook.test`.' }),
    attempt: z
      .int()
      .meta({ description: '1 for the first try of a send (event, redelivery or test), then each retry.' }),
    attempted_at: z.int().meta({ description: 'Unix seconds.' }),
    status: z.int().nullable().meta({ description: 'HTTP status of the answer; null when none came (see `error`).' }),
    error: z
      .string()
      .nullable()
      .meta({ description: 'Why no answer came: a timeout, a network error, or the address policy.' }),
    duration_ms: z.int(),
    response_body: z.string().meta({ description: 'The first 1 KB of the answer body, as text.' }),
    next_attempt_at: z.int().nullable().meta({
      description:
        'Unix seconds: when this send is tried again (the retry schedule in docs/webhooks.md); null when no retry follows.',
    }),
  })
  .meta({ id: 'WebhookDelivery' });

const EventQueuedSchema = z
  .object({ success: z.literal(true), event_id: z.string() })
  .meta({ id: 'WebhookEventQueuedResponse' });

export const listWebhookDeliveries = defineOperation({
  operationId: 'listWebhookDeliveries',
  method: 'GET',
  path: '/api/webhooks/{id}/deliveries',
  summary: 'Delivery attempts of a webhook, newest first (the last 100 are kept)',
  auth: 'account',
  params: WebhookIdParams,
  query: z.object({
    limit: z.coerce
      .number({ error: `must be an integer from 1 to ${DELIVERIES_PAGE_MAX}` })
      .int({ error: `must be an integer from 1 to ${DELIVERIES_PAGE_MAX}` })
      .min(1, { error: `must be an integer from 1 to ${DELIVERIES_PAGE_MAX}` })
      .max(DELIVERIES_PAGE_MAX, { error: `must be an integer from 1 to ${DELIVERIES_PAGE_MAX}` })
      .default(DELIVERIES_PAGE_DEFAULT),
    cursor: z.string().optional().meta({ description: "Opaque: the previous page's `next_cursor`." }),
  }),
  success: {
    status: 200,
    description: 'One page of attempts; `next_cursor` is null on the last page.',
    json: z
      .object({ success: z.literal(true), deliveries: z.array(DeliverySchema), next_cursor: z.string().nullable() })
      .meta({ id: 'WebhookDeliveryListResponse' }),
  },
  errors: { ...CALLER_ERRORS, 400: ['validation_error'], 404: ['not_found'] },
});

export const redeliverWebhookDelivery = defineOperation({
  operationId: 'redeliverWebhookDelivery',
  method: 'POST',
  path: '/api/webhooks/{id}/deliveries/{delivery_id}/redeliver',
  summary: 'Send the event of a delivery again (same id and body, new signature timestamp)',
  description:
    'Queued as a new series of attempts (attempt 1, then the scheduled retries). 404 when the webhook, the delivery or its kept event is gone. Redeliveries and test events: at most 60 per hour per account, apart from the plan windows.',
  auth: 'account',
  params: z.object({
    id: webhookId(),
    delivery_id: z
      .string()
      .regex(/^dlv_[0-9A-Za-z]{24}$/, { message: 'must be a delivery id: dlv_ and 24 letters or digits' }),
  }),
  body: NO_FIELDS,
  success: { status: 202, description: 'Queued', json: EventQueuedSchema },
  errors: { ...CALLER_ERRORS, 404: ['not_found'], 429: ['rate_limit_exceeded'] },
});

export const testWebhook = defineOperation({
  operationId: 'testWebhook',
  method: 'POST',
  path: '/api/webhooks/{id}/test',
  summary: 'Send a signed `webhook.test` event to this webhook',
  description:
    'Sent whatever the webhook subscribes to; delivered, retried and logged like any event (docs/webhooks.md). Redeliveries and test events: at most 60 per hour per account, apart from the plan windows.',
  auth: 'account',
  params: WebhookIdParams,
  body: NO_FIELDS,
  success: { status: 202, description: 'Queued', json: EventQueuedSchema },
  errors: { ...CALLER_ERRORS, 404: ['not_found'], 429: ['rate_limit_exceeded'] },
});
