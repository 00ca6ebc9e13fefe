// Closing an account (issue 24, decision H17). The account is marked first, so from that moment it cannot log in, use
// a session or its key, or make hosted links; then its data goes (its links with their KV keys), each step
// idempotent, and the row goes last.
// A step that fails leaves the account marked and everything after it in place: the same request repeats the steps
// and completes (the session stays valid for this route only until the row goes).
import { sha256Hex } from '../crypto/sha256.ts';
import type { Env } from '../env.ts';
import { accountHostedLinkIds, forgetHostedLinks } from '../hosted/hosted-link-index.ts';
import { hostedLinkKeys } from '../hosted/revoke-hosted-link.ts';
import { eraseAccountLimiter } from '../limits/account-facts.ts';

/** Links per round: three KV deletes each, well under a Worker's 1,000 KV operations per request. */
const LINKS_PER_ROUND = 100;
const MAX_ROUNDS = 3;

/** The account of a session, being closed or not: the one lookup that still finds a marked account. */
export async function sessionAccountForDeletion(
  db: D1Database,
  sessionId: string,
  now: number,
): Promise<{ id: string; email: string } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(sessionId)) return null;
  return db
    .prepare(
      'SELECT a.id, a.email FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = ? AND s.expires_at > ?',
    )
    .bind(await sha256Hex(sessionId), now)
    .first<{ id: string; email: string }>();
}

/** How many links a round deletes, and how many rounds one request runs (smaller in a test of the rounds). */
export interface DeletionRounds {
  linksPerRound: number;
  maxRounds: number;
}

/** Each hosted link's KV keys (snapshot and cached PDFs), then its index row, a round at a time. */
async function deleteHostedLinks(env: Env, accountId: string, rounds: DeletionRounds): Promise<void> {
  for (let round = 0; round < rounds.maxRounds; round++) {
    const ids = await accountHostedLinkIds(env.DB, accountId, rounds.linksPerRound);
    if (ids.length === 0) return;
    const keys = ids.flatMap(hostedLinkKeys);
    await Promise.all(keys.map((key) => env.SNAPSHOTS.delete(key)));
    await forgetHostedLinks(env.DB, ids);
  }
  // More links than one request may delete: repeating the request goes on where this one stopped.
  if ((await accountHostedLinkIds(env.DB, accountId, 1)).length > 0)
    throw new Error('account deletion: more hosted links than one request deletes; repeat the request');
}

export async function closeAccount(
  env: Env,
  accountId: string,
  now: number,
  rounds: DeletionRounds = { linksPerRound: LINKS_PER_ROUND, maxRounds: MAX_ROUNDS },
): Promise<void> {
  const db = env.DB;
  // 1. The mark, and the key revoked in D1: no login, session or key works from here on, and no link is made.
  await db.batch([
    db.prepare('UPDATE accounts SET deleting_at = COALESCE(deleting_at, ?) WHERE id = ?').bind(now, accountId),
    db.prepare('UPDATE api_keys SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL').bind(now, accountId),
  ]);
  // 2. The RateLimiter: its live-key copy (so no isolate's cached key passes), counters, credits, leases.
  await eraseAccountLimiter(env, accountId);
  // 3. Hosted-link snapshots and cached PDFs (KV), through the account's index.
  await deleteHostedLinks(env, accountId, rounds);
  // 4. Webhooks, their delivery log and stored events; the usage copy (after step 2, so no alarm writes it again).
  await db.batch([
    db.prepare('DELETE FROM webhook_deliveries WHERE account_id = ?').bind(accountId),
    db.prepare('DELETE FROM webhook_events WHERE account_id = ?').bind(accountId),
    db.prepare('DELETE FROM webhooks WHERE account_id = ?').bind(accountId),
    db.prepare('DELETE FROM usage_snapshots WHERE subject = ?').bind(accountId),
  ]);
  // 5. The row; sessions, keys and every token table cascade (migrations 0001, 0006, 0007).
  await db.prepare('DELETE FROM accounts WHERE id = ?').bind(accountId).run();
}
