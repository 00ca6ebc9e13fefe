// Who is calling, as the other modules see it (limits, invoices, batch): the account types and the
// 401 of an unknown or revoked API key. A leaf: it imports nothing of accounts, so limits can depend
// on it while accounts depends on limits (rotation pushes the live key to the RateLimiter).
import { ApiError } from '../http/api-error.ts';

export type Tier = 'free' | 'starter' | 'pro' | 'enterprise';

/** The account behind a live API key or session. */
export interface KeyOwner {
  id: string;
  email: string;
  tier: Tier;
  email_verified_at: number | null;
}

export type Caller =
  | { kind: 'anonymous'; ip: string }
  | {
      kind: 'account';
      accountId: string;
      email: string;
      tier: Tier;
      verified: boolean;
      via: 'api_key' | 'session';
      /**
       * A test key (`inv_test_…`, K6): watermarked documents that say `livemode: false`, counted apart from the plan
       * (workers/limits/admit-test-calls.ts). Sessions and live keys are live.
       */
      test?: true;
      /** SHA-256 of the presented key (via 'api_key'): the RateLimiter refuses it unless it is the live one. */
      keyHash?: string;
      /**
       * Set by the accounts side when the key's owner may come from its per-isolate cache: the limiter
       * calls it when the RateLimiter refuses the key as revoked, so the cache entry is dropped (P-ACC2).
       */
      onKeyRevoked?: () => void;
    };

export type AccountCaller = Extract<Caller, { kind: 'account' }>;

export function invalidApiKeyError(): ApiError {
  return new ApiError(
    'invalid_api_key',
    'The API key is not recognised or has been revoked; send Authorization: Bearer <API_KEY>.',
  );
}

/** K6: false for a test key's calls, true for everything else (live keys, sessions, anonymous calls). */
export function livemodeOf(caller: Caller): boolean {
  return !(caller.kind === 'account' && caller.test);
}
