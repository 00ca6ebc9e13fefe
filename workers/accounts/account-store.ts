// D1 access to the `accounts` table (migrations/0001_accounts.sql).
import { randomBase62 } from '../crypto/random-ids.ts';
import type { Tier } from './caller.ts';

export const TIERS: readonly Tier[] = ['free', 'starter', 'pro', 'enterprise'];

export interface AccountRow {
  id: string;
  email: string;
  password_hash: string;
  tier: Tier;
  email_verified_at: number | null;
  credits_total: number;
  credits_used: number;
  created_at: number;
  /** Set when closing the account began (issue 24, H17): it no longer logs in; the row goes last. */
  deleting_at: number | null;
}

/** D6: emails are trimmed and lower-cased before every lookup and insert. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function newAccountId(): string {
  return `acct_${randomBase62(20)}`;
}

export async function findAccountByEmail(db: D1Database, email: string): Promise<AccountRow | null> {
  return db.prepare('SELECT * FROM accounts WHERE email = ?').bind(normaliseEmail(email)).first<AccountRow>();
}

export async function findAccountById(db: D1Database, id: string): Promise<AccountRow | null> {
  return db.prepare('SELECT * FROM accounts WHERE id = ?').bind(id).first<AccountRow>();
}

/** An account whose address was never verified may be registered anew this long after it was made (issue 24). */
export const UNVERIFIED_REPLACEABLE_AFTER_MS = 24 * 3600 * 1000;

/** Whether a registration of this account's address replaces it: never verified, and made 24 hours ago or more. */
export function isReplaceable(account: AccountRow, now: number): boolean {
  return account.email_verified_at === null && account.created_at <= now - UNVERIFIED_REPLACEABLE_AFTER_MS;
}

/**
 * Inserts the account; returns false when the email is already taken (UNIQUE constraint). In the same
 * transaction it first deletes an account of that address that was never verified and is 24 hours old or
 * more (issue 24: an address cannot be squatted for ever); its sessions and tokens cascade, and it never had
 * a key, webhooks or documents (they need a verified address).
 */
export async function insertAccount(
  db: D1Database,
  row: Pick<AccountRow, 'id' | 'email' | 'password_hash' | 'created_at'>,
): Promise<boolean> {
  const [, inserted] = await db.batch([
    db
      .prepare('DELETE FROM accounts WHERE email = ? AND email_verified_at IS NULL AND created_at <= ?')
      .bind(row.email, row.created_at - UNVERIFIED_REPLACEABLE_AFTER_MS),
    db
      .prepare(
        'INSERT INTO accounts (id, email, password_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT(email) DO NOTHING',
      )
      .bind(row.id, row.email, row.password_hash, row.created_at),
  ]);
  return inserted.meta.changes === 1;
}

export async function markEmailVerified(db: D1Database, accountId: string, now: number): Promise<void> {
  await db
    .prepare('UPDATE accounts SET email_verified_at = COALESCE(email_verified_at, ?) WHERE id = ?')
    .bind(now, accountId)
    .run();
}

/** Register's undo when its verification email cannot be sent: no half-made account stays (tokens cascade). */
export async function deleteUnverifiedAccount(db: D1Database, accountId: string): Promise<void> {
  await db.prepare('DELETE FROM accounts WHERE id = ? AND email_verified_at IS NULL').bind(accountId).run();
}
