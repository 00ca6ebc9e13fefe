// D1 access for the `webhooks` table (migrations/0002_webhooks.sql). Every query that reads or
// deletes by id is scoped by account_id, so another account's id behaves as a missing one.
import { randomBase62 } from '../crypto/random-ids.ts';
import { forgetDeliveries } from './delivery-log.ts';
import type { WebhookEventType } from './webhook-create-body.ts';

export const MAX_WEBHOOKS_PER_ACCOUNT = 10;

interface WebhookRow {
  id: string;
  account_id: string;
  url: string;
  events: string;
  secret_ciphertext: string;
  secret_hint: string;
  is_active: number;
  created_at: number;
  last_delivery_at: number | null;
  last_status: number | null;
  disabled_reason: string | null;
  failing_since: number | null;
  created_by_key_hash: string | null;
}

/** The public Webhook resource (spec: Webhook resources). */
export interface Webhook {
  id: string;
  url: string;
  events: WebhookEventType[];
  is_active: boolean;
  created_at: number;
  last_delivery_at: number | null;
  last_status: number | null;
  secret_hint: string;
  /** Why the service deactivated it (W11: 5 days of failures; W9: its creating key rotated or deleted); null while
   * active or paused by the user. */
  disabled_reason: string | null;
}

export interface StoredWebhook extends Webhook {
  account_id: string;
  secret_ciphertext: string;
  /** The first failed attempt since the last success (W11), Unix seconds. */
  failing_since: number | null;
  /** The api_keys key hash of the key that created it; null when the session (the dashboard) did (W9). */
  created_by_key_hash: string | null;
}

function fromRow(r: WebhookRow): StoredWebhook {
  return {
    id: r.id,
    url: r.url,
    events: JSON.parse(r.events) as WebhookEventType[],
    is_active: r.is_active === 1,
    created_at: r.created_at,
    last_delivery_at: r.last_delivery_at,
    last_status: r.last_status,
    secret_hint: r.secret_hint,
    disabled_reason: r.disabled_reason ?? null,
    account_id: r.account_id,
    secret_ciphertext: r.secret_ciphertext,
    failing_since: r.failing_since ?? null,
    created_by_key_hash: r.created_by_key_hash ?? null,
  };
}

export function toPublicWebhook(w: StoredWebhook): Webhook {
  const { account_id: _a, secret_ciphertext: _s, failing_since: _f, created_by_key_hash: _k, ...pub } = w;
  return pub;
}

function newWebhookId(): string {
  return `wh_${randomBase62(24)}`;
}

export interface NewWebhook {
  accountId: string;
  url: string;
  events: WebhookEventType[];
  secretCiphertext: string;
  secretHint: string;
  createdAt: number;
  /** The creating API key's hash (W9); null (the default) for the session. */
  createdByKeyHash?: string | null;
}

/**
 * Inserts unless the account already has MAX_WEBHOOKS_PER_ACCOUNT, or the creating key is no longer live; the checks
 * and the insert are one statement, so two concurrent creations cannot both pass the limit and a key rotated
 * meanwhile leaves no active webhook behind (W9). Returns null when nothing was inserted.
 */
export async function insertWebhook(db: D1Database, w: NewWebhook): Promise<StoredWebhook | null> {
  const id = newWebhookId();
  const res = await db
    .prepare(
      `INSERT INTO webhooks (id, account_id, url, events, secret_ciphertext, secret_hint, is_active, created_at, created_by_key_hash)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, 1, ?7, ?9
       WHERE (SELECT COUNT(*) FROM webhooks WHERE account_id = ?2) < ?8
         AND (?9 IS NULL OR EXISTS (SELECT 1 FROM api_keys WHERE key_hash = ?9 AND revoked_at IS NULL))`,
    )
    .bind(
      id,
      w.accountId,
      w.url,
      JSON.stringify(w.events),
      w.secretCiphertext,
      w.secretHint,
      w.createdAt,
      MAX_WEBHOOKS_PER_ACCOUNT,
      w.createdByKeyHash ?? null,
    )
    .run();
  if (!res.meta.changes) return null;
  return getWebhook(db, w.accountId, id);
}

export async function listWebhooks(db: D1Database, accountId: string): Promise<StoredWebhook[]> {
  const { results } = await db
    .prepare('SELECT * FROM webhooks WHERE account_id = ? ORDER BY created_at, id')
    .bind(accountId)
    .all<WebhookRow>();
  return results.map(fromRow);
}

export async function getWebhook(db: D1Database, accountId: string, id: string): Promise<StoredWebhook | null> {
  const row = await db
    .prepare('SELECT * FROM webhooks WHERE id = ? AND account_id = ?')
    .bind(id, accountId)
    .first<WebhookRow>();
  return row ? fromRow(row) : null;
}

/** For the queue consumer: the current row (it may have been deleted since the event was queued). */
export async function getWebhookById(db: D1Database, id: string): Promise<StoredWebhook | null> {
  const row = await db.prepare('SELECT * FROM webhooks WHERE id = ?').bind(id).first<WebhookRow>();
  return row ? fromRow(row) : null;
}

/** Deletes the webhook with its delivery log (W1), in one transaction. */
export async function deleteWebhook(db: D1Database, accountId: string, id: string): Promise<boolean> {
  const [res] = await db.batch([
    db.prepare('DELETE FROM webhooks WHERE id = ? AND account_id = ?').bind(id, accountId),
    ...forgetDeliveries(db, accountId, id),
  ]);
  return res.meta.changes > 0;
}

/** What PATCH /api/webhooks/{id} may change (W10); absent fields stay as they are. */
export interface WebhookChanges {
  url?: string;
  events?: WebhookEventType[];
  is_active?: boolean;
}

/**
 * One UPDATE scoped by account (another account's id changes nothing: null). A new URL or a resume starts the
 * failure clock afresh and clears the service's reason (W11); the secret is never touched.
 */
export async function updateWebhook(
  db: D1Database,
  accountId: string,
  id: string,
  changes: WebhookChanges,
): Promise<StoredWebhook | null> {
  const fresh = changes.url !== undefined || changes.is_active !== undefined;
  const row = await db
    .prepare(
      `UPDATE webhooks SET url = COALESCE(?3, url), events = COALESCE(?4, events), is_active = COALESCE(?5, is_active),
         disabled_reason = CASE WHEN ?6 THEN NULL ELSE disabled_reason END,
         failing_since = CASE WHEN ?6 THEN NULL ELSE failing_since END
       WHERE id = ?1 AND account_id = ?2 RETURNING *`,
    )
    .bind(
      id,
      accountId,
      changes.url ?? null,
      changes.events ? JSON.stringify(changes.events) : null,
      changes.is_active === undefined ? null : changes.is_active ? 1 : 0,
      fresh ? 1 : 0,
    )
    .first<WebhookRow>();
  return row ? fromRow(row) : null;
}

/**
 * Delivery bookkeeping (D10): the attempt's time and status (0 = network error or timeout), and in the same statement
 * the start of the current run of failures (W11): kept while attempts fail, cleared by a success. A statement of the
 * queue invocation's one D1 batch (W8), one per attempt in the order they were made.
 */
export function lastStatusStatement(
  db: D1Database,
  id: string,
  atSeconds: number,
  status: number,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE webhooks SET last_delivery_at = ?2, last_status = ?3,
         failing_since = CASE WHEN ?3 BETWEEN 200 AND 299 THEN NULL ELSE COALESCE(failing_since, ?2) END
       WHERE id = ?1`,
    )
    .bind(id, atSeconds, status);
}

/**
 * Deactivates a webhook whose attempts have all failed since `failingBefore` or earlier (W11). Only one caller
 * wins: true when this call made the change (it then tells the account).
 */
export async function deactivateFailingWebhook(
  db: D1Database,
  id: string,
  failingBefore: number,
  reason: string,
): Promise<boolean> {
  const res = await db
    .prepare(
      `UPDATE webhooks SET is_active = 0, disabled_reason = ?3
       WHERE id = ?1 AND is_active = 1 AND failing_since IS NOT NULL AND failing_since <= ?2`,
    )
    .bind(id, failingBefore, reason)
    .run();
  return res.meta.changes > 0;
}
