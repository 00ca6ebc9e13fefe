// What an admission reserved and has not yet settled, inside the RateLimiter Durable Object (decision F1).
// Each admission that reserves documents, PDFs or a legacy credit opens one row with a lease; the request
// renews it while it works (lease-heartbeat.ts) and settles it once its answer is final. A row whose lease
// ran out belongs to an attempt that died: the object gives its outstanding part back and deletes it.
// Every give-back (partial release, expiry) decrements or deletes the row in the same synchronous step
// as the counters, so no amount can come back twice, and nothing settled ever comes back.

import { LEASE_TIMINGS } from './lease-timings.ts';

/** A reservation lapses this long after its last renewal (production; lease-timings.ts). */
export const RESERVATION_LEASE_MS = LEASE_TIMINGS.reservationMs;

/** The units one reservation holds. */
export type Reserved = {
  documents: number;
  pdfs: number;
  credits: number;
};

export type ReservationRow = Reserved & {
  id: string;
  /** Calendar month of the admission, Unix seconds: documents go back only into that month. */
  month_start: number;
  lease_until: number;
};

export class ReservationLedger {
  constructor(
    private readonly sql: SqlStorage,
    private readonly leaseMs = RESERVATION_LEASE_MS,
  ) {
    sql.exec(`CREATE TABLE IF NOT EXISTS reservations (id TEXT PRIMARY KEY, month_start INTEGER NOT NULL,
      documents INTEGER NOT NULL, pdfs INTEGER NOT NULL, credits INTEGER NOT NULL, lease_until INTEGER NOT NULL)`);
  }

  private row(id: string): ReservationRow | undefined {
    return this.sql.exec<ReservationRow>('SELECT * FROM reservations WHERE id = ?', id).toArray()[0];
  }

  /** Opens a reservation leased until `now` + the lease; returns its id and lease end. */
  open(now: number, monthStart: number, units: Reserved): { id: string; leaseUntil: number } {
    const id = crypto.randomUUID();
    const leaseUntil = now + this.leaseMs;
    this.sql.exec(
      'INSERT INTO reservations (id, month_start, documents, pdfs, credits, lease_until) VALUES (?, ?, ?, ?, ?, ?)',
      id,
      monthStart,
      units.documents,
      units.pdfs,
      units.credits,
      leaseUntil,
    );
    return { id, leaseUntil };
  }

  /** The heartbeat: the lease runs until `now` + the lease. False when the row is gone (settled, given back). */
  renew(id: string, now: number): boolean {
    return (
      this.sql
        .exec(
          'UPDATE reservations SET lease_until = MAX(lease_until, ?) WHERE id = ? RETURNING id',
          now + this.leaseMs,
          id,
        )
        .toArray().length > 0
    );
  }

  /** The units were produced: they stay counted and the row goes. False when it was already gone. */
  settle(id: string): boolean {
    return this.sql.exec('DELETE FROM reservations WHERE id = ? RETURNING id', id).toArray().length > 0;
  }

  /**
   * Takes up to `units` out of the row (what failed to be produced) and returns what was actually taken,
   * with the row's month; the row goes once nothing is left. Null when the row is gone.
   */
  take(id: string, units: Reserved): (Reserved & { month_start: number }) | null {
    const row = this.row(id);
    if (!row) return null;
    const taken = {
      documents: Math.min(row.documents, Math.max(0, units.documents)),
      pdfs: Math.min(row.pdfs, Math.max(0, units.pdfs)),
      credits: Math.min(row.credits, Math.max(0, units.credits)),
    };
    const left = {
      documents: row.documents - taken.documents,
      pdfs: row.pdfs - taken.pdfs,
      credits: row.credits - taken.credits,
    };
    if (left.documents + left.pdfs + left.credits === 0) this.settle(id);
    else
      this.sql.exec(
        'UPDATE reservations SET documents = ?, pdfs = ?, credits = ? WHERE id = ?',
        left.documents,
        left.pdfs,
        left.credits,
        id,
      );
    return { ...taken, month_start: row.month_start };
  }

  /** Removes every row whose lease ended at or before `now` and returns them: their units go back. */
  takeExpired(now: number): ReservationRow[] {
    return this.sql.exec<ReservationRow>('DELETE FROM reservations WHERE lease_until <= ? RETURNING *', now).toArray();
  }

  /** When the next lease ends (Unix ms), or null when nothing is reserved. */
  nextExpiry(): number | null {
    return (
      this.sql.exec<{ at: number | null }>('SELECT MIN(lease_until) AS at FROM reservations').toArray()[0]?.at ?? null
    );
  }
}
