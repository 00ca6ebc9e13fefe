// The RateLimiter's write-behind to D1 (its alarm, ≈ 2 s after a change): the counters into
// usage_snapshots for `npm run admin -- usage`, and the legacy credits used into accounts.credits_used.
// D1 is never read for admission; the object stays the source of truth.
import type { EarliestAlarm } from './earliest-alarm.ts';

/** D1 snapshots are written behind, at most this long after a change. */
const FLUSH_DELAY_MS = 2_000;
/** A snapshot that failed (D1 unavailable) is tried again this much later. */
const FLUSH_RETRY_MS = 60_000;

/** An account's counters changed: the object remembers whose they are and writes the snapshot within FLUSH_DELAY_MS. */
export function snapshotAfterChange(sql: SqlStorage, wake: EarliestAlarm, accountId: string): void {
  sql.exec('INSERT INTO subject (id, account_id) VALUES (1, ?) ON CONFLICT(id) DO NOTHING', accountId);
  wake.wakeBy(Date.now() + FLUSH_DELAY_MS);
}

/** The alarm's copy to D1; a failure is logged and tried again later rather than failing the alarm. */
export async function flushUsageSnapshot(
  sql: SqlStorage,
  db: D1Database,
  creditsUsed: number | undefined,
  wake: EarliestAlarm,
): Promise<void> {
  try {
    await writeUsageSnapshot(sql, db, creditsUsed);
  } catch (err) {
    // The object stays the source of truth; the copy is tried again later rather than failing the alarm.
    console.error(JSON.stringify({ level: 'error', msg: 'usage snapshot failed', error: String(err) }));
    wake.wakeBy(Date.now() + FLUSH_RETRY_MS);
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
