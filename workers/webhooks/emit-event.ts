// Event emission (D10; issue 25, W6). The request hands the event off after its answer (waitUntil) as one `emit`
// queue message, retried a bounded number of times and counted when lost (emit-handoff.ts); the queue consumer fans
// it out to the account's subscribed webhooks (`fanOutEvent`, from the account's RateLimiter's copy: W7), one
// delivery message each, and the queue retries a fan-out that fails. So a response never waits for the queue, and an event handed off is never lost.
import type { Context } from 'hono';
import { type AccountCaller, livemodeOf } from '../accounts/caller.ts';
import { randomBase62 } from '../crypto/random-ids.ts';
import type { AppEnv, Env } from '../env.ts';
import { webhookSubscribers } from '../limits/account-facts.ts';
import { HANDOFF_RETRY_DELAYS_MS, handOffWithRetry } from './emit-handoff.ts';
import { MAX_BATCH_BYTES, sendInBatches } from './queue-batches.ts';
import type { WebhookEventType } from './webhook-create-body.ts';
import {
  type EmitMessage,
  INLINE_EVENT_MAX_BYTES,
  PARKED_EVENT_TTL_SECONDS,
  parkedEventKey,
  type WebhookEvent,
  type WebhookMessage,
} from './webhook-event.ts';

export function newEventId(): string {
  return `evt_${randomBase62(24)}`;
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

async function park(env: Env, event: WebhookEvent, serialised: string): Promise<string> {
  const ref = parkedEventKey(event.id);
  await env.SNAPSHOTS.put(ref, serialised, { expirationTtl: PARKED_EVENT_TTL_SECONDS });
  return ref;
}

/**
 * Hands the event off as one `emit` message (parked first when too large for a message); `now` in ms. Never
 * throws: after the bounded retries a lost event is logged and counted. False when it was lost.
 */
export async function emitInvoiceEvent(
  env: Env,
  accountId: string,
  type: WebhookEventType,
  data: unknown,
  now: number,
  retryDelaysMs: readonly number[] = HANDOFF_RETRY_DELAYS_MS,
  livemode = true,
): Promise<boolean> {
  const event: WebhookEvent = { id: newEventId(), type, created: Math.floor(now / 1000), livemode, data };
  const serialised = JSON.stringify(event);
  const large = byteLength(serialised) > INLINE_EVENT_MAX_BYTES;
  return handOffWithRetry(
    async () => {
      const ref = large ? await park(env, event, serialised) : undefined;
      const body: EmitMessage = {
        v: 1,
        kind: 'emit',
        account_id: accountId,
        event_id: event.id,
        event_type: type,
        ...(ref ? { event_ref: ref } : { event }),
      };
      await env.WEBHOOK_QUEUE.send(body, { contentType: 'json' });
    },
    { event_id: event.id, event_type: type, account_id: accountId },
    retryDelaysMs,
  );
}

/**
 * The consumer's side of an `emit` message: one delivery message per active webhook of the account subscribed to
 * its type (none: nothing), as the account's RateLimiter knows them (W7: no D1 read). Throws on failure, so that the
 * queue retries the whole fan-out (a webhook may then get the event twice: deliveries are at least once).
 */
export async function fanOutEvent(env: Env, m: EmitMessage): Promise<number> {
  const ids = await webhookSubscribers(env, m.account_id, m.event_type);
  if (ids.length === 0) return 0;
  if (m.event) await enqueueEvent(env, m.account_id, m.event, ids);
  else await sendDeliveries(env, m.account_id, { id: m.event_id, type: m.event_type }, ids, { ref: m.event_ref! });
  return ids.length;
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
  const payload = shouldPark(byteLength(serialised), webhookIds.length)
    ? { ref: await park(env, event, serialised) }
    : { event };
  await sendDeliveries(env, accountId, event, webhookIds, payload);
}

/** One delivery message per webhook, carrying the event inline or its parked key, in batches within the limits. */
async function sendDeliveries(
  env: Env,
  accountId: string,
  head: { id: string; type: WebhookMessage['event_type'] },
  webhookIds: readonly string[],
  payload: { event: WebhookEvent } | { ref: string },
): Promise<void> {
  const messages = webhookIds.map((id) => ({
    body: {
      v: 1,
      webhook_id: id,
      account_id: accountId,
      event_id: head.id,
      event_type: head.type,
      ...('ref' in payload ? { event_ref: payload.ref } : { event: payload.event }),
    } satisfies WebhookMessage,
    contentType: 'json' as const,
  }));
  await sendInBatches(env.WEBHOOK_QUEUE, messages);
}

/** For route handlers: hand the event off after the response without delaying it; never throws (W6). */
export function emitAfterResponse(
  c: Context<AppEnv>,
  caller: AccountCaller,
  type: WebhookEventType,
  data: unknown,
): void {
  c.executionCtx.waitUntil(
    emitInvoiceEvent(c.env, caller.accountId, type, data, Date.now(), HANDOFF_RETRY_DELAYS_MS, livemodeOf(caller)),
  );
}
