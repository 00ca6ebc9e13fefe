// The RateLimiter's write-behind to D1 (its alarm, at most every 5 minutes): the counters into
// usage_snapshots for `npm run admin -- usage`, and the legacy credits used into accounts.credits_used.
// D1 is never read for admission; the object stays the source of truth.
import type { EarliestAlarm } from './earliest-alarm.ts';

/**
 * D1 snapshots are written behind, at most one per account this often (issue 25, P-LIM5): a D1 write every 2 s per
 * active account made the snapshots a ceiling of the service. The live counters are the object's (every answer's
 * headers, /me, the dashboard); only `npm run admin -- usage` and `accounts.credits_used` read the copy.
 */
export const SNAPSHOT_INTERVAL_MS = 5 * 60_000;
/** A snapshot that failed (D1 unavailable) is tried again this much later. */
const FLUSH_RETRY_MS = 60_000;

/**
 * When the account object's next copy is due. The alarm also serves the reservation leases (F1, every 45 s while
 * requests die), so it writes only when the copy is due, not whenever it fires.
 */
export class SnapshotSchedule {
  /** Unix ms; null: nothing changed since the last copy; undefined: not known (a new instance copies once). */
  private dueAt: number | null | undefined = undefined;

  constructor(
    private readonly sql: SqlStorage,
    private readonly wake: EarliestAlarm,
  ) {}

  /** An account's counters changed: the object remembers whose they are; the copy follows within the interval. */
  afterChange(accountId: string): void {
    this.sql.exec('INSERT INTO subject (id, account_id) VALUES (1, ?) ON CONFLICT(id) DO NOTHING', accountId);
    this.dueAt ??= Date.now() + SNAPSHOT_INTERVAL_MS;
    this.wake.wakeBy(this.dueAt);
  }

  /** The alarm's copy to D1 when due; a failure is logged and tried again later rather than failing the alarm. */
  async flushIfDue(db: D1Database, creditsUsed: number | undefined, now: number): Promise<void> {
    if (this.dueAt === null) return;
    if (this.dueAt !== undefined && now < this.dueAt) {
      this.wake.wakeBy(this.dueAt);
      return;
    }
    this.dueAt = null;
    try {
      await writeUsageSnapshot(this.sql, db, creditsUsed);
    } catch (err) {
      // The object stays the source of truth; the copy is tried again later rather than failing the alarm.
      console.error(JSON.stringify({ level: 'error', msg: 'usage snapshot failed', error: String(err) }));
      this.dueAt = Date.now() + FLUSH_RETRY_MS;
      this.wake.wakeBy(this.dueAt);
    }
  }
}

async function writeUsageSnapshot(sql: SqlStorage, db: D1Database, creditsUsed: number | undefined) {
  const row = sql.exec<{ account_id: string }>('SELECT account_id FROM subject WHERE id = 1').toArray()[0];
  if (!row) return;
  // The rows as stored (not filtered by the real clock): the admin command compares their window
  // starts with the current windows itself.
  const raw = new Map<string, { start: number; count: number }>();
  for (const r of sql.exec<{ name: string; start: number; count: number }>('SELECT name, start, count FROM counters'))
    raw.set(r.name, r);
  const v = (name: string) => raw.get(name) ?? { start: 0, count: 0 };
  const statements = [
    db
      .prepare(
        `INSERT INTO usage_snapshots (subject, hour_start, hour_count, week_start, week_count, month_start, month_documents, month_pdfs, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(subject) DO UPDATE SET hour_start = excluded.hour_start, hour_count = excluded.hour_count, week_start = excluded.week_start,
         week_count = excluded.week_count, month_start = excluded.month_start, month_documents = excluded.month_documents,
         month_pdfs = excluded.month_pdfs, updated_at = excluded.updated_at`,
      )
      .bind(
        row.account_id,
        v('hour').start,
        v('hour').count,
        v('week').start,
        v('week').count,
        v('month_documents').start,
        v('month_documents').count,
        v('month_pdfs').count,
        Date.now(),
      ),
  ];
  if (creditsUsed !== undefined)
    statements.push(db.prepare('UPDATE accounts SET credits_used = ? WHERE id = ?').bind(creditsUsed, row.account_id));
  await db.batch(statements);
}
