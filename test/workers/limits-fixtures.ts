// Usage made up front by the limits tests: admitted and settled, as a request that produced its documents
// leaves it (decision F1), so no lease can give it back while a test relies on it.
import type { Caller } from '../../workers/accounts/caller.ts';
import { admitRequest, limiter, type UsageGrant } from '../../workers/limits/admit-request.ts';
import { testEnv } from './accounts-fixtures.ts';

export async function countProduced(
  caller: Caller,
  req: { documents: number; pdfs: number; calls?: number; now?: number },
): Promise<UsageGrant> {
  const grant = await admitRequest(testEnv, caller, req);
  if (grant.reservation.id) await limiter(testEnv, caller).settle({ id: grant.reservation.id });
  return grant;
}
