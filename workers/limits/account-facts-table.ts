// What an account's RateLimiter knows about its account besides the counters (P-ACC2), in table
// `facts(name, value)`: 'live_key' (SHA-256 of the live API key, '' = none) and 'webhooks' ('1' once the
// account may have webhooks). No row = not known yet: both are loaded from D1 in one query on first use.
// Pushed by rotation and webhook creation through workers/limits/account-facts.ts.

type FactName = 'live_key' | 'webhooks';

export interface AccountFacts {
  liveKey: string;
  webhooks: boolean;
}

export class AccountFactsTable {
  constructor(
    private readonly sql: SqlStorage,
    private readonly db: D1Database,
  ) {
    sql.exec('CREATE TABLE IF NOT EXISTS facts (name TEXT PRIMARY KEY, value TEXT NOT NULL)');
  }

  private get(name: FactName): string | undefined {
    return this.sql.exec<{ value: string }>('SELECT value FROM facts WHERE name = ?', name).toArray()[0]?.value;
  }

  /** `overwrite` false: D1 loads never replace what a rotation or webhook creation pushed meanwhile. */
  set(name: FactName, value: string, overwrite: boolean): void {
    this.sql.exec(
      `INSERT INTO facts (name, value) VALUES (?, ?) ON CONFLICT(name) ${overwrite ? 'DO UPDATE SET value = excluded.value' : 'DO NOTHING'}`,
      name,
      value,
    );
  }

  forget(name: FactName): void {
    this.sql.exec('DELETE FROM facts WHERE name = ?', name);
  }

  /**
   * The account's facts, loaded from D1 on first use. Runs before the synchronous read-check-write of
   * each RateLimiter method, so this await never splits a critical section.
   */
  async load(accountId: string): Promise<AccountFacts> {
    if (this.get('live_key') === undefined || this.get('webhooks') === undefined) {
      const row = await this.db
        .prepare(
          'SELECT (SELECT key_hash FROM api_keys WHERE account_id = ?1 AND revoked_at IS NULL) AS key_hash, EXISTS (SELECT 1 FROM webhooks WHERE account_id = ?1) AS webhooks',
        )
        .bind(accountId)
        .first<{ key_hash: string | null; webhooks: number }>();
      this.set('live_key', row?.key_hash ?? '', false);
      this.set('webhooks', row?.webhooks ? '1' : '0', false);
    }
    return { liveKey: this.get('live_key')!, webhooks: this.get('webhooks') === '1' };
  }
}
