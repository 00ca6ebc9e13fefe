// The lengths of the leases of decisions F1 and F2 and of the heartbeat that renews them, in one place.
// In local development only (DEV_MODE "true"), the var LEASE_SECONDS shortens all three in proportion,
// as WEBHOOK_RETRY_DELAYS_SECONDS shortens the webhook retries: the e2e test that kills wrangler dev
// mid-batch then waits seconds, not a minute, for the dead attempt's lease (test/e2e/own-dev-server.test.ts).

export interface LeaseTimings {
  /** A reservation in the RateLimiter lapses this long after its last renewal (F1). */
  reservationMs: number;
  /** An in-flight Idempotency-Key record lapses this long after its last renewal (F2). */
  inFlightMs: number;
  /** How often a live request renews both: a lease lasts at least three intervals. */
  heartbeatMs: number;
}

/** Production: 45 s + one heartbeat = 60 s, so a retry let in by the key finds the reservation lapsed too. */
export const LEASE_TIMINGS: LeaseTimings = { reservationMs: 45_000, inFlightMs: 60_000, heartbeatMs: 15_000 };

/** The timings of this environment: LEASE_SECONDS (the in-flight lease, 4 to 60) scales them in DEV_MODE only. */
export function leaseTimings(env: { DEV_MODE?: string; LEASE_SECONDS?: string }): LeaseTimings {
  const seconds = env.DEV_MODE === 'true' ? Number(env.LEASE_SECONDS) : Number.NaN;
  if (!Number.isInteger(seconds) || seconds < 4 || seconds > 60) return LEASE_TIMINGS;
  const scale = (seconds * 1000) / LEASE_TIMINGS.inFlightMs;
  return {
    reservationMs: LEASE_TIMINGS.reservationMs * scale,
    inFlightMs: LEASE_TIMINGS.inFlightMs * scale,
    heartbeatMs: LEASE_TIMINGS.heartbeatMs * scale,
  };
}
