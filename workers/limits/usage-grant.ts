// Turns counters into what responses show (D7): the spec's X-RateLimit-* headers, the IETF
// RateLimit-Policy / RateLimit headers of the tightest window, meta.credits_remaining and meta.rate_limits.
// Unlimited values are shown as -1.
import type { PlanLimits } from './plans.ts';
import type { Usage } from './rate-limiter-object.ts';
import { windowsOf } from './windows.ts';

interface WindowState {
  limit: number;
  used: number;
  reset_at: number;
}

export interface UsageGrant {
  headers: Record<string, string>;
  meta: {
    credits_remaining: { hourly: number; weekly: number };
    rate_limits: { monthly_equivalent: number; hourly?: WindowState; weekly?: WindowState };
  };
  /**
   * Monthly units reserved by this admission, leased under `id` in the RateLimiter (F1): the request holds
   * it (held-reservations.ts), `releaseDocuments` gives back what was not produced.
   */
  reservation: { id?: string; monthStart: number; documents: number; pdfs: number };
  /** False when the account has never had a webhook: the route skips event emission (P-ACC2). */
  webhooks: boolean;
}

const remaining = (limit: number | null, used: number) => (limit === null ? -1 : Math.max(0, limit - used));

export function buildGrant(
  limits: PlanLimits,
  usage: Usage,
  now: number,
  opts: { accountLevel: boolean; reservation?: UsageGrant['reservation']; webhooks?: boolean },
): UsageGrant {
  const w = windowsOf(usage);
  const nowSec = Math.floor(now / 1000);
  const hourlyLeft = remaining(limits.hourly, usage.hour.count);
  const weeklyLeft = remaining(limits.weekly, usage.week.count);
  const headers: Record<string, string> = {
    'X-RateLimit-Limit-Hourly': String(limits.hourly ?? -1),
    'X-RateLimit-Remaining-Hourly': String(hourlyLeft),
    'X-RateLimit-Reset-Hourly': String(w.hour.end),
    'X-RateLimit-Limit-Weekly': String(limits.weekly ?? -1),
    'X-RateLimit-Remaining-Weekly': String(weeklyLeft),
    'X-RateLimit-Reset-Weekly': String(w.week.end),
    'X-RateLimit-Limit-Monthly': String(limits.monthly ?? -1),
    'X-RateLimit-Remaining-Monthly': String(remaining(limits.monthly, usage.month.documents)),
    'X-RateLimit-Reset-Monthly': String(w.month.end),
  };
  // Issue 27: the free plan's PDF share of the monthly quota (D7), on the plans that have one; it resets with
  // the monthly quota (X-RateLimit-Reset-Monthly).
  if (limits.monthlyPdfs !== null) {
    headers['X-RateLimit-Limit-Pdf'] = String(limits.monthlyPdfs);
    headers['X-RateLimit-Remaining-Pdf'] = String(remaining(limits.monthlyPdfs, usage.month.pdfs));
  }

  // IETF headers cover the two rate windows (the monthly quota is a 402 quota, not a rate window).
  const windows = [
    { limit: limits.hourly, left: hourlyLeft, seconds: 3600, end: w.hour.end },
    { limit: limits.weekly, left: weeklyLeft, seconds: 604800, end: w.week.end },
  ].filter((x): x is { limit: number; left: number; seconds: number; end: number } => x.limit !== null);
  if (windows.length > 0) {
    headers['RateLimit-Policy'] = windows.map((x) => `${x.limit};w=${x.seconds}`).join(', ');
    // Tightest = fewest requests left; on a tie the window that resets first.
    const tight = [...windows].sort((a, b) => a.left - b.left || a.end - b.end)[0];
    headers.RateLimit = `limit=${tight.limit}, remaining=${tight.left}, reset=${Math.max(0, tight.end - nowSec)}`;
  }

  const rate_limits: UsageGrant['meta']['rate_limits'] = { monthly_equivalent: limits.monthly ?? -1 };
  if (opts.accountLevel) {
    rate_limits.hourly = { limit: limits.hourly ?? -1, used: usage.hour.count, reset_at: w.hour.end };
    rate_limits.weekly = { limit: limits.weekly ?? -1, used: usage.week.count, reset_at: w.week.end };
  }
  return {
    headers,
    meta: { credits_remaining: { hourly: hourlyLeft, weekly: weeklyLeft }, rate_limits },
    reservation: opts.reservation ?? { monthStart: w.month.start, documents: 0, pdfs: 0 },
    // Unknown (refusals, peeks) is treated as "may have webhooks".
    webhooks: opts.webhooks ?? true,
  };
}

/** Seconds until `endSec`, at least 1: the Retry-After of a refusal. */
export function retryAfter(endSec: number, now: number): string {
  return String(Math.max(1, Math.ceil(endSec - now / 1000)));
}
