// Expired D1 rows are deleted by the hourly Cron Trigger (issue 25, decision H19): sessions, verification, reset and
// email-change links and hosted-link index rows past their expiry, and forgot-password's request rows past their window
// (the login and registration throttles live in AttemptLog objects, which delete themselves: P-LIM4). Every reader already ignores such
// rows; without this they stayed for ever (sessions and verification links were never deleted at all). Each table
// loses at most PRUNE_LIMIT rows a run, so one run stays a short write however much has piled up; the next run
// takes the rest.
const PRUNE_LIMIT = 5_000;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Table, key column, time column, how long after that time a row is kept (0: the column is the expiry), and the
 * column's unit (`s` for Unix seconds).
 */
const EXPIRING: readonly { table: string; key: string; time: string; keepMs: number; unit?: 's' }[] = [
  { table: 'sessions', key: 'id_hash', time: 'expires_at', keepMs: 0 },
  { table: 'email_verifications', key: 'token_hash', time: 'expires_at', keepMs: 0 },
  { table: 'password_resets', key: 'token_hash', time: 'expires_at', keepMs: 0 },
  { table: 'email_changes', key: 'token_hash', time: 'expires_at', keepMs: 0 },
  // The index of hosted links (H17): a link past its end answers 404 whatever its row, and its KV keys expire.
  { table: 'hosted_links', key: 'id', time: 'expires_at', keepMs: 0, unit: 's' },
  // Forgot-password's throttle window (H14: an hour).
  { table: 'password_reset_requests', key: 'id', time: 'requested_at', keepMs: HOUR_MS },
];

/** Deletes what expired by `now` (Unix ms) in one D1 batch; returns the rows deleted per table. */
export async function pruneExpiredRows(db: D1Database, now: number): Promise<Record<string, number>> {
  const results = await db.batch(
    EXPIRING.map(({ table, key, time, keepMs, unit }) =>
      db
        .prepare(`DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${time} <= ? LIMIT ?)`)
        .bind(unit === 's' ? Math.floor((now - keepMs) / 1000) : now - keepMs, PRUNE_LIMIT),
    ),
  );
  return Object.fromEntries(EXPIRING.map(({ table }, i) => [table, results[i].meta.changes]));
}
