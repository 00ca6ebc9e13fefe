// The worker side of the preview limit (decision W2): 120 previews per UTC clock hour per account,
// counted in the account's RateLimiter apart from the plan's windows and quota.
import type { AccountCaller } from '../accounts/caller.ts';
import type { Env } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { limiter } from './admit-request.ts';
import { retryAfter } from './usage-grant.ts';

export const PREVIEWS_PER_HOUR = 120;

/** Counts one preview, or throws 429 rate_limit_exceeded with Retry-After (counting nothing). */
export async function admitPreview(env: Env, caller: AccountCaller, now: number): Promise<void> {
  const outcome = await limiter(env, caller).admitPreview({ limit: PREVIEWS_PER_HOUR });
  if (outcome.admitted) return;
  throw new ApiError(
    'rate_limit_exceeded',
    `Preview limit of ${PREVIEWS_PER_HOUR} per hour reached; it resets at ${new Date(outcome.resetAt * 1000).toISOString()}. Generating invoices is not affected.`,
    { headers: { 'Retry-After': retryAfter(outcome.resetAt, now) } },
  );
}
