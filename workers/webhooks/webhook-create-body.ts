// Validates a WebhookCreate body (spec: Webhook resources; D10): url rules, known event names,
// default subscription `[invoice.generated]`. Unknown fields are ignored (D4).
import { ApiError } from '../http/api-error.ts';
import { webhookUrlProblem } from './webhook-url.ts';

export const WEBHOOK_EVENTS = ['invoice.generated', 'batch.generated'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export interface WebhookCreate {
  url: string;
  events: WebhookEventType[];
}

function isEventType(v: unknown): v is WebhookEventType {
  return typeof v === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(v);
}

export function parseWebhookCreate(body: unknown, devMode: boolean): WebhookCreate {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'validation_error', 'The body must be a JSON object with url and events');
  }
  const { url, events } = body as Record<string, unknown>;
  const urlProblem = webhookUrlProblem(url, devMode);
  if (urlProblem) throw new ApiError(400, 'validation_error', urlProblem);

  let list: WebhookEventType[] = ['invoice.generated'];
  if (events !== undefined) {
    if (!Array.isArray(events) || events.length === 0) {
      throw new ApiError(400, 'validation_error', `events must be a non-empty array of ${WEBHOOK_EVENTS.join(', ')}`);
    }
    events.forEach((e, i) => {
      if (!isEventType(e)) {
        throw new ApiError(400, 'validation_error', `events[${i}] must be one of ${WEBHOOK_EVENTS.join(', ')} (got ${JSON.stringify(e)})`);
      }
    });
    list = [...new Set(events as WebhookEventType[])];
  }
  return { url: (url as string).trim(), events: list };
}
