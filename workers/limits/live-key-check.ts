// The RateLimiter's live-key check (P-ACC2, D6, K4), kept in one module: the account's unrevoked key hashes
// (live-keys-table.ts), pushed by key creation, deletion and rotation, and the check every metered call passes
// before anything is counted. The RateLimiter's RPCs of the same names only delegate here.
import type { AccountFacts, AccountFactsTable } from './account-facts-table.ts';

/** Which key to check: the account (whose keys are loaded from D1 on first use) and the presented hash. */
export interface KeyCheck {
  accountId?: string;
  keyHash?: string;
}

/** The presented key is not an unrevoked one: the call is 401 invalid_api_key and counts nothing. */
export interface Revoked {
  revoked: true;
}

export class LiveKeyCheck {
  constructor(private readonly facts: AccountFactsTable) {}

  /** A new key (creation, rotation), before D1 commits it: admitted from now on. */
  addLiveKey(keyHash: string): void {
    this.facts.keys.add(keyHash);
  }

  /** A deleted or rotated-away key, before D1 revokes it: refused from now on. */
  removeLiveKey(keyHash: string): void {
    this.facts.keys.remove(keyHash);
  }

  /** After a failed key change: reload the keys from D1 on the next call. */
  forgetLiveKeys(): void {
    this.facts.keys.forget();
  }

  async accountFacts(accountId: string | undefined): Promise<AccountFacts | null> {
    return accountId ? this.facts.load(accountId) : null;
  }

  /** D6: a presented key hash that is not one of the account's unrevoked keys is refused (a session presents none). */
  static revoked(facts: AccountFacts | null, check: KeyCheck): boolean {
    return facts !== null && check.keyHash !== undefined && !facts.admitsKey(check.keyHash);
  }
}
