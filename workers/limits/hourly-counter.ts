// Hourly counters apart from the plan's windows, inside the account's RateLimiter Durable Object: one row
// of the object's `counters` table each, in the same UTC clock-hour window as D7's hourly count, so they
// never use the plan's windows or its monthly quota. `preview_hour` counts the web app's previews (W2),
// `webhook_sends_hour` the redeliveries and test events an account asks for (W3), `validations_hour` the
// e-invoice dry runs of an account or an anonymous address (E8), `test_calls_hour` the calls of its test keys (K6).
// Counted and checked
// in one synchronous read-check-write, so parallel requests never pass the limit.
import { hourWindow } from './windows.ts';

export type HourlyCounterName = 'preview_hour' | 'webhook_sends_hour' | 'validations_hour' | 'test_calls_hour';

export interface HourlyAdmission {
  admitted: boolean;
  /** Counted in this hour, this one included when admitted. */
  count: number;
  /** End of the hour, Unix seconds: when the count starts again. */
  resetAt: number;
}

export class HourlyCounters {
  /** `counters` is created by the RateLimiter's constructor. */
  constructor(private readonly sql: SqlStorage) {}

  take(name: HourlyCounterName, now: number, limit: number): HourlyAdmission {
    const { taken, count, resetAt } = this.takeUpTo(name, now, limit, 1);
    return { admitted: taken === 1, count, resetAt };
  }

  /** Takes as many of `n` as fit under `limit` (0 only reads): how many it took and the count after. */
  takeUpTo(
    name: HourlyCounterName,
    now: number,
    limit: number,
    n: number,
  ): { taken: number; count: number; resetAt: number } {
    const w = hourWindow(now);
    const row = this.sql
      .exec<{ start: number; count: number }>('SELECT start, count FROM counters WHERE name = ?', name)
      .toArray()[0];
    const count = row?.start === w.start ? row.count : 0;
    const taken = Math.max(0, Math.min(n, limit - count));
    if (taken === 0) return { taken, count, resetAt: w.end };
    this.sql.exec(
      'INSERT INTO counters (name, start, count) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET start = excluded.start, count = excluded.count',
      name,
      w.start,
      count + taken,
    );
    return { taken, count: count + taken, resetAt: w.end };
  }
}
