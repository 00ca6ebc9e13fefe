// The web app's preview limit (decision W2) inside the account's RateLimiter Durable Object: one row
// `preview_hour` of the object's `counters` table, in the same UTC clock-hour window as D7's hourly
// count but apart from it, so previews never use the plan's windows or its monthly quota. Counted and
// checked in one synchronous read-check-write, so parallel previews never pass the limit.
import { hourWindow } from './windows.ts';

const ROW = 'preview_hour';

export interface PreviewAdmission {
  admitted: boolean;
  /** Previews counted in this hour, this one included when admitted. */
  count: number;
  /** End of the hour, Unix seconds: when the count starts again. */
  resetAt: number;
}

export class PreviewCounter {
  /** `counters` is created by the RateLimiter's constructor. */
  constructor(private readonly sql: SqlStorage) {}

  take(now: number, limit: number): PreviewAdmission {
    const w = hourWindow(now);
    const row = this.sql
      .exec<{ start: number; count: number }>('SELECT start, count FROM counters WHERE name = ?', ROW)
      .toArray()[0];
    const count = row?.start === w.start ? row.count : 0;
    if (count >= limit) return { admitted: false, count, resetAt: w.end };
    this.sql.exec(
      'INSERT INTO counters (name, start, count) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET start = excluded.start, count = excluded.count',
      ROW,
      w.start,
      count + 1,
    );
    return { admitted: true, count: count + 1, resetAt: w.end };
  }
}
