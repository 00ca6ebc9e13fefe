// The delivery body and the queue message that carries it (D10).
import type { WebhookEventType } from './webhook-create-body.ts';

/** What a delivery can carry: the subscribable events, and the test event sent on request (docs/webhooks.md). */
type DeliveredEventType = WebhookEventType | 'webhook.test';

/** Delivery body: `{id: "evt_…", type, created (Unix seconds), livemode, data}`. */
export interface WebhookEvent {
  id: string;
  type: DeliveredEventType;
  created: number;
  /** K6: false when a test key (`inv_test_…`) made the documents; true otherwise (test events on request too). */
  livemode: boolean;
  data: unknown;
}

/**
 * One queue message per (event, webhook). Queue messages are limited to 128 KB and batches to 256 KB, so a large
 * event (an invoice with many long lines), or one whose copies to several webhooks would not fit one batch, is
 * parked in KV once and every message carries its key instead (emit-event.ts, `shouldPark`).
 */
export interface WebhookMessage {
  v: 1;
  webhook_id: string;
  account_id: string;
  event_id: string;
  event_type: DeliveredEventType;
  event?: WebhookEvent;
  event_ref?: string;
}

/**
 * The emission itself (issue 25, W6): one message per event, sent by the request after its answer; the consumer
 * fans it out to the account's subscribed webhooks (emit-event.ts, `fanOutEvent`), retrying on failure. The event
 * travels as it will be delivered, inline or parked.
 */
export interface EmitMessage {
  v: 1;
  kind: 'emit';
  account_id: string;
  event_id: string;
  event_type: WebhookEventType;
  event?: WebhookEvent;
  event_ref?: string;
}

export function isEmitMessage(v: unknown): v is EmitMessage {
  const m = v as EmitMessage;
  return (
    typeof m === 'object'
    && m !== null
    && m.v === 1
    && m.kind === 'emit'
    && typeof m.account_id === 'string'
    && typeof m.event_id === 'string'
    && typeof m.event_type === 'string'
    && (typeof m.event === 'object' || typeof m.event_ref === 'string')
  );
}

/** Above this many bytes of serialised event the body goes to KV (headroom under the 128 KB limit). */
export const INLINE_EVENT_MAX_BYTES = 100_000;
/** Long enough for the whole D10 schedule (about 21 h) plus queue backlog. */
export const PARKED_EVENT_TTL_SECONDS = 3 * 24 * 3600;

export function parkedEventKey(eventId: string): string {
  return `webhook-event:${eventId}`;
}

export function isWebhookMessage(v: unknown): v is WebhookMessage {
  const m = v as WebhookMessage;
  return (
    typeof m === 'object'
    && m !== null
    && m.v === 1
    && typeof m.webhook_id === 'string'
    && typeof m.event_id === 'string'
    && (typeof m.event === 'object' || typeof m.event_ref === 'string')
  );
}
