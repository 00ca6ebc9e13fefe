// Legacy render credits (D11) inside the account's RateLimiter Durable Object. The object owns the
// `used` count, so taking a credit is one synchronous read-check-write: 20 concurrent renders with 5
// credits left give exactly 5 successes. The total is what operators grant in D1 (`npm run admin --
// grant-credits`, which only ever raises it): the object keeps a copy and reads D1 again only when the
// copy says none is left, so a grant counts on the next render without a D1 read on every render
// (docs/decisions.md L1). `used` is seeded from D1 on first use and written back behind by the
// object's alarm (accounts.credits_used).

export interface Credits {
  total: number;
  used: number;
}

export class CreditLedger {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(
      'CREATE TABLE IF NOT EXISTS credits (id INTEGER PRIMARY KEY CHECK (id = 1), used INTEGER NOT NULL, total INTEGER NOT NULL)',
    );
  }

  /** The count and the copy of the total (zeros before `load`). */
  current(): Credits {
    return this.row() ?? { used: 0, total: 0 };
  }

  private row(): Credits | undefined {
    return this.sql.exec<{ used: number; total: number }>('SELECT used, total FROM credits WHERE id = 1').toArray()[0];
  }

  /** The object's count, or undefined before the first legacy render of the account. */
  used(): number | undefined {
    return this.row()?.used;
  }

  /** True when the object must read D1 before taking: never seeded, or its copy of the total is used up. */
  needsD1(): boolean {
    const row = this.row();
    return row === undefined || row.used >= row.total;
  }

  /**
   * What D1 holds: seeds the count on first use (afterwards the object's count is the newer and stays),
   * and refreshes the copy of the total (grants only raise it).
   */
  load(d1: Credits): void {
    this.sql.exec(
      'INSERT INTO credits (id, used, total) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET total = excluded.total',
      d1.used,
      d1.total,
    );
  }

  private set(used: number): void {
    this.sql.exec('UPDATE credits SET used = ? WHERE id = 1', used);
  }

  /** Takes one credit; the caller has checked with `current()` that one is left. */
  take(): Credits {
    const { used, total } = this.current();
    this.set(used + 1);
    return { total, used: used + 1 };
  }

  /** Gives back a credit whose render failed. */
  giveBack(): number {
    const used = Math.max(0, (this.used() ?? 0) - 1);
    if (this.used() !== undefined) this.set(used);
    return used;
  }

  /** D1 only when the object's copy says no credit is left (or it has none yet); awaited before any synchronous section. */
  async loadFromD1IfNeeded(db: D1Database, accountId: string): Promise<void> {
    if (!this.needsD1()) return;
    const row = await db
      .prepare('SELECT credits_total, credits_used FROM accounts WHERE id = ?')
      .bind(accountId)
      .first<{ credits_total: number; credits_used: number }>();
    this.load({ total: row?.credits_total ?? 0, used: row?.credits_used ?? 0 });
  }
}
