// The worker side of what an account's RateLimiter knows besides its counters (P-ACC2): the unrevoked API
// key hashes, so metered calls with a cached, since-deleted key are refused at once (D6, K4), and the account's
// webhook subscriptions, so emitting an event reads no D1 (W7): calls of accounts without an active webhook hand
// off nothing, and the fan-out asks the object which webhooks get the event.
import type { Env } from '../env.ts';
import { accountSubject } from './plans.ts';
import type { RateLimiter } from './rate-limiter-object.ts';

function accountLimiter(env: Env, accountId: string): DurableObjectStub<RateLimiter> {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(accountSubject(accountId)));
}

/** A new key (creation, rotation), before D1 commits it: admitted from now on (K4). */
export async function pushLiveKey(env: Env, accountId: string, keyHash: string): Promise<void> {
  await accountLimiter(env, accountId).addLiveKey(keyHash);
}

/** A deleted or rotated-away key, before D1 revokes it: refused from now on, in every isolate (K4). */
export async function pushRevokedKey(env: Env, accountId: string, keyHash: string): Promise<void> {
  await accountLimiter(env, accountId).removeLiveKey(keyHash);
}

/** After a failed key change: the object reloads the account's keys from D1 on its next call. */
export async function forgetLiveKeys(env: Env, accountId: string): Promise<void> {
  await accountLimiter(env, accountId).forgetLiveKeys();
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
