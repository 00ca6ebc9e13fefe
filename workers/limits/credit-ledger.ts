// Legacy render credits (D11) inside the account's RateLimiter Durable Object. The object owns the
// `used` count, so taking a credit is one synchronous read-check-write: 20 concurrent renders with 5
// credits left give exactly 5 successes. The total is what operators grant in D1 (`npm run admin --
// grant-credits`), read on every take so a grant counts at once; `used` is seeded from D1 on first
// use and written back behind by the object's alarm (accounts.credits_used).

export interface Credits {
  total: number;
  used: number;
}

export class CreditLedger {
  constructor(private readonly sql: SqlStorage) {
    sql.exec('CREATE TABLE IF NOT EXISTS credits (id INTEGER PRIMARY KEY CHECK (id = 1), used INTEGER NOT NULL)');
  }

  /** The object's count, or undefined before the first legacy render of the account. */
  used(): number | undefined {
    return this.sql.exec<{ used: number }>('SELECT used FROM credits WHERE id = 1').toArray()[0]?.used;
  }

  /** Seeds the count from D1 unless the object already keeps it (the object's count is the newer). */
  seed(usedInD1: number): void {
    this.sql.exec('INSERT INTO credits (id, used) VALUES (1, ?) ON CONFLICT(id) DO NOTHING', usedInD1);
  }

  private set(used: number): void {
    this.sql.exec('UPDATE credits SET used = ? WHERE id = 1', used);
  }

  /** Takes one credit if one is left; call after `seed`. */
  take(total: number): { taken: boolean; credits: Credits } {
    const used = this.used() ?? 0;
    if (used >= total) return { taken: false, credits: { total, used } };
    this.set(used + 1);
    return { taken: true, credits: { total, used: used + 1 } };
  }

  /** Gives back a credit whose render failed. */
  giveBack(): number {
    const used = Math.max(0, (this.used() ?? 0) - 1);
    if (this.used() !== undefined) this.set(used);
    return used;
  }
}
