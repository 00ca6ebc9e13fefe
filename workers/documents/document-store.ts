// The document list's reads and the revocation mark (issue 26, decision H20), over the hosted_links index
// (migrations 0008, 0013). Every query is scoped by the account: another account's id reads as missing.
// Listed: rows made since 0013 (they carry a number) whose link has not expired; a revoked one stays listed,
// as revoked, until then.
import type { DocumentFacts } from '../hosted/document-facts.ts';

export interface DocumentRow extends Omit<DocumentFacts, 'livemode'> {
  id: string;
  created_at: number;
  expires_at: number;
  livemode: number;
  revoked_at: number | null;
}

const COLUMNS =
  'id, number, type, output, einvoice_profile, currency, grand_total, created_at, expires_at, livemode, revoked_at';
const LISTED = 'account_id = ? AND number IS NOT NULL AND expires_at > ?';

export interface DocumentQuery {
  /** A prefix of the number, case-insensitive for ASCII letters (the exact number is its own prefix). */
  number?: string;
  livemode?: boolean;
  /** The last row of the previous page: the next page starts after it. */
  after?: { createdAt: number; id: string };
  limit: number;
}

/** LIKE's wildcards and its escape taken literally. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** One page, newest first; `more` tells whether a row follows it. */
export async function listDocumentRows(
  db: D1Database,
  accountId: string,
  q: DocumentQuery,
  nowSeconds: number,
): Promise<{ rows: DocumentRow[]; more: boolean }> {
  const where = [LISTED];
  const args: unknown[] = [accountId, nowSeconds];
  if (q.number !== undefined) {
    where.push("number LIKE ? ESCAPE '\\'");
    args.push(likePrefix(q.number));
  }
  if (q.livemode !== undefined) {
    where.push('livemode = ?');
    args.push(q.livemode ? 1 : 0);
  }
  if (q.after) {
    where.push('(created_at < ? OR (created_at = ? AND id < ?))');
    args.push(q.after.createdAt, q.after.createdAt, q.after.id);
  }
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS} FROM hosted_links WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ?`,
    )
    .bind(...args, q.limit + 1)
    .all<DocumentRow>();
  return { rows: results.slice(0, q.limit), more: results.length > q.limit };
}

export async function getDocumentRow(
  db: D1Database,
  accountId: string,
  id: string,
  nowSeconds: number,
): Promise<DocumentRow | null> {
  return db
    .prepare(`SELECT ${COLUMNS} FROM hosted_links WHERE id = ? AND ${LISTED}`)
    .bind(id, accountId, nowSeconds)
    .first<DocumentRow>();
}

/**
 * Marks the link revoked (the first revocation's time is kept) and returns its row, or null when the account has
 * no such listed link. Repeating it is harmless: the caller deletes the KV keys again.
 */
export async function markDocumentRevoked(
  db: D1Database,
  accountId: string,
  id: string,
  nowSeconds: number,
): Promise<DocumentRow | null> {
  return db
    .prepare(
      `UPDATE hosted_links SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND ${LISTED} RETURNING ${COLUMNS}`,
    )
    .bind(nowSeconds, id, accountId, nowSeconds)
    .first<DocumentRow>();
}
