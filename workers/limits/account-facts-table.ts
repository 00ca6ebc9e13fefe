// What an account's RateLimiter knows about its account besides the counters (P-ACC2): its unrevoked API key
// hashes (live-keys-table.ts, K4), so metered calls with a cached, since-deleted key are refused at once (D6).
// Not known yet = loaded from D1 in one query on first use; pushed by key changes through
// workers/limits/account-facts.ts. (Whether the account has webhooks is the subscriptions' business, W7.)
import { LiveKeysTable } from './live-keys-table.ts';

export interface AccountFacts {
  /** True when `keyHash` is one of the account's unrevoked keys. */
  admitsKey(keyHash: string): boolean;
}

export class AccountFactsTable {
  readonly keys: LiveKeysTable;

  constructor(
    sql: SqlStorage,
    private readonly db: D1Database,
  ) {
    this.keys = new LiveKeysTable(sql);
  }

  /**
   * The account's facts, loaded from D1 on first use. Runs before the synchronous read-check-write of
   * each RateLimiter method, so this await never splits a critical section.
   */
  async load(accountId: string): Promise<AccountFacts> {
    if (!this.keys.loaded) {
      // Key hashes are hex: the comma of group_concat cannot occur in one.
      const row = await this.db
        .prepare(
          'SELECT group_concat(key_hash) AS key_hashes FROM api_keys WHERE account_id = ?1 AND revoked_at IS NULL',
        )
        .bind(accountId)
        .first<{ key_hashes: string | null }>();
      this.keys.load(row?.key_hashes ? row.key_hashes.split(',') : []);
    }
    return { admitsKey: (hash) => this.keys.admits(hash) };
  }
}
