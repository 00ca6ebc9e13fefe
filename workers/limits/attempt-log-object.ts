// A sliding-window log of attempts for one subject (issue 25, decision P-LIM4): the login and registration throttles
// (H4, H6) per client IP and per e-mail hash, moved out of D1 so that a refused attempt writes nothing there. Each
// row is one attempt, tagged with the other half of its key (the e-mail hash in an IP's log, the IP in an e-mail's),
// so a limit can apply to the whole log and to one tag. A reservation counts and writes in one synchronous step (the
// object runs one call at a time), so parallel attempts cannot pass a limit together. The alarm deletes the rows that
// left their window and, once none is left, the object's storage (P-LIM3).
import { DurableObject } from 'cloudflare:workers';

/** At most `all` rows in the window, and at most `tag` rows of the attempt's own tag when given. */
export interface AttemptLimits {
  all: number;
  tag?: number;
}

export type AttemptReservation = { reserved: true; id: number } | { reserved: false; retryAfterMs: number };

export class AttemptLog extends DurableObject<unknown> {
  /** deleteAll() drops the table too, and an instance still in memory does not run its constructor again. */
  private tableReady = false;

  private sql(): SqlStorage {
    if (!this.tableReady) {
      this.ctx.storage.sql.exec(
        'CREATE TABLE IF NOT EXISTS attempts (id INTEGER PRIMARY KEY AUTOINCREMENT, tag TEXT NOT NULL, expires_at INTEGER NOT NULL)',
      );
      this.tableReady = true;
    }
    return this.ctx.storage.sql;
  }

  /**
   * Counts the attempt (tag `tag`, kept `windowMs`) when the log and the tag are under their limits, or refuses and
   * writes nothing. A refusal says when a slot frees: when the oldest row of every full scope leaves the window.
   */
  reserve(input: { tag: string; windowMs: number; limits: AttemptLimits }): AttemptReservation {
    const sql = this.sql();
    const now = Date.now();
    const scope = (where: string, ...binds: unknown[]) =>
      sql
        .exec<{ n: number; oldest: number | null }>(
          `SELECT COUNT(*) AS n, MIN(expires_at) AS oldest FROM attempts WHERE expires_at > ? ${where}`,
          now,
          ...binds,
        )
        .one();
    const full = [scope('')].filter((s) => s.n >= input.limits.all);
    if (input.limits.tag !== undefined) {
      const own = scope('AND tag = ?', input.tag);
      if (own.n >= input.limits.tag) full.push(own);
    }
    if (full.length > 0) {
      const until = Math.max(now, ...full.map((s) => s.oldest ?? now));
      return { reserved: false, retryAfterMs: until - now };
    }
    const expiresAt = now + input.windowMs;
    const id = sql
      .exec<{ id: number }>('INSERT INTO attempts (tag, expires_at) VALUES (?, ?) RETURNING id', input.tag, expiresAt)
      .one().id;
    // Rows are added in time order, so the newest row is the last to leave: the alarm then finds the log empty.
    void this.ctx.storage.setAlarm(expiresAt);
    return { reserved: true, id };
  }

  /** Gives back a reservation another scope refused (login reserves in two logs: both or neither). */
  release(input: { id: number }): void {
    this.sql().exec('DELETE FROM attempts WHERE id = ?', input.id);
  }

  /** A successful login: its pair's rows go (its own reservation and the owner's earlier typos there). */
  clearTag(input: { tag: string }): void {
    this.sql().exec('DELETE FROM attempts WHERE tag = ?', input.tag);
  }

  /** Rows that left their window go; an empty log deletes its storage, so idle subjects leave nothing behind. */
  override async alarm(): Promise<void> {
    const sql = this.sql();
    const now = Date.now();
    sql.exec('DELETE FROM attempts WHERE expires_at <= ?', now);
    const last = sql.exec<{ t: number | null }>('SELECT MAX(expires_at) AS t FROM attempts').one().t;
    if (last !== null) {
      await this.ctx.storage.setAlarm(last);
      return;
    }
    await this.ctx.storage.deleteAll();
    this.tableReady = false;
  }
}
