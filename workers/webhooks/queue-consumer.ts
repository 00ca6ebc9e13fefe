// Queue consumer of `invoice-webhooks` (D10): fans each `emit` message out to the subscribed webhooks (W6) and
// delivers each delivery message to the webhook's current URL, then acks, retries on the D10 schedule or
// dead-letters. The attempts of the whole invocation are recorded on their webhooks and in the delivery log (W1) in
// one D1 batch at its end (W8). A webhook deleted (or deactivated) since the event was queued gets nothing more; one whose attempts have all
// failed for 5 days is deactivated here, at its failed attempt (W11, failing-webhook.ts).
import type { Env } from '../env.ts';
import { deliverWebhook } from './deliver-webhook.ts';
import { type AttemptRecord, deliveryLogStatements } from './delivery-log.ts';
import { fanOutEvent } from './emit-event.ts';
import { deactivateIfFailingTooLong, failsLongEnough } from './failing-webhook.ts';
import { type DeliveryStep, nextDeliveryStep, retryDelays } from './retry-schedule.ts';
import {
  isEmitMessage,
  isWebhookMessage,
  parkedEventKey,
  type WebhookEvent,
  type WebhookMessage,
} from './webhook-event.ts';
import { decryptSecret, importEncryptionKey } from './webhook-secret.ts';
import { getWebhookById, lastStatusStatement } from './webhook-store.ts';

function log(level: 'info' | 'warn' | 'error', msg: string, extra: Record<string, unknown>): void {
  console[level === 'info' ? 'log' : level](JSON.stringify({ level, msg, ...extra }));
}

async function loadEvent(env: Env, m: WebhookMessage): Promise<WebhookEvent | null> {
  if (m.event) return m.event;
  const parked = await env.SNAPSHOTS.get(m.event_ref ?? parkedEventKey(m.event_id));
  return parked ? (JSON.parse(parked) as WebhookEvent) : null;
}

const errorText = (err: unknown) => String((err as Error)?.stack ?? err);

/** An attempt to record, and the status the webhook's `last_status` takes from it (0 when no answer came). */
interface Bookkept {
  record: AttemptRecord;
  status: number;
}

/**
 * Bookkeeping after the POSTs (the webhooks' last_status and failing_since, the delivery log), all attempts of the
 * invocation in one D1 batch (W8). A failure to write it is logged and never fails or retries a delivery, which the
 * receiver already has (W4: a D1 error made it a redelivery).
 */
async function bookkeep(db: D1Database, attempts: readonly Bookkept[]): Promise<void> {
  if (attempts.length === 0) return;
  // In the order they were made, so failing_since follows the last success (W11).
  const inOrder = [...attempts].sort((a, b) => a.record.attemptedAt - b.record.attemptedAt);
  try {
    await db.batch([
      ...deliveryLogStatements(
        db,
        attempts.map((a) => a.record),
      ),
      ...inOrder.map((a) => lastStatusStatement(db, a.record.webhookId, a.record.attemptedAt, a.status)),
    ]);
  } catch (err) {
    log('error', 'webhook delivery log write failed', {
      attempts: attempts.map((a) => ({
        event_id: a.record.event.id,
        webhook_id: a.record.webhookId,
        status: a.status,
      })),
      error: errorText(err),
    });
  }
}

async function handleMessage(
  message: Message<unknown>,
  env: Env,
  now: () => number,
  attempts: Bookkept[],
): Promise<void> {
  const delays = retryDelays(env);
  const m = message.body;
  if (isEmitMessage(m)) {
    // W6: the emission, fanned out to the subscribed webhooks; a failure throws, and the queue retries it.
    const copies = await fanOutEvent(env, m);
    log('info', 'webhook event fanned out', { event_id: m.event_id, event_type: m.event_type, copies });
    message.ack();
    return;
  }
  if (!isWebhookMessage(m)) {
    log('warn', 'webhook message with an unknown shape dropped', { message_id: message.id });
    message.ack();
    return;
  }
  const hook = await getWebhookById(env.DB, m.webhook_id);
  if (!hook?.is_active || hook.account_id !== m.account_id) {
    message.ack(); // deleted or deactivated: deliveries stop
    return;
  }
  const event = await loadEvent(env, m);
  if (!event) {
    log('warn', 'webhook event body expired before delivery', { event_id: m.event_id, webhook_id: m.webhook_id });
    message.ack();
    return;
  }
  const secret = await decryptSecret(await importEncryptionKey(env.WEBHOOK_ENCRYPTION_KEY), hook.secret_ciphertext);
  const attemptSeconds = Math.floor(now() / 1000);
  const outcome = await deliverWebhook(hook.url, secret, event, attemptSeconds, {
    devMode: env.DEV_MODE === 'true',
    now,
  });
  // D10 keeps 0 for "no answer" on the webhook row; the log says why (W1).
  const status = outcome.status ?? 0;
  const failed = status < 200 || status > 299;
  // W11: this failed attempt ends 5 days of failures, so no retry follows it (unless another writer got there first).
  const ending = failed && failsLongEnough(hook.failing_since, attemptSeconds);
  // Registered under older rules, refused by today's address policy (H1): nothing was sent, and no retry can change that.
  const step: DeliveryStep = outcome.refused ? { kind: 'drop' } : nextDeliveryStep(status, message.attempts, delays);
  const retryAt = step.kind === 'retry' && !ending ? attemptSeconds + step.delaySeconds : null;
  attempts.push({
    record: {
      webhookId: hook.id,
      accountId: m.account_id,
      event,
      attempt: message.attempts,
      attemptedAt: attemptSeconds,
      outcome,
      nextAttemptAt: retryAt,
    },
    status,
  });
  if (outcome.refused)
    log('warn', 'webhook URL refused by the address policy; delivery dropped', {
      event_id: event.id,
      webhook_id: hook.id,
    });
  const lastStatus = outcome.status === null ? (outcome.error ?? 'no answer') : `HTTP ${outcome.status}`;
  if (ending && (await deactivateIfFailingTooLong(env, hook, attemptSeconds, lastStatus, log))) {
    message.ack();
    return;
  }
  if (outcome.refused) {
    message.ack();
    return;
  }

  log(step.kind === 'ack' ? 'info' : 'warn', 'webhook delivery', {
    event_id: event.id,
    webhook_id: hook.id,
    status,
    attempt: message.attempts,
    next: step.kind,
  });
  switch (step.kind) {
    case 'ack':
    case 'drop':
      message.ack();
      return;
    case 'retry':
      message.retry({ delaySeconds: step.delaySeconds });
      return;
    case 'dead-letter':
      await env.WEBHOOK_DLQ.send({ ...m, last_status: status, attempts: message.attempts }, { contentType: 'json' });
      message.ack();
  }
}

/** The Worker's `queue()` handler body for the webhook queue. */
export async function consumeWebhookBatch(
  batch: MessageBatch<unknown>,
  env: Env,
  now: () => number = Date.now,
): Promise<void> {
  const delays = retryDelays(env);
  const attempts: Bookkept[] = [];
  // Messages of one batch go to different receivers; deliver them concurrently.
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        await handleMessage(message, env, now, attempts);
      } catch (err) {
        // Our own failure (D1, KV, decryption): retry on the same schedule, the platform dead-letters after max_retries.
        log('error', 'webhook delivery failed internally', {
          message_id: message.id,
          attempt: message.attempts,
          error: String((err as Error)?.stack ?? err),
        });
        const i = Math.min(message.attempts, delays.length) - 1;
        message.retry({ delaySeconds: delays[i] });
      }
    }),
  );
  // Every message is acked or retried by now; the platform settles them when this handler returns (W8).
  await bookkeep(env.DB, attempts);
}
