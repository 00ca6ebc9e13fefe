// The WebhookCreate body (spec: Webhook resources; D10) as a zod schema — the validator and the
// /openapi.json component. Events default to `[invoice.generated]`; an unknown field is refused by name (issue 21).
import { ruleParams } from '@invoice/model';
import { z } from 'zod';
import { outboundUrlProblem } from '../net/url-policy.ts';

const WEBHOOK_EVENTS = ['invoice.generated', 'batch.generated'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS, {
  error: (iss) => `must be one of ${WEBHOOK_EVENTS.join(', ')} (got ${JSON.stringify(iss.input)})`,
});

const EVENTS_RULE = `must be a non-empty array of ${WEBHOOK_EVENTS.join(', ')}`;

/** The address policy (workers/net/url-policy.ts); `devMode` admits http://localhost receivers (local development only). */
function urlField(devMode: boolean) {
  return z
    .string({ error: 'is required and must be a string' })
    .superRefine((url, ctx) => {
      const problem = outboundUrlProblem(url, devMode);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, ...ruleParams('format') });
    })
    .transform((url) => url.trim())
    .meta({
      description: 'An https URL to a public host name or address; http://localhost also in local development.',
    });
}

const eventsField = () =>
  z
    .array(WebhookEventSchema, { error: EVENTS_RULE })
    .min(1, { message: EVENTS_RULE })
    .transform((events) => [...new Set(events)]);

function buildSchema(devMode: boolean) {
  return z.strictObject({ url: urlField(devMode), events: eventsField().default(['invoice.generated']) });
}

/** PATCH /api/webhooks/{id} (W10): the fields to change, at least one; the same URL rules as creation. */
function buildUpdateSchema(devMode: boolean) {
  return z
    .strictObject({
      url: urlField(devMode).optional(),
      events: eventsField().optional(),
      is_active: z
        .boolean({ error: 'must be true or false' })
        .optional()
        .meta({ description: 'false pauses deliveries; true resumes them.' }),
    })
    .refine((b) => b.url !== undefined || b.events !== undefined || b.is_active !== undefined, {
      message: 'must change at least one of url, events, is_active',
      ...ruleParams('required'),
    });
}

// Built once each: a schema per request would also grow zod's registry.
export const WebhookCreateSchema = buildSchema(false).meta({ id: 'WebhookCreate' });
const DevWebhookCreateSchema = buildSchema(true);

export const WebhookUpdateSchema = buildUpdateSchema(false).meta({ id: 'WebhookUpdate' });
const DevWebhookUpdateSchema = buildUpdateSchema(true);

/** The schema this environment validates with (DEV_MODE also admits localhost receivers). */
export function webhookCreateSchema(devMode: boolean): typeof WebhookCreateSchema {
  return devMode ? DevWebhookCreateSchema : WebhookCreateSchema;
}

export function webhookUpdateSchema(devMode: boolean): typeof WebhookUpdateSchema {
  return devMode ? DevWebhookUpdateSchema : WebhookUpdateSchema;
}
