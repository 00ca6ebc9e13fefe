import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Caller } from '../../workers/accounts/caller.ts';
import type { ApiError } from '../../workers/http/api-error.ts';
import { admitRequest } from '../../workers/limits/admit-request.ts';
import { testEnv } from './accounts-fixtures.ts';
import { countProduced } from './limits-fixtures.ts';

const T0 = Date.UTC(2026, 4, 6, 12, 30);

// The RateLimiter's own clock decides its windows (P-LIM2): the test holds Date at the times it counts at.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

function account(): Caller {
  return {
    kind: 'account',
    accountId: `acct_${crypto.randomUUID()}`,
    email: 'x@example.com',
    tier: 'free',
    verified: true,
    via: 'api_key',
  };
}

async function outcomes(promises: Promise<unknown>[]) {
  const settled = await Promise.allSettled(promises);
  const admitted = settled.filter((s) => s.status === 'fulfilled').length;
  const codes = settled.flatMap((s) => (s.status === 'rejected' ? [(s.reason as ApiError).code] : []));
  return { admitted, codes };
}

describe('D7: counting is exact under concurrency', () => {
  it('100 parallel requests against an hourly window of 40 admit exactly 40', async () => {
    const caller = account();
    const { admitted, codes } = await outcomes(
      Array.from({ length: 100 }, () => admitRequest(testEnv, caller, { documents: 0, pdfs: 0, now: T0 })),
    );
    expect(admitted).toBe(40);
    expect(codes).toEqual(Array(60).fill('rate_limit_hourly'));
  });

  it('100 parallel documents against 10 left in the monthly quota admit exactly 10', async () => {
    const caller = account();
    await countProduced(caller, { documents: 90, pdfs: 0, now: T0 - 3_600_000 });
    vi.setSystemTime(T0);
    const { admitted, codes } = await outcomes(
      Array.from({ length: 100 }, () => admitRequest(testEnv, caller, { documents: 1, pdfs: 0, now: T0 })),
    );
    expect(admitted).toBe(10);
    // The quota is checked first: the longest-lasting block is what the caller learns about.
    expect(codes).toEqual(Array(90).fill('monthly_limit_reached'));
  });
});
