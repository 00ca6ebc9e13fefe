// When a RateLimiter object may forget everything (issue 25, decision P-LIM3): per-IP objects (one per client
// address) were never deleted. An object that holds nothing but window counters (no account: no subject, loaded keys or
// credits; no open reservation) is deleted by its alarm once none of its windows with a count is still running.
import type { EarliestAlarm } from './earliest-alarm.ts';
import { hourWindow, isoWeekWindow, monthWindow } from './windows.ts';

/** Unix seconds: the end of the window a counter row of `name` that started at `startSec` belongs to. */
function windowEnd(name: string, startSec: number): number {
  const startMs = startSec * 1000;
  if (name === 'week') return isoWeekWindow(startMs).end;
  if (name.startsWith('month_')) return monthWindow(startMs).end;
  return hourWindow(startMs).end; // `hour` and the hourly counters (`*_hour`)
}

/** Unix ms: the end of the last window that has a count and is still running at `now`; null when none is. */
function liveUntil(sql: SqlStorage, now: number): number | null {
  let until: number | null = null;
  for (const r of sql.exec<{ name: string; start: number; count: number }>('SELECT name, start, count FROM counters')) {
    const end = windowEnd(r.name, r.start) * 1000;
    if (r.count > 0 && end > now) until = Math.max(until ?? 0, end);
  }
  return until;
}

/** True when the object holds window counters only: nothing of an account, no reservation a request still holds. */
function holdsOnlyCounters(sql: SqlStorage): boolean {
  const rows = (table: string) => sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).one().n;
  return ['subject', 'live_keys_loaded', 'credits', 'reservations'].every((table) => rows(table) === 0);
}

/**
 * Closing the account (issue 24, H17): every row of every table of the object goes; the tables stay, as this instance
 * may still be in memory and uses them.
 */
export function emptyEveryTable(sql: SqlStorage): void {
  const tables = sql
    .exec<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'",
    )
    .toArray();
  for (const { name } of tables) sql.exec(`DELETE FROM "${name}"`);
}

/**
 * The alarm's clean-up check: 'account' for an object that holds more than counters (it keeps its state); otherwise
 * it wakes at the end of the last window with a count that still runs ('kept'), or, when none does, its alarm and
 * storage are deleted ('deleted': the instance must make its tables again before its next call).
 */
export async function forgetWhenIdle(
  storage: DurableObjectStorage,
  wake: EarliestAlarm,
  now: number,
): Promise<'account' | 'kept' | 'deleted'> {
  if (!holdsOnlyCounters(storage.sql)) return 'account';
  const until = liveUntil(storage.sql, now);
  if (until !== null) {
    wake.wakeBy(until);
    return 'kept';
  }
  await storage.deleteAlarm();
  await storage.deleteAll();
  return 'deleted';
}
