// The worker side of the validation limit (decision E8): POST /api/validate-invoice spends none of the plan's
// windows or quota, but each caller has its own hourly count in its RateLimiter: an account 600 dry runs an
// hour, an anonymous address 60 (the per-IP object, as for anonymous generate calls).
import type { Caller } from '../accounts/caller.ts';
import type { Env } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { limiter } from './admit-request.ts';
import { retryAfter } from './usage-grant.ts';

export const VALIDATIONS_PER_HOUR = { account: 600, anonymous: 60 } as const;

/** Counts one validation, or throws 429 rate_limit_exceeded with Retry-After (counting nothing). */
export async function admitValidation(env: Env, caller: Caller, now: number): Promise<void> {
  const limit = VALIDATIONS_PER_HOUR[caller.kind === 'account' ? 'account' : 'anonymous'];
  const outcome = await limiter(env, caller).admitValidation({ limit });
  if (outcome.admitted) return;
  throw new ApiError(
    'rate_limit_exceeded',
    `Validation limit of ${limit} per hour reached; it resets at ${new Date(outcome.resetAt * 1000).toISOString()}. Generating invoices is not affected.`,
    { headers: { 'Retry-After': retryAfter(outcome.resetAt, now) } },
  );
}
