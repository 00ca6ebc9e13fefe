// A fixed one-minute window of hits for one subject, counted and checked in one step (the object runs
// one call at a time). Used for hosted-link opens per client IP (issue 10.4). The row is removed by an
// alarm once its window is over, so idle subjects leave nothing behind.
// deleteAll() drops the SQLite table too, and an object that stays in memory does not run its
// constructor again: so the table is created on first use and the alarm marks it gone.
import { DurableObject } from 'cloudflare:workers';

const MINUTE_MS = 60_000;

export interface MinuteHit {
  allowed: boolean;
  /** Unix seconds: when the window resets. */
  resetAt: number;
}

export class MinuteWindow extends DurableObject<unknown> {
  private tableReady = false;

  private table(): void {
    if (this.tableReady) return;
    this.ctx.storage.sql.exec(
      'CREATE TABLE IF NOT EXISTS minute_window (id INTEGER PRIMARY KEY CHECK (id = 1), start INTEGER NOT NULL, count INTEGER NOT NULL)',
    );
    this.tableReady = true;
  }

  hit(now: number, limit: number): MinuteHit {
    this.table();
    const start = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    const row = this.ctx.storage.sql
      .exec<{ start: number; count: number }>('SELECT start, count FROM minute_window WHERE id = 1')
      .toArray()[0];
    const count = row?.start === start ? row.count : 0;
    const resetAt = (start + MINUTE_MS) / 1000;
    if (count >= limit) return { allowed: false, resetAt };
    this.ctx.storage.sql.exec(
      'INSERT INTO minute_window (id, start, count) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET start = excluded.start, count = excluded.count',
      start,
      count + 1,
    );
    if (count === 0) void this.ctx.storage.setAlarm(start + 2 * MINUTE_MS);
    return { allowed: true, resetAt };
  }

  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.tableReady = false;
  }
}
