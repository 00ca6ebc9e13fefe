// What the dashboard shows, read the way the API reads it: the plan and email from D1, the usage windows
// from the account's RateLimiter through peekUsage (the numbers of the X-RateLimit-* headers, counting
// nothing), the legacy credits as /api/auth/me reports them, and the key only as its last 4 characters.
import { findAccountById, TIERS } from '../accounts/account-store.ts';
import { maskApiKey, primaryKeyLast4 } from '../accounts/api-keys.ts';
import type { AccountCaller, KeyOwner, Tier } from '../accounts/caller.ts';
import type { Env } from '../env.ts';
import { creditsUsedNow } from '../limits/admit-legacy-render.ts';
import { peekUsage } from '../limits/admit-request.ts';
import { admitTestCalls } from '../limits/admit-test-calls.ts';
import { PLAN_LIMITS, type PlanLimits } from '../limits/plans.ts';

/** One window as the headers show it; `limit` −1 is unlimited. Times are Unix seconds. */
export interface UsageWindow {
  limit: number;
  used: number;
  remaining: number;
  resetAt: number;
}

export interface DashboardData {
  email: string;
  tier: Tier;
  verified: boolean;
  /** `inv_sk_…abcd`, or null before the first key. */
  maskedKey: string | null;
  credits: { total: number; used: number };
  hourly: UsageWindow;
  weekly: UsageWindow;
  monthly: UsageWindow;
  /** The free plan's PDFs of the month (D7, issue 27); null on plans that do not cap PDFs apart. */
  pdfs: { limit: number; used: number } | null;
  /** The plan's limits and the next plan up (null on the largest), from the table admission uses (U2). */
  plan: PlanLimits;
  nextPlan: { tier: Tier; limits: PlanLimits } | null;
  /** Where to ask for a bigger plan: the address the service sends from (EMAIL_FROM), null when none is set. */
  contact: string | null;
  /** Test-key calls of this UTC hour, apart from the plan (K7). */
  testCalls: { limit: number; used: number; resetAt: number };
}

/** `Invoice API <billing@example.com>` or a bare address → the address. */
function addressOf(from: string | undefined): string | null {
  const address = from?.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? from?.trim();
  return address && /^[^\s@]+@[^\s@]+$/.test(address) ? address : null;
}

function nextPlanAfter(tier: Tier): DashboardData['nextPlan'] {
  const next = TIERS[TIERS.indexOf(tier) + 1]; // TIERS runs from the smallest plan up
  return next ? { tier: next, limits: PLAN_LIMITS[next] } : null;
}

/** A window from its X-RateLimit-{Limit,Remaining,Reset}-<Name> headers. */
function fromHeaders(headers: Record<string, string>, name: 'Hourly' | 'Weekly' | 'Monthly'): UsageWindow {
  const limit = Number(headers[`X-RateLimit-Limit-${name}`]);
  const remaining = Number(headers[`X-RateLimit-Remaining-${name}`]);
  return {
    limit,
    remaining,
    used: limit === -1 ? 0 : limit - remaining,
    resetAt: Number(headers[`X-RateLimit-Reset-${name}`]),
  };
}

/** The PDF share from X-RateLimit-{Limit,Remaining}-Pdf, present only on plans that cap PDFs (issue 27). */
function pdfShare(headers: Record<string, string>): DashboardData['pdfs'] {
  const limit = headers['X-RateLimit-Limit-Pdf'];
  if (limit === undefined) return null;
  return { limit: Number(limit), used: Number(limit) - Number(headers['X-RateLimit-Remaining-Pdf']) };
}

export async function dashboardData(env: Env, owner: KeyOwner, now = Date.now()): Promise<DashboardData> {
  const caller: AccountCaller = {
    kind: 'account',
    accountId: owner.id,
    email: owner.email,
    tier: owner.tier,
    verified: owner.email_verified_at !== null,
    via: 'session',
  };
  const [account, last4, grant, creditsUsed, tests] = await Promise.all([
    findAccountById(env.DB, owner.id),
    primaryKeyLast4(env.DB, owner.id),
    peekUsage(env, caller, now),
    creditsUsedNow(env, caller),
    // Counts nothing (0 calls); a session presents no key, so it is never refused.
    admitTestCalls(env, caller, 0, now),
  ]);
  const testHour = 'grant' in tests ? tests.grant.meta.rate_limits.hourly : undefined;
  const windows = grant.meta.rate_limits;
  // The hourly and weekly counts come from meta (exact even when unlimited); the monthly from its headers.
  const window = (w: { limit: number; used: number; reset_at: number } | undefined, name: 'Hourly' | 'Weekly') =>
    w
      ? {
          limit: w.limit,
          used: w.used,
          remaining: w.limit === -1 ? -1 : Math.max(0, w.limit - w.used),
          resetAt: w.reset_at,
        }
      : fromHeaders(grant.headers, name);
  return {
    email: owner.email,
    tier: owner.tier,
    verified: caller.verified,
    maskedKey: last4 ? maskApiKey(last4) : null,
    credits: { total: account?.credits_total ?? 0, used: creditsUsed ?? account?.credits_used ?? 0 },
    hourly: window(windows.hourly, 'Hourly'),
    weekly: window(windows.weekly, 'Weekly'),
    monthly: fromHeaders(grant.headers, 'Monthly'),
    pdfs: pdfShare(grant.headers),
    plan: PLAN_LIMITS[owner.tier],
    nextPlan: nextPlanAfter(owner.tier),
    contact: addressOf(env.EMAIL_FROM),
    testCalls: { limit: testHour?.limit ?? 0, used: testHour?.used ?? 0, resetAt: testHour?.reset_at ?? 0 },
  };
}
