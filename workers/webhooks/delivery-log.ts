// D1 access for the delivery log (migrations/0005_webhook_deliveries.sql, decision W1): every attempt
// is a row, the last 100 per webhook are kept, and the event body is kept while a row refers to it,
// for redelivery. Reads are scoped by account and webhook, like webhook-store.ts.
import { randomBase62 } from '../crypto/random-ids.ts';
import type { DeliveryOutcome } from './deliver-webhook.ts';
import type { WebhookEvent } from './webhook-event.ts';

export const DELIVERIES_KEPT_PER_WEBHOOK = 100;
/** D1 stores values up to 2 MB; an event beyond this is delivered but cannot be redelivered. */
const MAX_STORED_EVENT_BYTES = 1_000_000;

/** A delivery as GET /api/webhooks/{id}/deliveries shows it. */
export interface Delivery {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  attempted_at: number;
  status: number | null;
  error: string | null;
  duration_ms: number;
  response_body: string;
  /** When the queue tries this send again (W12); null when no retry follows. */
  next_attempt_at: number | null;
}

interface DeliveryRow extends Delivery {
  seq: number;
}

export interface AttemptRecord {
  webhookId: string;
  accountId: string;
  event: WebhookEvent;
  attempt: number;
  attemptedAt: number;
  outcome: DeliveryOutcome;
  /** Unix seconds of the scheduled retry, null when none follows (W12). */
  nextAttemptAt: number | null;
}

/**
 * The statements that log `attempts` (W1), for one D1 batch (a transaction) per queue invocation (W8): each event
 * once (unless kept already), each attempt, then per webhook its rows past the newest 100, and per account the
 * events no row refers to any more. An event and an attempt are written only while their webhook exists (H24): a
 * delivery in flight when its webhook was deleted or its account closed leaves no row behind.
 */
export function deliveryLogStatements(db: D1Database, attempts: readonly AttemptRecord[]): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  const events = new Set<string>();
  for (const a of attempts) {
    if (events.has(a.event.id)) continue;
    events.add(a.event.id);
    const body = JSON.stringify(a.event);
    const webhookIds = [...new Set(attempts.filter((b) => b.event.id === a.event.id).map((b) => b.webhookId))];
    if (new TextEncoder().encode(body).length <= MAX_STORED_EVENT_BYTES)
      statements.push(
        db
          .prepare(
            `INSERT INTO webhook_events (id, account_id, body) SELECT ?1, ?2, ?3
               WHERE EXISTS (SELECT 1 FROM webhooks WHERE account_id = ?2 AND id IN (SELECT value FROM json_each(?4)))
             ON CONFLICT(id) DO NOTHING`,
          )
          .bind(a.event.id, a.accountId, body, JSON.stringify(webhookIds)),
      );
  }
  for (const a of attempts)
    statements.push(
      db
        .prepare(
          `INSERT INTO webhook_deliveries (id, webhook_id, account_id, event_id, event_type, attempt, attempted_at, status, error, duration_ms, response_body, next_attempt_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12
           WHERE EXISTS (SELECT 1 FROM webhooks WHERE id = ?2 AND account_id = ?3)`,
        )
        .bind(
          `dlv_${randomBase62(24)}`,
          a.webhookId,
          a.accountId,
          a.event.id,
          a.event.type,
          a.attempt,
          a.attemptedAt,
          a.outcome.status,
          a.outcome.error,
          Math.max(0, Math.round(a.outcome.durationMs)),
          a.outcome.responseBody,
          a.nextAttemptAt,
        ),
    );
  for (const webhookId of new Set(attempts.map((a) => a.webhookId)))
    statements.push(
      db
        .prepare(
          `DELETE FROM webhook_deliveries WHERE webhook_id = ?1 AND seq <= (
             SELECT seq FROM webhook_deliveries WHERE webhook_id = ?1 ORDER BY seq DESC LIMIT 1 OFFSET ?2)`,
        )
        .bind(webhookId, DELIVERIES_KEPT_PER_WEBHOOK),
    );
  for (const accountId of new Set(attempts.map((a) => a.accountId))) statements.push(pruneEvents(db, accountId));
  return statements;
}

/** One attempt logged on its own (fixtures and tools; the queue consumer batches, W8). */
export async function recordAttempt(db: D1Database, a: AttemptRecord): Promise<void> {
  await db.batch(deliveryLogStatements(db, [a]));
}

/** Events of the account that no delivery row refers to (their rows were pruned or their webhook deleted). */
function pruneEvents(db: D1Database, accountId: string): D1PreparedStatement {
  return db
    .prepare(
      `DELETE FROM webhook_events WHERE account_id = ?1
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id)`,
    )
    .bind(accountId);
}

/** With the webhook's own delete (webhook-store.ts): its log and the events only it referred to. */
export function forgetDeliveries(db: D1Database, accountId: string, webhookId: string): D1PreparedStatement[] {
  return [
    db.prepare('DELETE FROM webhook_deliveries WHERE webhook_id = ? AND account_id = ?').bind(webhookId, accountId),
    pruneEvents(db, accountId),
  ];
}

function toDelivery({ seq: _seq, ...d }: DeliveryRow): Delivery {
  return d;
}

/** Newest first; `before` is the seq of the last row of the previous page. */
export async function listDeliveries(
  db: D1Database,
  accountId: string,
  webhookId: string,
  limit: number,
  before: number | null,
): Promise<{ deliveries: Delivery[]; nextBefore: number | null }> {
  const { results } = await db
    .prepare(
      `SELECT seq, id, webhook_id, event_id, event_type, attempt, attempted_at, status, error, duration_ms, response_body,
              next_attempt_at
         FROM webhook_deliveries WHERE webhook_id = ?1 AND account_id = ?2 AND seq < ?3
         ORDER BY seq DESC LIMIT ?4`,
    )
    .bind(webhookId, accountId, before ?? Number.MAX_SAFE_INTEGER, limit + 1)
    .all<DeliveryRow>();
  const page = results.slice(0, limit);
  return { deliveries: page.map(toDelivery), nextBefore: results.length > limit ? page[page.length - 1].seq : null };
}

/** The event a delivery of this webhook carried, as it was sent; null when unknown or no longer kept. */
export async function deliveredEvent(
  db: D1Database,
  accountId: string,
  webhookId: string,
  deliveryId: string,
): Promise<{ found: false } | { found: true; event: WebhookEvent | null }> {
  const row = await db
    .prepare(
      `SELECT d.event_id, e.body FROM webhook_deliveries d LEFT JOIN webhook_events e ON e.id = d.event_id
         WHERE d.id = ? AND d.webhook_id = ? AND d.account_id = ?`,
    )
    .bind(deliveryId, webhookId, accountId)
    .first<{ event_id: string; body: string | null }>();
  if (!row) return { found: false };
  return { found: true, event: row.body ? (JSON.parse(row.body) as WebhookEvent) : null };
}
