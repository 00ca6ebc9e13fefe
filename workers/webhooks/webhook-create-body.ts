// The WebhookCreate body (spec: Webhook resources; D10) as a zod schema — the validator and the
// /openapi.json component. Events default to `[invoice.generated]`; unknown fields are ignored (D4).
import { z } from 'zod';
import { ApiError } from '../http/api-error.ts';
import { webhookUrlProblem } from './webhook-url.ts';

export const WEBHOOK_EVENTS = ['invoice.generated', 'batch.generated'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: (iss) => `must be one of ${WEBHOOK_EVENTS.join(', ')} (got ${JSON.stringify(iss.input)})` });

/** `devMode` admits http://localhost receivers (local development only). */
function webhookCreateSchema(devMode: boolean) {
  return z
    .object({
      url: z
        .string({ error: 'url is required and must be a string' })
        .superRefine((url, ctx) => {
          const problem = webhookUrlProblem(url, devMode);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .transform((url) => url.trim())
        .meta({ description: 'An https URL to a public host (D10); http://localhost also in local development.' }),
      events: z
        .array(WebhookEventSchema, { error: `events must be a non-empty array of ${WEBHOOK_EVENTS.join(', ')}` })
        .min(1, { message: `events must be a non-empty array of ${WEBHOOK_EVENTS.join(', ')}` })
        .default(['invoice.generated'])
        .transform((events) => [...new Set(events)]),
    })
}

// Built once each: a schema per request would also grow zod's registry.
export const WebhookCreateSchema = webhookCreateSchema(false).meta({ id: 'WebhookCreate' });
const DevWebhookCreateSchema = webhookCreateSchema(true);
export type WebhookCreate = z.output<typeof WebhookCreateSchema>;

export function parseWebhookCreate(body: unknown, devMode: boolean): WebhookCreate {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('validation_error', 'body: must be a JSON object with url and events');
  }
  const parsed = (devMode ? DevWebhookCreateSchema : WebhookCreateSchema).safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${String(p)}` : String(p))).join('');
  // url problems already name the field; others get their path prefixed (events[1]: must be one of …).
  const message = issue.message.startsWith(`${path.split('[')[0]} `) ? issue.message : `${path}: ${issue.message}`;
  throw new ApiError('validation_error', message);
}
