// K6: what a test key's calls spend. Not the plan's windows or monthly quota: a counter of their own in the account's
// RateLimiter (`test_calls_hour`), TEST_CALLS_PER_HOUR per UTC hour, shown in the same headers as a plan's hourly
// window (the weekly and monthly ones as unlimited). Each batch item is one call. No reservation: nothing monthly
// is counted, so nothing is given back.
import type { AccountCaller } from '../accounts/caller.ts';
import type { Env } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import type { PlanLimits } from './plans.ts';
import { buildGrant, retryAfter, type UsageGrant } from './usage-grant.ts';

/** Generous for trying things out (up to 4,800 a day), small enough that test keys are no free production plan. */
const TEST_CALLS_PER_HOUR = 200;
const TEST_LIMITS: PlanLimits = { hourly: TEST_CALLS_PER_HOUR, weekly: null, monthly: null, monthlyPdfs: null };

function limiter(env: Env, accountId: string) {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`acct:${accountId}`));
}

export interface TestAdmission {
  taken: number;
  grant: UsageGrant;
  /** The error of the calls past `taken` (a full hour), when any were asked for and refused. */
  refusal?: ApiError;
}

/** Takes up to `calls` test calls (0 only reads the count); a revoked key is `revoked`, as for live calls. */
export async function admitTestCalls(
  env: Env,
  caller: AccountCaller,
  calls: number,
  now: number,
): Promise<TestAdmission | { revoked: true }> {
  const outcome = await limiter(env, caller.accountId).admitTestCalls({
    accountId: caller.accountId,
    keyHash: caller.keyHash,
    calls,
    limit: TEST_CALLS_PER_HOUR,
  });
  if ('revoked' in outcome) return outcome;
  const hourStart = outcome.resetAt - 3600;
  const usage = {
    hour: { start: hourStart, count: outcome.count },
    week: { start: hourStart, count: 0 },
    month: { start: hourStart, documents: 0, pdfs: 0 },
  };
  const grant = buildGrant(TEST_LIMITS, usage, now, { accountLevel: true, webhooks: outcome.webhooks });
  if (outcome.taken >= calls) return { taken: outcome.taken, grant };
  const refusal = new ApiError(
    'rate_limit_hourly',
    `Test keys make at most ${TEST_CALLS_PER_HOUR} calls an hour, apart from the plan; the count resets at ${new Date(outcome.resetAt * 1000).toISOString()}.`,
    { headers: { ...grant.headers, 'Retry-After': retryAfter(outcome.resetAt, now) } },
  );
  return { taken: outcome.taken, grant, refusal };
}
