// Brute-force limits on login (issue 10, decision H4). Each attempt is reserved before the password is
// checked, by one conditional INSERT that counts every scope and writes only when all are under their
// limit: a single SQLite statement, so concurrent attempts cannot pass a limit together. A wrong
// password leaves its reservation as the counted failure; a right one deletes its pair's rows.
import { sha256Hex } from '../crypto/sha256.ts';
import { ApiError } from '../http/api-error.ts';

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

const COUNT_PAIR = 'FROM login_attempts WHERE email_hash = ?1 AND ip = ?2 AND attempted_at > ?3';
const COUNT_EMAIL = 'FROM login_attempts WHERE email_hash = ?1 AND attempted_at > ?3';
const COUNT_IP = 'FROM login_attempts WHERE ip = ?2 AND attempted_at > ?3';

/** Reserves the attempt in every scope at once, or throws 429 `rate_limit_exceeded` with Retry-After. */
export async function reserveLoginAttempt(db: D1Database, attempt: LoginAttempt, now: number): Promise<void> {
  const since = now - LOGIN_WINDOW_MS;
  const [reserved] = await db.batch([
    db
      .prepare(
        `INSERT INTO login_attempts (email_hash, ip, attempted_at) SELECT ?1, ?2, ?4
         WHERE (SELECT COUNT(*) ${COUNT_PAIR}) < ?5
           AND (SELECT COUNT(*) ${COUNT_EMAIL}) < ?6
           AND (SELECT COUNT(*) ${COUNT_IP}) < ?7`,
      )
      .bind(attempt.emailHash, attempt.ip, since, now, LIMITS.pair, LIMITS.email, LIMITS.ip),
    // Housekeeping: rows that left the window never count again.
    db.prepare('DELETE FROM login_attempts WHERE attempted_at <= ?').bind(since),
  ]);
  if (reserved.meta.changes) return;
  throw new ApiError('rate_limit_exceeded', 'Too many failed login attempts; try again later.', {
    headers: { 'Retry-After': String(await retryAfterSeconds(db, attempt, now)) },
  });
}

/**
 * The window slides: a full scope has a free slot again when its oldest counted attempt leaves the window
 * (a scope never holds more than its limit, since every row went through the conditional INSERT).
 */
async function retryAfterSeconds(db: D1Database, attempt: LoginAttempt, now: number): Promise<number> {
  const since = now - LOGIN_WINDOW_MS;
  const scopes = [
    [COUNT_PAIR, LIMITS.pair],
    [COUNT_EMAIL, LIMITS.email],
    [COUNT_IP, LIMITS.ip],
  ] as const;
  const rows = await db.batch<{ n: number; oldest: number | null }>(
    scopes.map(([from]) =>
      db
        .prepare(`SELECT COUNT(*) AS n, MIN(attempted_at) AS oldest ${from}`)
        .bind(attempt.emailHash, attempt.ip, since),
    ),
  );
  let until = now;
  rows.forEach((r, i) => {
    const row = r.results[0];
    if (row && row.n >= scopes[i][1] && row.oldest !== null) until = Math.max(until, row.oldest + LOGIN_WINDOW_MS);
  });
  return Math.max(1, Math.ceil((until - now) / 1000));
}

/**
 * A successful login deletes its pair's rows: its own reservation (a success is no failure) and the
 * earlier mistakes of the owner at this address. Other addresses' failures on this email stay.
 */
export async function clearLoginFailures(db: D1Database, attempt: LoginAttempt): Promise<void> {
  await db
    .prepare('DELETE FROM login_attempts WHERE email_hash = ? AND ip = ?')
    .bind(attempt.emailHash, attempt.ip)
    .run();
}
