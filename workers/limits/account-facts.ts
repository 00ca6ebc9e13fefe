// The worker side of what an account's RateLimiter knows besides its counters (P-ACC2): the live API
// key hash, so metered calls with a cached, since-rotated key are refused at once (D6), and the account's
// webhook subscriptions, so emitting an event reads no D1 (W7): calls of accounts without an active webhook hand
// off nothing, and the fan-out asks the object which webhooks get the event.
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

/** After every change of the account's webhooks (W7): the object reloads its copy from D1. */
export async function reloadWebhookSubscriptions(env: Env, accountId: string): Promise<void> {
  await accountLimiter(env, accountId).reloadSubscriptions({ accountId });
}

/** The fan-out of an event (W7): the account's active webhooks subscribed to `eventType`, from the object's copy. */
export async function webhookSubscribers(env: Env, accountId: string, eventType: string): Promise<string[]> {
  return accountLimiter(env, accountId).webhookSubscribers({ accountId, eventType });
}

/** Closing the account (issue 24, H17): the object forgets everything it holds about the account. */
export async function eraseAccountLimiter(env: Env, accountId: string): Promise<void> {
  await accountLimiter(env, accountId).eraseAccount();
}
