// Registrations per client IP (issue 10, decision H6): 10 per sliding hour, counted whatever the outcome
// (an `email_taken` probe costs a slot too). Kept in the IP's AttemptLog object (issue 25, P-LIM4), which counts
// and writes in one step, so parallel registrations cannot pass the limit together and a refusal writes no D1 row.
import type { Env } from '../env.ts';
import { ApiError } from '../http/api-error.ts';

const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;
const REGISTRATIONS_PER_IP = 10;

/** Reserves one registration for the IP, or throws 429 `rate_limit_exceeded` with Retry-After. */
export async function reserveRegistration(env: Pick<Env, 'THROTTLES'>, ip: string): Promise<void> {
  const log = env.THROTTLES.get(env.THROTTLES.idFromName(`register-ip:${ip}`));
  const outcome = await log.reserve({
    tag: '',
    windowMs: REGISTRATION_WINDOW_MS,
    limits: { all: REGISTRATIONS_PER_IP },
  });
  if (outcome.reserved) return;
  // The window slides: a slot frees when the oldest counted registration leaves it.
  throw new ApiError(
    'rate_limit_exceeded',
    `At most ${REGISTRATIONS_PER_IP} registrations per hour from one address; try again later.`,
    { headers: { 'Retry-After': String(Math.max(1, Math.ceil(outcome.retryAfterMs / 1000))) } },
  );
}
