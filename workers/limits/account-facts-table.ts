// What an account's RateLimiter knows about its account besides the counters (P-ACC2): its unrevoked API key
// hashes (live-keys-table.ts, K4), so metered calls with a cached, since-deleted key are refused at once (D6), and,
// in table `facts(name, value)`, 'webhooks' ('1' once the account may have webhooks). Not known yet = loaded from D1
// in one query on first use. Pushed by key changes and webhook creation through workers/limits/account-facts.ts.
import { LiveKeysTable } from './live-keys-table.ts';

type FactName = 'webhooks';

export interface AccountFacts {
  /** True when `keyHash` is one of the account's unrevoked keys. */
  admitsKey(keyHash: string): boolean;
  webhooks: boolean;
}

export class AccountFactsTable {
  readonly keys: LiveKeysTable;

  constructor(
    private readonly sql: SqlStorage,
    private readonly db: D1Database,
  ) {
    sql.exec('CREATE TABLE IF NOT EXISTS facts (name TEXT PRIMARY KEY, value TEXT NOT NULL)');
    this.keys = new LiveKeysTable(sql);
  }

  private get(name: FactName): string | undefined {
    return this.sql.exec<{ value: string }>('SELECT value FROM facts WHERE name = ?', name).toArray()[0]?.value;
  }

  /** `overwrite` false: D1 loads never replace what a webhook creation pushed meanwhile. */
  set(name: FactName, value: string, overwrite: boolean): void {
    this.sql.exec(
      `INSERT INTO facts (name, value) VALUES (?, ?) ON CONFLICT(name) ${overwrite ? 'DO UPDATE SET value = excluded.value' : 'DO NOTHING'}`,
      name,
      value,
    );
  }

  /**
   * The account's facts, loaded from D1 on first use. Runs before the synchronous read-check-write of
   * each RateLimiter method, so this await never splits a critical section.
   */
  async load(accountId: string): Promise<AccountFacts> {
    if (!this.keys.loaded || this.get('webhooks') === undefined) {
      // Key hashes are hex: the comma of group_concat cannot occur in one.
      const row = await this.db
        .prepare(
          'SELECT (SELECT group_concat(key_hash) FROM api_keys WHERE account_id = ?1 AND revoked_at IS NULL) AS key_hashes, EXISTS (SELECT 1 FROM webhooks WHERE account_id = ?1) AS webhooks',
        )
        .bind(accountId)
        .first<{ key_hashes: string | null; webhooks: number }>();
      this.keys.load(row?.key_hashes ? row.key_hashes.split(',') : []);
      this.set('webhooks', row?.webhooks ? '1' : '0', false);
    }
    return { admitsKey: (hash) => this.keys.admits(hash), webhooks: this.get('webhooks') === '1' };
  }
}
