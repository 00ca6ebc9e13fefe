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

/** Inserts the account; returns false when the email is already taken (UNIQUE constraint). */
export async function insertAccount(
  db: D1Database,
  row: Pick<AccountRow, 'id' | 'email' | 'password_hash' | 'created_at'>,
): Promise<boolean> {
  const res = await db
    .prepare(
      'INSERT INTO accounts (id, email, password_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT(email) DO NOTHING',
    )
    .bind(row.id, row.email, row.password_hash, row.created_at)
    .run();
  return res.meta.changes === 1;
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
