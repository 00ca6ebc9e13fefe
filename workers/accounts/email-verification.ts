// Verification tokens (D6): 256-bit random, stored hashed, valid 24 hours, single use.
import { randomToken } from '../crypto/random-ids.ts';
import { sha256Hex } from '../crypto/sha256.ts';
import { markEmailVerified } from './account-store.ts';

const VERIFICATION_TTL_MS = 24 * 3600 * 1000;

export async function createVerificationToken(db: D1Database, accountId: string, now: number): Promise<string> {
  const token = randomToken();
  await db
    .prepare('INSERT INTO email_verifications (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
    .bind(await sha256Hex(token), accountId, now, now + VERIFICATION_TTL_MS)
    .run();
  return token;
}

/** Marks the token used and returns its account id, or null when unknown, used or expired. */
async function consumeVerificationToken(db: D1Database, token: string, now: number): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await db
    .prepare(
      'UPDATE email_verifications SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING account_id',
    )
    .bind(now, await sha256Hex(token), now)
    .first<{ account_id: string }>();
  return row?.account_id ?? null;
}

/**
 * Opening the link (D6): uses the token and verifies its account. False for an unknown, used or expired
 * token. Shared by the JSON answer (auth-routes.ts) and the page a browser gets (workers/web).
 */
export async function verifyEmailWithToken(db: D1Database, token: string, now: number): Promise<boolean> {
  const accountId = await consumeVerificationToken(db, token, now);
  if (!accountId) return false;
  await markEmailVerified(db, accountId, now);
  return true;
}

/** How many links were sent to this account since `since`: resend is limited per hour. */
export async function countRecentTokens(db: D1Database, accountId: string, since: number): Promise<number> {
  const row = await db
    .prepare('SELECT COUNT(*) AS n FROM email_verifications WHERE account_id = ? AND created_at > ?')
    .bind(accountId, since)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** `baseUrl`: the service's public origin (workers/http/public-base-url.ts), never the request's Host. */
export function verificationLink(baseUrl: string, token: string): string {
  return `${baseUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
}
