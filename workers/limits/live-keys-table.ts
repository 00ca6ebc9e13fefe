// The account's unrevoked API key hashes as its RateLimiter holds them (P-ACC2, K4): every metered call is checked
// against this set, so a key deleted or rotated away is refused at once even by an isolate that still caches it.
// Table `live_keys(hash, live)`: live = 1 admitted, 0 a tombstone. Pushes (create, delete, rotation) overwrite;
// the D1 load on first use never does, so a load that read D1 before a deletion committed cannot bring the
// deleted key back, nor hide a key created meanwhile. Kept in its own module, apart from the counters.

export class LiveKeysTable {
  constructor(private readonly sql: SqlStorage) {
    sql.exec('CREATE TABLE IF NOT EXISTS live_keys (hash TEXT PRIMARY KEY, live INTEGER NOT NULL)');
    sql.exec('CREATE TABLE IF NOT EXISTS live_keys_loaded (id INTEGER PRIMARY KEY CHECK (id = 1))');
  }

  get loaded(): boolean {
    return this.sql.exec('SELECT 1 FROM live_keys_loaded').toArray().length > 0;
  }

  /** The hashes D1 lists as unrevoked; what a push already decided stays. */
  load(hashes: readonly string[]): void {
    for (const hash of hashes) this.put(hash, 1, false);
    this.sql.exec('INSERT INTO live_keys_loaded (id) VALUES (1) ON CONFLICT(id) DO NOTHING');
  }

  /** A new key (creation, rotation), before D1 commits it: it is admitted from now on. */
  add(hash: string): void {
    this.put(hash, 1, true);
  }

  /** A deleted or rotated-away key, before D1 revokes it: refused from now on. */
  remove(hash: string): void {
    this.put(hash, 0, true);
  }

  /** After a D1 write that failed: everything is loaded from D1 again on the next call. */
  forget(): void {
    this.sql.exec('DELETE FROM live_keys');
    this.sql.exec('DELETE FROM live_keys_loaded');
  }

  admits(hash: string): boolean {
    return this.sql.exec('SELECT 1 FROM live_keys WHERE hash = ? AND live = 1', hash).toArray().length > 0;
  }

  private put(hash: string, live: 0 | 1, overwrite: boolean): void {
    this.sql.exec(
      `INSERT INTO live_keys (hash, live) VALUES (?, ?) ON CONFLICT(hash) ${overwrite ? 'DO UPDATE SET live = excluded.live' : 'DO NOTHING'}`,
      hash,
      live,
    );
  }
}
