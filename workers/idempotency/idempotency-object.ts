// The IdempotencyStore Durable Object (D8): one instance per (scope, Idempotency-Key). It serialises
// concurrent requests with the same key: the first one starts, the others see it in flight (409),
// a different body (422) or, once finished, the stored response. Bodies are kept in 1 MiB chunks in
// SQLite storage (a value may not exceed 2 MB), so multi-megabyte PDFs replay byte for byte.
// An in-flight record holds a lease the running attempt renews (decision F2): when it lapses the attempt
// is taken for dead and the key is free again.
import { DurableObject } from 'cloudflare:workers';
import { LEASE_TIMINGS, leaseTimings } from '../limits/lease-timings.ts';

const REPLAY_WINDOW_MS = 24 * 3600 * 1000;
/** An abandoned record's object is deleted this long after: a retry coming at once reuses it meanwhile. */
const ABANDONED_CLEANUP_MS = 60_000;
/**
 * An in-flight record whose attempt stopped renewing (killed isolate) stops blocking its key this long
 * after the last renewal (the heartbeat renews every 15 s). Longer than the reservation lease (45 s) by
 * one heartbeat, so a retry let in by its lapse finds the dead attempt's reservation lapsed too (F1).
 */
export const IN_FLIGHT_LEASE_MS = LEASE_TIMINGS.inFlightMs;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  chunkCount: number;
}

export type BeginOutcome =
  | { state: 'started'; attempt: string }
  | { state: 'in_flight'; leaseUntil: number }
  | { state: 'mismatch' }
  | ({ state: 'done' } & StoredResponse);

type RecordRow = {
  fingerprint: string;
  attempt: string;
  state: 'in_flight' | 'done';
  started_at: number;
  expires_at: number;
  /** NULL in records written before leases existed: their lease counts from `started_at`. */
  lease_until: number | null;
  status: number | null;
  headers: string | null;
  chunk_count: number | null;
};

/** Uses no binding (env.ts names this class, so it does not import Env back); reads DEV_MODE's lease scale. */
export class IdempotencyStore extends DurableObject<{ DEV_MODE?: string; LEASE_SECONDS?: string }> {
  private readonly leaseMs = leaseTimings(this.env).inFlightMs;

  // deleteAll() in the alarm drops the tables too, and an object kept in memory does not run its
  // constructor again: the schema is created on first use and the alarm marks it gone.
  private schemaReady = false;

  private schema(): void {
    if (this.schemaReady) return;
    this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS record (
      id INTEGER PRIMARY KEY CHECK (id = 1), fingerprint TEXT NOT NULL, attempt TEXT NOT NULL, state TEXT NOT NULL,
      started_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, status INTEGER, headers TEXT, chunk_count INTEGER,
      lease_until INTEGER)`);
    this.ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS chunks (seq INTEGER PRIMARY KEY, data BLOB NOT NULL)');
    // A record table made before leases (it lives up to 24 hours) gets the column.
    try {
      this.ctx.storage.sql.exec('SELECT lease_until FROM record LIMIT 0');
    } catch {
      this.ctx.storage.sql.exec('ALTER TABLE record ADD COLUMN lease_until INTEGER');
    }
    this.schemaReady = true;
  }

  private leaseEnd(row: RecordRow): number {
    return row.lease_until ?? row.started_at + this.leaseMs;
  }

  private row(): RecordRow | undefined {
    this.schema();
    return this.ctx.storage.sql.exec<RecordRow>('SELECT * FROM record WHERE id = 1').toArray()[0] as
      | RecordRow
      | undefined;
  }

  private clear(): void {
    this.ctx.storage.sql.exec('DELETE FROM record');
    this.ctx.storage.sql.exec('DELETE FROM chunks');
  }

  /**
   * Synchronous from read to write: two concurrent begins can never both start. An in-flight record
   * whose lease has passed belongs to a dead attempt and is replaced.
   */
  begin(fingerprint: string, now: number): BeginOutcome {
    let row = this.row();
    const stale = row && (row.expires_at <= now || (row.state === 'in_flight' && this.leaseEnd(row) <= now));
    if (stale) {
      this.clear();
      row = undefined;
    }
    if (!row) {
      const attempt = crypto.randomUUID();
      this.ctx.storage.sql.exec(
        "INSERT INTO record (id, fingerprint, attempt, state, started_at, expires_at, lease_until) VALUES (1, ?, ?, 'in_flight', ?, ?, ?)",
        fingerprint,
        attempt,
        now,
        now + REPLAY_WINDOW_MS,
        now + this.leaseMs,
      );
      void this.ctx.storage.setAlarm(Date.now() + REPLAY_WINDOW_MS);
      return { state: 'started', attempt };
    }
    if (row.fingerprint !== fingerprint) return { state: 'mismatch' };
    if (row.state === 'in_flight') return { state: 'in_flight', leaseUntil: this.leaseEnd(row) };
    return {
      state: 'done',
      status: row.status!,
      headers: JSON.parse(row.headers!) as Record<string, string>,
      chunkCount: row.chunk_count!,
    };
  }

  private owns(attempt: string): boolean {
    const row = this.row();
    return row !== undefined && row.state === 'in_flight' && row.attempt === attempt;
  }

  /** The running attempt's heartbeat: its lease runs until `now` + the lease. False once it lost the key. */
  renew(attempt: string, now: number): boolean {
    if (!this.owns(attempt)) return false;
    this.ctx.storage.sql.exec(
      'UPDATE record SET lease_until = MAX(COALESCE(lease_until, 0), ?) WHERE id = 1',
      now + this.leaseMs,
    );
    return true;
  }

  putChunk(attempt: string, seq: number, data: Uint8Array): boolean {
    if (!this.owns(attempt)) return false;
    this.ctx.storage.sql.exec('INSERT OR REPLACE INTO chunks (seq, data) VALUES (?, ?)', seq, data);
    return true;
  }

  /** Marks the response complete; it replays for 24 hours from now. */
  complete(attempt: string, response: StoredResponse, now: number): boolean {
    if (!this.owns(attempt)) return false;
    this.ctx.storage.sql.exec(
      "UPDATE record SET state = 'done', status = ?, headers = ?, chunk_count = ?, expires_at = ? WHERE id = 1",
      response.status,
      JSON.stringify(response.headers),
      response.chunkCount,
      now + REPLAY_WINDOW_MS,
    );
    void this.ctx.storage.setAlarm(Date.now() + REPLAY_WINDOW_MS);
    return true;
  }

  /**
   * 4xx/5xx answers and exceptions are not stored: the key becomes free again, and the object's storage (its
   * empty tables) is deleted by the alarm a minute later (issue 25), unless a new request took the key by then.
   */
  abandon(attempt: string): void {
    if (!this.owns(attempt)) return;
    this.clear();
    void this.ctx.storage.setAlarm(Date.now() + ABANDONED_CLEANUP_MS);
  }

  readChunk(seq: number): Uint8Array {
    this.schema();
    const row = this.ctx.storage.sql
      .exec<{ data: ArrayBuffer }>('SELECT data FROM chunks WHERE seq = ?', seq)
      .toArray()[0];
    return row ? new Uint8Array(row.data) : new Uint8Array();
  }

  /**
   * Frees the storage once the replay window has passed, or once the record is gone (an abandoned attempt):
   * `deleteAll` drops the tables too, so nothing is left of the object (issue 25: empty tables stayed for ever).
   */
  override async alarm(): Promise<void> {
    const row = this.row();
    if (row && row.expires_at > Date.now()) {
      await this.ctx.storage.setAlarm(row.expires_at);
      return;
    }
    await this.ctx.storage.deleteAll();
    this.schemaReady = false;
  }
}
