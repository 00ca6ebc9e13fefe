// The worker side of the RateLimiter's live-key record (P-ACC2): rotation tells the account's object
// which key hash is live, so metered calls with a cached, since-rotated key are refused at once (D6).
import type { Env } from '../env.ts';
import { accountSubject } from './plans.ts';
import type { RateLimiter } from './rate-limiter-object.ts';

function accountLimiter(env: Env, accountId: string): DurableObjectStub<RateLimiter> {
  const ns = env.RATE_LIMITER as unknown as DurableObjectNamespace<RateLimiter>;
  return ns.get(ns.idFromName(accountSubject(accountId)));
}

export async function pushLiveKey(env: Env, accountId: string, keyHash: string): Promise<void> {
  await accountLimiter(env, accountId).setLiveKey(keyHash);
}

export async function forgetLiveKey(env: Env, accountId: string): Promise<void> {
  await accountLimiter(env, accountId).forgetLiveKey();
}
