// Hourly counters apart from the plan's windows, inside the account's RateLimiter Durable Object: one row
// of the object's `counters` table each, in the same UTC clock-hour window as D7's hourly count, so they
// never use the plan's windows or its monthly quota. `preview_hour` counts the web app's previews (W2),
// `webhook_sends_hour` the redeliveries and test events an account asks for (W3), `validations_hour` the
// e-invoice dry runs of an account or an anonymous address (E8). Counted and checked
// in one synchronous read-check-write, so parallel requests never pass the limit.
import { hourWindow } from './windows.ts';

export type HourlyCounterName = 'preview_hour' | 'webhook_sends_hour' | 'validations_hour';

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
    const w = hourWindow(now);
    const row = this.sql
      .exec<{ start: number; count: number }>('SELECT start, count FROM counters WHERE name = ?', name)
      .toArray()[0];
    const count = row?.start === w.start ? row.count : 0;
    if (count >= limit) return { admitted: false, count, resetAt: w.end };
    this.sql.exec(
      'INSERT INTO counters (name, start, count) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET start = excluded.start, count = excluded.count',
      name,
      w.start,
      count + 1,
    );
    return { admitted: true, count: count + 1, resetAt: w.end };
  }
}
