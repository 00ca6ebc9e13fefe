// Change of e-mail address (issue 24, decision H16): a request stores a hashed, single-use token (24 hours) for the
// new address, at most a few per account and hour; opening the emailed link moves the account to the new address in
// one D1 batch, unless another account took the address meanwhile (the UNIQUE accounts.email decides).
import { randomToken } from '../crypto/random-ids.ts';
import { sha256Hex } from '../crypto/sha256.ts';
import { emailChangedNotice } from '../email/email-change-emails.ts';
import { mailerFor } from '../email/mailer.ts';
import type { Env } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { UNVERIFIED_REPLACEABLE_AFTER_MS } from './account-store.ts';

const CHANGE_TTL_MS = 24 * 3600 * 1000;
const REQUEST_WINDOW_MS = 3600 * 1000;
/** Per account and hour: each request emails two addresses, one of them chosen by the caller. */
const EMAIL_CHANGES_PER_HOUR = 5;

/**
 * Stores a change of `accountId` to `newEmail`, requested by the session `sessionId`; 429 past the hourly limit.
 * The token is made and stored whether or not the address is taken (the same work, the same limit: the answer
 * cannot tell them apart); `taken` says which email the caller sends, the link or a notice without it.
 */
export async function requestEmailChange(
  db: D1Database,
  change: { accountId: string; newEmail: string; sessionId: string },
  now: number,
): Promise<{ token: string; taken: boolean }> {
  const token = randomToken();
  const [inserted, held] = await db.batch<{ taken: number }>([
    db
      .prepare(
        `INSERT INTO email_changes (token_hash, account_id, new_email, session_hash, created_at, expires_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6
         WHERE (SELECT COUNT(*) FROM email_changes WHERE account_id = ?2 AND created_at > ?7) < ?8`,
      )
      .bind(
        await sha256Hex(token),
        change.accountId,
        change.newEmail,
        await sha256Hex(change.sessionId),
        now,
        now + CHANGE_TTL_MS,
        now - REQUEST_WINDOW_MS,
        EMAIL_CHANGES_PER_HOUR,
      ),
    db
      // Held by another account that no registration may replace (H13: never verified, 24 hours old).
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM accounts WHERE email = ?1 AND id != ?2
           AND NOT (email_verified_at IS NULL AND created_at <= ?3)) AS taken`,
      )
      .bind(change.newEmail, change.accountId, now - UNVERIFIED_REPLACEABLE_AFTER_MS),
  ]);
  if (!inserted.meta.changes)
    throw new ApiError(
      'rate_limit_exceeded',
      `At most ${EMAIL_CHANGES_PER_HOUR} address changes per hour; use the latest link.`,
      { headers: { 'Retry-After': '3600' } },
    );
  return { token, taken: held.results[0]?.taken === 1 };
}

export function emailChangeLink(baseUrl: string, token: string): string {
  return `${baseUrl}/api/auth/confirm-email-change?token=${encodeURIComponent(token)}`;
}

export type EmailChangeOutcome =
  | { status: 'changed'; oldEmail: string; newEmail: string }
  | { status: 'taken'; newEmail: string }
  | { status: 'invalid' };

/**
 * Opens the link, in one transaction: the token is marked used by this confirmation (a random id: two opening it at
 * once cannot both pass); an account of the new address never verified for 24 hours is replaced (H13); the address
 * is set with UPDATE OR IGNORE, so if another account holds it now the row is left as it was and the change is
 * `taken`. Only when the address moved: it counts as verified (the link proved it), every session but the one that
 * asked ends, and the account's unused reset, verification and change links end (they went to, or were meant for,
 * the old address).
 */
async function confirmEmailChange(db: D1Database, token: string, now: number): Promise<EmailChangeOutcome> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { status: 'invalid' };
  const confirmId = randomToken();
  const mine = 'FROM email_changes WHERE token_hash = ?1 AND used_by = ?2';
  const account = `(SELECT account_id ${mine})`;
  const moved = `(SELECT email FROM accounts WHERE id = ${account}) = (SELECT new_email ${mine})`;
  const tokenHash = await sha256Hex(token);
  // D1 wants exactly as many values as the statement's highest ?N.
  const bind = (sql: string) =>
    db
      .prepare(sql)
      .bind(
        ...[tokenHash, confirmId, now].slice(0, Math.max(...[...sql.matchAll(/\?(\d)/g)].map((m) => Number(m[1])))),
      );
  const results = await db.batch<{ old_email: string; new_email: string; email: string }>([
    bind(
      'UPDATE email_changes SET used_at = ?3, used_by = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?3',
    ),
    bind(`SELECT a.email AS old_email, c.new_email FROM email_changes c JOIN accounts a ON a.id = c.account_id
          WHERE c.token_hash = ?1 AND c.used_by = ?2`),
    db
      .prepare(
        `DELETE FROM accounts WHERE email = (SELECT new_email ${mine}) AND id != ${account}
         AND email_verified_at IS NULL AND created_at <= ?4`,
      )
      .bind(tokenHash, confirmId, now, now - UNVERIFIED_REPLACEABLE_AFTER_MS),
    bind(
      `UPDATE OR IGNORE accounts SET email = (SELECT new_email ${mine}), email_verified_at = ?3 WHERE id = ${account}`,
    ),
    bind(
      `DELETE FROM sessions WHERE account_id = ${account} AND id_hash != (SELECT session_hash ${mine}) AND ${moved}`,
    ),
    bind(`UPDATE password_resets SET used_at = ?3 WHERE account_id = ${account} AND used_at IS NULL AND ${moved}`),
    bind(`UPDATE email_verifications SET used_at = ?3 WHERE account_id = ${account} AND used_at IS NULL AND ${moved}`),
    bind(`UPDATE email_changes SET used_at = ?3 WHERE account_id = ${account} AND used_at IS NULL AND ${moved}`),
    bind(`SELECT email FROM accounts WHERE id = ${account}`),
  ]);
  const claimed = results[1].results[0];
  if (!claimed) return { status: 'invalid' };
  return results[8].results[0]?.email === claimed.new_email
    ? { status: 'changed', oldEmail: claimed.old_email, newEmail: claimed.new_email }
    : { status: 'taken', newEmail: claimed.new_email };
}

/**
 * The link opened, by the API route or the page a browser gets (workers/web/confirm-email-page.tsx): confirms, and
 * tells the old address once the account has left it (a failure to send is logged by the transport, not undone).
 */
export async function openEmailChangeLink(env: Env, token: string, now: number): Promise<EmailChangeOutcome> {
  const outcome = await confirmEmailChange(env.DB, token, now);
  if (outcome.status === 'changed') {
    const mailer = (() => {
      try {
        return mailerFor(env);
      } catch {
        return null; // no provider configured: the change stands, the notice cannot go
      }
    })();
    await mailer?.send(emailChangedNotice(outcome.oldEmail, outcome.newEmail)).catch(() => undefined);
  }
  return outcome;
}
