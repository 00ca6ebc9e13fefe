// The index of hosted links per account (issue 24, decision H17; migrations/0008_account_deletion.sql): written
// once the snapshot is in KV and only for an account not being closed (H25), so closing the account finds every KV
// key of a link that was handed out. Opening a link never reads it
// (a public path kept off D1, issue 25): a closed account's links answer 404 at once where they were deleted, and
// elsewhere once KV's deletion has reached that location (about 60 s).
// Issue 26 (H20): the row also holds what the document list shows, in the same statement (no extra round trip).
import { ApiError } from '../http/api-error.ts';
import type { DocumentFacts } from './document-facts.ts';

/**
 * Indexes the link, only while its account exists and is not being closed (else 401 invalid_api_key: its key is revoked by then),
 * and prunes the account's expired rows. One D1 batch.
 */
export async function indexHostedLink(
  db: D1Database,
  link: { id: string; accountId: string; createdAt: number; expiresAt: number; facts: DocumentFacts },
  nowSeconds: number,
): Promise<void> {
  const f = link.facts;
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO hosted_links (id, account_id, expires_at, created_at, number, type, output, einvoice_profile,
           currency, grand_total, livemode)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11
         WHERE EXISTS (SELECT 1 FROM accounts WHERE id = ?2 AND deleting_at IS NULL)`,
      )
      .bind(
        link.id,
        link.accountId,
        link.expiresAt,
        link.createdAt,
        f.number,
        f.type,
        f.output,
        f.einvoice_profile,
        f.currency,
        f.grand_total,
        f.livemode ? 1 : 0,
      ),
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
