// The worker side of the webhook send limit (decision W3): 60 redeliveries and test events per UTC clock
// hour per account, counted in the account's RateLimiter apart from the plan's windows and quota.
import type { AccountCaller } from '../accounts/caller.ts';
import type { Env } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { limiter } from './admit-request.ts';
import { retryAfter } from './usage-grant.ts';

export const WEBHOOK_SENDS_PER_HOUR = 60;

/** Counts one send asked for by hand, or throws 429 rate_limit_exceeded with Retry-After (counting nothing). */
export async function admitWebhookSend(env: Env, caller: AccountCaller, now: number): Promise<void> {
  const outcome = await limiter(env, caller).admitWebhookSend({ limit: WEBHOOK_SENDS_PER_HOUR });
  if (outcome.admitted) return;
  throw new ApiError(
    'rate_limit_exceeded',
    `Limit of ${WEBHOOK_SENDS_PER_HOUR} redeliveries and test events per hour reached; it resets at ${new Date(outcome.resetAt * 1000).toISOString()}. Deliveries of new invoices are not affected.`,
    { headers: { 'Retry-After': retryAfter(outcome.resetAt, now) } },
  );
}
