// The account's webhook subscriptions, as its RateLimiter holds them (issue 25, decision W7): the active webhooks and
// the events each subscribes to, so emitting an event (admission on the request path, the fan-out in the queue
// consumer) reads no D1. Table `subscriptions(webhook_id, events)` holds the copy and `subscriptions_loaded` when it
// was read from D1; no row there = no copy: the next use loads it. Every change of a webhook reloads it
// (workers/webhooks/webhooks-changed.ts), and a copy older than SUBSCRIPTIONS_MAX_AGE_MS is reloaded on its next use,
// which bounds how long a reload that failed can leave it stale.

/** A copy is trusted this long; an active account reads its subscriptions from D1 once an hour at most. */
const SUBSCRIPTIONS_MAX_AGE_MS = 3_600_000;

export class SubscriptionsTable {
  /** Reloads started and the newest one written: an older read never overwrites a newer one (they interleave). */
  private started = 0;
  private written = 0;

  constructor(
    private readonly sql: SqlStorage,
    private readonly db: D1Database,
  ) {
    sql.exec('CREATE TABLE IF NOT EXISTS subscriptions (webhook_id TEXT PRIMARY KEY, events TEXT NOT NULL)');
    sql.exec(
      'CREATE TABLE IF NOT EXISTS subscriptions_loaded (id INTEGER PRIMARY KEY CHECK (id = 1), loaded_at INTEGER NOT NULL)',
    );
  }

  private loadedAt(): number | undefined {
    return this.sql.exec<{ loaded_at: number }>('SELECT loaded_at FROM subscriptions_loaded').toArray()[0]?.loaded_at;
  }

  /** Reads the account's active webhooks from D1 and replaces the copy, unless a later reload was written first. */
  async reload(accountId: string): Promise<void> {
    const ticket = ++this.started;
    const { results } = await this.db
      .prepare('SELECT id, events FROM webhooks WHERE account_id = ? AND is_active = 1')
      .bind(accountId)
      .all<{ id: string; events: string }>();
    if (ticket < this.written) return;
    this.written = ticket;
    this.sql.exec('DELETE FROM subscriptions');
    for (const r of results)
      this.sql.exec('INSERT INTO subscriptions (webhook_id, events) VALUES (?, ?)', r.id, r.events);
    this.sql.exec(
      'INSERT INTO subscriptions_loaded (id, loaded_at) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET loaded_at = excluded.loaded_at',
      Date.now(),
    );
  }

  /** The copy, loaded first when there is none or it is too old. Awaited before any synchronous section. */
  async ensure(accountId: string): Promise<void> {
    const at = this.loadedAt();
    if (at === undefined || Date.now() - at > SUBSCRIPTIONS_MAX_AGE_MS) await this.reload(accountId);
  }

  /** True when the account has at least one active webhook. */
  any(): boolean {
    return this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM subscriptions').one().n > 0;
  }

  /** The ids of the active webhooks subscribed to `eventType`, in a stable order. */
  subscribers(eventType: string): string[] {
    return this.sql
      .exec<{ webhook_id: string; events: string }>('SELECT webhook_id, events FROM subscriptions ORDER BY webhook_id')
      .toArray()
      .filter((r) => (JSON.parse(r.events) as string[]).includes(eventType))
      .map((r) => r.webhook_id);
  }
}
