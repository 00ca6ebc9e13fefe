// The worker side of what an account's RateLimiter knows besides its counters (P-ACC2): the live API
// key hash, so metered calls with a cached, since-rotated key are refused at once (D6), and whether
// the account may have webhooks, so calls of accounts without any skip the D1 lookup of emission (D10).
import type { Env } from '../env.ts';
import { accountSubject } from './plans.ts';
import type { RateLimiter } from './rate-limiter-object.ts';

function accountLimiter(env: Env, accountId: string): DurableObjectStub<RateLimiter> {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(accountSubject(accountId)));
}

/** Rotation, before D1 commits: from now on only `keyHash` is admitted. */
export async function pushLiveKey(env: Env, accountId: string, keyHash: string): Promise<void> {
  await accountLimiter(env, accountId).setLiveKey(keyHash);
}

/** After a failed rotation: the object reloads the live key from D1 on its next call. */
export async function forgetLiveKey(env: Env, accountId: string): Promise<void> {
  await accountLimiter(env, accountId).forgetLiveKey();
}

/**
 * Webhook creation, before the D1 insert: events are emitted (looked up in D1) from now on. The flag
 * never goes back (a deleted webhook only costs the lookup), so no ordering of creates and deletes can
 * leave a webhook without its events.
 */
export async function noteWebhooksExist(env: Env, accountId: string): Promise<void> {
  await accountLimiter(env, accountId).noteWebhooks();
}

/** Closing the account (issue 24, H17): the object forgets everything it holds about the account. */
export async function eraseAccountLimiter(env: Env, accountId: string): Promise<void> {
  await accountLimiter(env, accountId).eraseAccount();
}
