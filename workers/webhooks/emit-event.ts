// Event emission (D10): called after the generate/batch response is decided, inside
// executionCtx.waitUntil, so a response never waits for the queue, let alone a delivery.
import type { Context } from 'hono';
import { randomBase62 } from '../crypto/random-ids.ts';
import type { AppEnv, Env } from '../env.ts';
import { MAX_BATCH_BYTES, sendInBatches } from './queue-batches.ts';
import type { WebhookEventType } from './webhook-create-body.ts';
import {
  INLINE_EVENT_MAX_BYTES,
  PARKED_EVENT_TTL_SECONDS,
  parkedEventKey,
  type WebhookEvent,
  type WebhookMessage,
} from './webhook-event.ts';
import { subscribedWebhooks } from './webhook-store.ts';

export function newEventId(): string {
  return `evt_${randomBase62(24)}`;
}

/** Enqueues one message per active webhook of the account subscribed to `type`; `now` in ms. */
export async function emitInvoiceEvent(
  env: Env,
  accountId: string,
  type: WebhookEventType,
  data: unknown,
  now: number,
): Promise<void> {
  const hooks = await subscribedWebhooks(env.DB, accountId, type);
  if (hooks.length === 0) return;
  const event: WebhookEvent = { id: newEventId(), type, created: Math.floor(now / 1000), data };
  await enqueueEvent(
    env,
    accountId,
    event,
    hooks.map((h) => h.id),
  );
}

/**
 * Parked once, in KV, and referenced by every copy (issue 25): an event too large for one message, or whose copies
 * (one per webhook) would not fit one batch together. Small events to a few webhooks travel inline.
 */
export function shouldPark(eventBytes: number, copies: number): boolean {
  return eventBytes > INLINE_EVENT_MAX_BYTES || (copies > 1 && copies * eventBytes > MAX_BATCH_BYTES);
}

/**
 * One queue message per webhook for `event`, parked in KV when `shouldPark` says so, sent in batches within the
 * queue's limits (queue-batches.ts). Also used for redeliveries and test events (webhook-delivery-routes.ts), which
 * go to one webhook.
 */
export async function enqueueEvent(
  env: Env,
  accountId: string,
  event: WebhookEvent,
  webhookIds: readonly string[],
): Promise<void> {
  const serialised = JSON.stringify(event);
  let inline: WebhookEvent | undefined = event;
  let ref: string | undefined;
  if (shouldPark(new TextEncoder().encode(serialised).length, webhookIds.length)) {
    ref = parkedEventKey(event.id);
    await env.SNAPSHOTS.put(ref, serialised, { expirationTtl: PARKED_EVENT_TTL_SECONDS });
    inline = undefined;
  }
  const messages = webhookIds.map((id) => ({
    body: {
      v: 1,
      webhook_id: id,
      account_id: accountId,
      event_id: event.id,
      event_type: event.type,
      event: inline,
      event_ref: ref,
    } satisfies WebhookMessage,
    contentType: 'json' as const,
  }));
  await sendInBatches(env.WEBHOOK_QUEUE, messages);
}

/** For route handlers: emit after the response without delaying it; failures are logged, never thrown. */
export function emitAfterResponse(c: Context<AppEnv>, accountId: string, type: WebhookEventType, data: unknown): void {
  const now = Date.now();
  const work = emitInvoiceEvent(c.env, accountId, type, data, now).catch((err) => {
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'webhook emission failed',
        type,
        account_id: accountId,
        error: String((err as Error)?.stack ?? err),
      }),
    );
  });
  c.executionCtx.waitUntil(work);
}
