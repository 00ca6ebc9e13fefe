// The index of hosted links per account (issue 24, decision H17; migrations/0008_account_deletion.sql): written
// before a snapshot goes to KV, so closing the account can find every KV key it made. Opening a link never reads it
// (a public path kept off D1, issue 25): a closed account's links answer 404 at once where they were deleted, and
// elsewhere once KV's deletion has reached that location (about 60 s).
import { ApiError } from '../http/api-error.ts';

/**
 * Indexes the link, only while its account exists and is not being closed (else 401 invalid_api_key: its key is revoked by then),
 * and prunes the account's expired rows. One D1 batch.
 */
export async function indexHostedLink(
  db: D1Database,
  link: { id: string; accountId: string; expiresAt: number },
  nowSeconds: number,
): Promise<void> {
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO hosted_links (id, account_id, expires_at) SELECT ?1, ?2, ?3
         WHERE EXISTS (SELECT 1 FROM accounts WHERE id = ?2 AND deleting_at IS NULL)`,
      )
      .bind(link.id, link.accountId, link.expiresAt),
    db.prepare('DELETE FROM hosted_links WHERE account_id = ? AND expires_at <= ?').bind(link.accountId, nowSeconds),
  ]);
  if (!inserted.meta.changes)
    throw new ApiError('invalid_api_key', 'This account is being closed; it can no longer make hosted links.');
}

/** Up to `limit` ids of the account's links (expired ones included: their KV keys may not be gone yet). */
export async function accountHostedLinkIds(db: D1Database, accountId: string, limit: number): Promise<string[]> {
  const rows = await db
    .prepare('SELECT id FROM hosted_links WHERE account_id = ? LIMIT ?')
    .bind(accountId, limit)
    .all<{ id: string }>();
  return rows.results.map((r) => r.id);
}

/** After their KV keys are gone: the rows themselves. */
export async function forgetHostedLinks(db: D1Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.batch(ids.map((id) => db.prepare('DELETE FROM hosted_links WHERE id = ?').bind(id)));
}
