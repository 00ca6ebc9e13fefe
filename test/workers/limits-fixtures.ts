// Usage made up front by the limits tests: admitted and settled, as a request that produced its documents
// leaves it (decision F1), so no lease can give it back while a test relies on it.
import { vi } from 'vitest';
import type { Caller } from '../../workers/accounts/caller.ts';
import { admitRequest, limiter, type UsageGrant } from '../../workers/limits/admit-request.ts';
import { testEnv } from './accounts-fixtures.ts';

/**
 * `now`: the time of the call. The RateLimiter's own clock decides its windows (P-LIM2), so the test's clock is set
 * to it (the files that pass one hold Date with fake timers); the Worker side gets the same time.
 */
export async function countProduced(
  caller: Caller,
  req: { documents: number; pdfs: number; calls?: number; now?: number },
): Promise<UsageGrant> {
  if (req.now !== undefined) vi.setSystemTime(req.now);
  const grant = await admitRequest(testEnv, caller, req);
  if (grant.reservation.id) await limiter(testEnv, caller).settle({ id: grant.reservation.id });
  return grant;
}
