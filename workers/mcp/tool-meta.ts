// The pieces every metered tool answer shares: the REST answers' meta (D7 counters) and a
// one-line usage note for the summary a model reads.
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import type { UsageGrant } from '../limits/admit-request.ts';

export function meteredMeta(c: Context<AppEnv>, grant: UsageGrant) {
  return {
    request_id: c.get('requestId'),
    processing_ms: Math.max(0, Math.round(Date.now() - c.get('startedAt'))),
    ...grant.meta,
  };
}

/** `-1` is unlimited (D7). */
export function usageNote(grant: UsageGrant): string {
  const { hourly, weekly } = grant.meta.credits_remaining;
  if (hourly === -1 && weekly === -1) return 'No rate windows on this plan.';
  return `Calls left: ${hourly} this hour, ${weekly} this week.`;
}
