// The RateLimiter's live-key check (P-ACC2, D6), kept in one module: the account's live key hash and its "may have
// webhooks" flag (account-facts-table.ts), pushed by rotation and webhook creation, and the check every metered call
// passes before anything is counted. The RateLimiter's RPCs of the same names only delegate here.
import type { AccountFacts, AccountFactsTable } from './account-facts-table.ts';

/** Which key to check: the account (whose live key is loaded from D1 on first use) and the presented hash. */
export interface KeyCheck {
  accountId?: string;
  keyHash?: string;
}

/** The presented key is not the live one: the call is 401 invalid_api_key and counts nothing. */
export interface Revoked {
  revoked: true;
}

export class LiveKeyCheck {
  constructor(private readonly facts: AccountFactsTable) {}

  /** Rotation (rotateApiKey) calls this before D1 commits: from now on only `keyHash` is admitted. */
  setLiveKey(keyHash: string): void {
    this.facts.set('live_key', keyHash, true);
  }

  /** After a failed rotation: reload the live key from D1 on the next call. */
  forgetLiveKey(): void {
    this.facts.forget('live_key');
  }

  /** Webhook creation calls this before its D1 insert; it is never unset. */
  noteWebhooks(): void {
    this.facts.set('webhooks', '1', true);
  }

  async accountFacts(accountId: string | undefined): Promise<AccountFacts | null> {
    return accountId ? this.facts.load(accountId) : null;
  }

  /** D6: a presented key hash that is not the live one is refused (a session caller presents none). */
  static revoked(facts: { liveKey: string } | null, check: KeyCheck): boolean {
    return facts !== null && check.keyHash !== undefined && facts.liveKey !== check.keyHash;
  }
}
