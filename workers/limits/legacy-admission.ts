// D11 inside the RateLimiter: a legacy render counts one call in the hourly and weekly windows and takes one credit
// under a lease (F1), or refuses and counts nothing. No credit left is reported before a full window: credits never
// come back by themselves. Runs in the object's synchronous section, after the credits were loaded from D1.
import type { CreditLedger } from './credit-ledger.ts';
import type { LeasedCounters } from './leased-counters.ts';
import { count, refusal } from './plan-refusal.ts';
import type { PlanLimits } from './plans.ts';
import type { LegacyAdmitOutcome } from './rate-limiter-types.ts';
import type { Usage } from './window-counters.ts';

export function admitLegacyCall(
  now: number,
  usage: Usage,
  limits: PlanLimits,
  credits: CreditLedger,
  leased: LeasedCounters,
): LegacyAdmitOutcome {
  const window = refusal(usage, limits, 1, 0, 0);
  const before = credits.current();
  if (before.used >= before.total) return { admitted: false, refused: 'credits', usage, credits: before };
  if (window === 'hourly' || window === 'weekly') return { admitted: false, refused: window, usage, credits: before };
  const after = credits.take();
  count(usage, 1, 0, 0);
  leased.write(usage);
  const reservation = leased.reserve(now, usage.month.start, { documents: 0, pdfs: 0, credits: 1 })!;
  return { admitted: true, usage, credits: after, reservation };
}
