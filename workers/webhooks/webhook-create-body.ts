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

/** `devMode` admits http://localhost receivers (local development only). */
function buildSchema(devMode: boolean) {
  return z.strictObject({
    url: z
      .string({ error: 'is required and must be a string' })
      .superRefine((url, ctx) => {
        const problem = outboundUrlProblem(url, devMode);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, ...ruleParams('format') });
      })
      .transform((url) => url.trim())
      .meta({ description: 'An https URL to a public host; http://localhost also in local development.' }),
    events: z
      .array(WebhookEventSchema, { error: EVENTS_RULE })
      .min(1, { message: EVENTS_RULE })
      .default(['invoice.generated'])
      .transform((events) => [...new Set(events)]),
  });
}

// Built once each: a schema per request would also grow zod's registry.
export const WebhookCreateSchema = buildSchema(false).meta({ id: 'WebhookCreate' });
const DevWebhookCreateSchema = buildSchema(true);

/** The schema this environment validates with (DEV_MODE also admits localhost receivers). */
export function webhookCreateSchema(devMode: boolean): typeof WebhookCreateSchema {
  return devMode ? DevWebhookCreateSchema : WebhookCreateSchema;
}
