// Brute-force limits on login (issue 10, decision H4), kept in Durable Objects (issue 25, P-LIM4): a refused attempt
// writes nothing to D1. Each attempt is reserved before the password is checked, in two AttemptLog objects at once:
// the client IP's (its rows tagged by e-mail hash) and the e-mail hash's (tagged by IP, for the pair's limit). Each
// counts and writes in one step, so concurrent attempts cannot pass a limit together; when one refuses, the other's
// reservation is given back. A wrong password leaves its reservations as the counted failure; a right one deletes
// its pair's rows in both.
import { sha256Hex } from '../crypto/sha256.ts';
import type { Env } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import type { AttemptReservation } from '../limits/attempt-log-object.ts';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed (or still running) attempts allowed per 15 minutes. The pair is what a guesser at one address
 * hits; the email alone bounds a guesser spread over many addresses, high enough that its owner, at
 * another address, is rarely locked out; the IP alone bounds one address trying many emails.
 */
const LIMITS = { pair: 10, email: 100, ip: 50 } as const;

/** Who is attempting: the email is hashed so that no address of a non-account is stored. */
export interface LoginAttempt {
  emailHash: string;
  ip: string;
}

export async function loginAttempt(email: string, ip: string): Promise<LoginAttempt> {
  return { emailHash: await sha256Hex(email), ip };
}

/** The two logs of an attempt: every address and every e-mail hash has its own, known or not (no enumeration). */
function logs(env: Pick<Env, 'THROTTLES'>, attempt: LoginAttempt) {
  const log = (name: string) => env.THROTTLES.get(env.THROTTLES.idFromName(name));
  return { ip: log(`login-ip:${attempt.ip}`), email: log(`login-email:${attempt.emailHash}`) };
}

/** Reserves the attempt in every scope at once, or throws 429 `rate_limit_exceeded` with Retry-After. */
export async function reserveLoginAttempt(env: Pick<Env, 'THROTTLES'>, attempt: LoginAttempt): Promise<void> {
  const { ip, email } = logs(env, attempt);
  const [byIp, byEmail]: AttemptReservation[] = await Promise.all([
    ip.reserve({ tag: attempt.emailHash, windowMs: LOGIN_WINDOW_MS, limits: { all: LIMITS.ip } }),
    email.reserve({ tag: attempt.ip, windowMs: LOGIN_WINDOW_MS, limits: { all: LIMITS.email, tag: LIMITS.pair } }),
  ]);
  if (byIp.reserved && byEmail.reserved) return;
  // Both or neither: the scope that admitted gives its row back.
  if (byIp.reserved) await ip.release({ id: byIp.id });
  if (byEmail.reserved) await email.release({ id: byEmail.id });
  // The window slides: a full scope has a free slot again when its oldest counted attempt leaves the window.
  const waitMs = Math.max(byIp.reserved ? 0 : byIp.retryAfterMs, byEmail.reserved ? 0 : byEmail.retryAfterMs);
  throw new ApiError('rate_limit_exceeded', 'Too many failed login attempts; try again later.', {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });
}

/**
 * A successful login deletes its pair's rows: its own reservation (a success is no failure) and the
 * earlier mistakes of the owner at this address. Other addresses' failures on this email stay.
 */
export async function clearLoginFailures(env: Pick<Env, 'THROTTLES'>, attempt: LoginAttempt): Promise<void> {
  const { ip, email } = logs(env, attempt);
  await Promise.all([ip.clearTag({ tag: attempt.emailHash }), email.clearTag({ tag: attempt.ip })]);
}
