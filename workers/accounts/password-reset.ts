// Password reset (issue 24, decision H14): forgot-password requests limited per email and per IP in one
// conditional INSERT, reset tokens (256-bit random, stored hashed, valid 1 hour, single use) and the reset
// itself, one D1 batch that uses the token, sets the password, verifies the address and ends every session.
import { randomToken } from '../crypto/random-ids.ts';
import { sha256Hex } from '../crypto/sha256.ts';
import { ApiError } from '../http/api-error.ts';

const RESET_TTL_MS = 3600 * 1000;
const REQUEST_WINDOW_MS = 3600 * 1000;
/** Per hour: a few links for one address (its owner retrying), more for one IP (an office, a NAT). */
const RESET_REQUEST_LIMITS = { email: 3, ip: 10 } as const;

const COUNT_EMAIL = 'FROM password_reset_requests WHERE email_hash = ?1 AND requested_at > ?3';
const COUNT_IP = 'FROM password_reset_requests WHERE ip = ?2 AND requested_at > ?3';

/**
 * Counts the request against its email (hashed, whether or not it has an account: the limit must not tell them
 * apart) and its IP, or throws 429 `rate_limit_exceeded` with Retry-After. One statement: parallel requests
 * cannot pass a limit together.
 */
export async function reserveResetRequest(db: D1Database, email: string, ip: string, now: number): Promise<void> {
  const since = now - REQUEST_WINDOW_MS;
  const emailHash = await sha256Hex(email);
  const [reserved] = await db.batch([
    db
      .prepare(
        `INSERT INTO password_reset_requests (email_hash, ip, requested_at) SELECT ?1, ?2, ?4
         WHERE (SELECT COUNT(*) ${COUNT_EMAIL}) < ?5 AND (SELECT COUNT(*) ${COUNT_IP}) < ?6`,
      )
      .bind(emailHash, ip, since, now, RESET_REQUEST_LIMITS.email, RESET_REQUEST_LIMITS.ip),
    // Housekeeping: rows that left the window never count again.
    db.prepare('DELETE FROM password_reset_requests WHERE requested_at <= ?').bind(since),
  ]);
  if (reserved.meta.changes) return;
  // The window slides: a full scope frees a slot when its oldest request leaves the hour.
  const rows = await db.batch<{ n: number; oldest: number | null }>(
    [COUNT_EMAIL, COUNT_IP].map((from) =>
      db.prepare(`SELECT COUNT(*) AS n, MIN(requested_at) AS oldest ${from}`).bind(emailHash, ip, since),
    ),
  );
  const limits = [RESET_REQUEST_LIMITS.email, RESET_REQUEST_LIMITS.ip];
  let until = now;
  rows.forEach((r, i) => {
    const row = r.results[0];
    if (row && row.n >= limits[i] && row.oldest !== null) until = Math.max(until, row.oldest + REQUEST_WINDOW_MS);
  });
  throw new ApiError('rate_limit_exceeded', 'Too many password-reset requests; try again later.', {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil((until - now) / 1000))) },
  });
}

/**
 * A reset token for the account of `email`, if there is one. The token is made and hashed, and one INSERT … SELECT
 * runs, whether or not the account exists: the same work either way (no enumeration by timing). Returns the token
 * only when a row was written.
 */
export async function createResetToken(db: D1Database, email: string, now: number): Promise<string | null> {
  const token = randomToken();
  const res = await db
    .prepare(
      `INSERT INTO password_resets (token_hash, account_id, created_at, expires_at)
       SELECT ?, id, ?, ? FROM accounts WHERE email = ? AND deleting_at IS NULL`,
    )
    .bind(await sha256Hex(token), now, now + RESET_TTL_MS, email)
    .run();
  return res.meta.changes === 1 ? token : null;
}

/** Whether the link's token can still reset a password (the reset page shows a clear page when not). */
export async function isLiveResetToken(db: D1Database, token: string, now: number): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const row = await db
    .prepare('SELECT 1 AS live FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?')
    .bind(await sha256Hex(token), now)
    .first<{ live: number }>();
  return row !== null;
}

export function resetLink(baseUrl: string, token: string): string {
  return `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * Uses the token and sets the password, in one transaction: the token is marked used by this reset (a random id,
 * so two resets racing with one token cannot both pass), then, only for the reset that marked it, the password
 * is set, the address verified (the link proved it), every session ended and the account's other reset links
 * ended. Returns the account's id and email, or null for an unknown, used or expired token.
 */
export async function resetPasswordWithToken(
  db: D1Database,
  token: string,
  passwordHash: string,
  now: number,
): Promise<{ accountId: string; email: string } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const tokenHash = await sha256Hex(token);
  const resetId = randomToken();
  const mine = 'SELECT account_id FROM password_resets WHERE token_hash = ?1 AND used_by = ?2';
  const results = await db.batch<{ id: string; email: string }>([
    db
      .prepare(
        'UPDATE password_resets SET used_at = ?3, used_by = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?3',
      )
      .bind(tokenHash, resetId, now),
    db
      .prepare(
        `UPDATE accounts SET password_hash = ?4, email_verified_at = COALESCE(email_verified_at, ?3) WHERE id = (${mine})`,
      )
      .bind(tokenHash, resetId, now, passwordHash),
    db.prepare(`DELETE FROM sessions WHERE account_id = (${mine})`).bind(tokenHash, resetId),
    db
      .prepare(`UPDATE password_resets SET used_at = ?3 WHERE account_id = (${mine}) AND used_at IS NULL`)
      .bind(tokenHash, resetId, now),
    db.prepare(`SELECT id, email FROM accounts WHERE id = (${mine})`).bind(tokenHash, resetId),
  ]);
  const row = results[4].results[0];
  return row ? { accountId: row.id, email: row.email } : null;
}

/**
 * Change password (issue 24): in one transaction, sets the hash, ends every session of the account but `keepSessionId`
 * and ends its unused reset links (a link mailed before the change must not undo it).
 */
export async function changePasswordKeepingSession(
  db: D1Database,
  accountId: string,
  passwordHash: string,
  keepSessionId: string,
  now: number,
): Promise<void> {
  await db.batch([
    db.prepare('UPDATE accounts SET password_hash = ? WHERE id = ?').bind(passwordHash, accountId),
    db
      .prepare('DELETE FROM sessions WHERE account_id = ? AND id_hash != ?')
      .bind(accountId, await sha256Hex(keepSessionId)),
    db.prepare('UPDATE password_resets SET used_at = ? WHERE account_id = ? AND used_at IS NULL').bind(now, accountId),
  ]);
}
