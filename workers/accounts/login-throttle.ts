// Brute-force limit on login: 10 failures per 15 minutes per client IP and per email → 429.
import { sha256Hex } from '../crypto/sha256.ts';
import { ApiError } from '../http/api-error.ts';

const LOGIN_FAILURE_LIMIT = 10;
const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Scopes counted for one attempt; the email is hashed so that no address of a non-account is stored. */
export async function loginScopes(ip: string, email: string): Promise<string[]> {
  return [`ip:${ip}`, `email:${await sha256Hex(email)}`];
}

/** Throws 429 when any scope has reached the limit; checked before the password, so a locked scope costs no PBKDF2. */
export async function assertLoginAllowed(db: D1Database, scopes: string[], now: number): Promise<void> {
  const since = now - LOGIN_FAILURE_WINDOW_MS;
  const rows = await db
    .prepare(
      `SELECT scope, COUNT(*) AS n, MIN(failed_at) AS oldest FROM login_failures WHERE scope IN (${scopes.map(() => '?').join(',')}) AND failed_at > ? GROUP BY scope`,
    )
    .bind(...scopes, since)
    .all<{ scope: string; n: number; oldest: number }>();
  const blocked = rows.results.filter((r) => r.n >= LOGIN_FAILURE_LIMIT);
  if (blocked.length === 0) return;
  // The window slides: the lock lifts when the oldest counted failure leaves it.
  const retryAfter = Math.max(
    1,
    Math.ceil((Math.max(...blocked.map((r) => r.oldest)) + LOGIN_FAILURE_WINDOW_MS - now) / 1000),
  );
  throw new ApiError('rate_limit_exceeded', 'Too many failed login attempts; try again later.', {
    headers: { 'Retry-After': String(retryAfter) },
  });
}

export async function recordLoginFailure(db: D1Database, scopes: string[], now: number): Promise<void> {
  await db.batch([
    ...scopes.map((s) => db.prepare('INSERT INTO login_failures (scope, failed_at) VALUES (?, ?)').bind(s, now)),
    // Housekeeping: rows older than the window never count again.
    db.prepare('DELETE FROM login_failures WHERE failed_at <= ?').bind(now - LOGIN_FAILURE_WINDOW_MS),
  ]);
}

/** A successful login clears the email's failures (the IP's stay: one IP may be guessing many emails). */
export async function clearEmailFailures(db: D1Database, scopes: string[]): Promise<void> {
  const emailScopes = scopes.filter((s) => s.startsWith('email:'));
  if (emailScopes.length)
    await db
      .prepare(`DELETE FROM login_failures WHERE scope IN (${emailScopes.map(() => '?').join(',')})`)
      .bind(...emailScopes)
      .run();
}
