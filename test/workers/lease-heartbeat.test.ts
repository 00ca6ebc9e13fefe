// The heartbeat of decision F2: renews at its interval while the work runs, one renewal at a time, survives
// a failed renewal, and renews nothing after stop().
import { describe, expect, it, vi } from 'vitest';
import { startHeartbeat } from '../../workers/http/lease-heartbeat.ts';
import { LEASE_TIMINGS, leaseTimings } from '../../workers/limits/lease-timings.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('F2: lease heartbeat', () => {
  it('F2: renews every interval, never two at once, goes on after a failure and stops for good', async () => {
    let renewals = 0;
    let running = 0;
    let overlapped = false;
    const beat = startHeartbeat(
      async () => {
        renewals++;
        running++;
        overlapped ||= running > 1;
        await sleep(15);
        running--;
        if (renewals === 2) throw new Error('object unreachable');
      },
      'test',
      10,
    );
    // Four renewals take about 100 ms; waited for rather than timed, so a loaded machine's late timers cannot fail it.
    await vi.waitFor(() => expect(renewals).toBeGreaterThanOrEqual(4), { timeout: 10_000, interval: 5 });
    beat.stop();
    const atStop = renewals;
    expect(overlapped).toBe(false);
    await sleep(100);
    expect(renewals).toBeLessThanOrEqual(atStop + 1); // at most the one already under way
  });

  it('F2: nothing is renewed when the work ends before the first interval', async () => {
    let renewals = 0;
    const beat = startHeartbeat(async () => void renewals++, 'test', 30);
    beat.stop();
    await sleep(80);
    expect(renewals).toBe(0);
  });
});

describe('F1/F2: lease timings', () => {
  it('production: a 45 s reservation, a 60 s in-flight lease, a 15 s heartbeat, whatever LEASE_SECONDS says', () => {
    for (const env of [{}, { DEV_MODE: 'false', LEASE_SECONDS: '4' }, { LEASE_SECONDS: '4' }])
      expect(leaseTimings(env)).toEqual({ reservationMs: 45_000, inFlightMs: 60_000, heartbeatMs: 15_000 });
    expect(LEASE_TIMINGS.reservationMs + LEASE_TIMINGS.heartbeatMs).toBe(LEASE_TIMINGS.inFlightMs);
  });

  it('local development: LEASE_SECONDS scales all three in proportion; values outside 4–60 are ignored', () => {
    expect(leaseTimings({ DEV_MODE: 'true', LEASE_SECONDS: '4' })).toEqual({
      reservationMs: 3_000,
      inFlightMs: 4_000,
      heartbeatMs: 1_000,
    });
    for (const LEASE_SECONDS of ['3', '61', '4.5', 'x', ''])
      expect(leaseTimings({ DEV_MODE: 'true', LEASE_SECONDS })).toEqual(LEASE_TIMINGS);
  });
});
