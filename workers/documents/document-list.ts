// One page of the document list (decision H20), shared by GET /api/documents and the MCP tool list_documents:
// the rows, each as the API shows it, and the cursor of the next page.
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { hostedUrlOf } from '../hosted/snapshot-store.ts';
import { ApiError } from '../http/api-error.ts';
import { publicBaseUrl } from '../http/public-base-url.ts';
import { type DocumentQuery, type DocumentRow, listDocumentRows } from './document-store.ts';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

// The cursor is the page's last row (created_at, id); opaque to clients, so its form may change.
function encodeCursor(row: DocumentRow): string {
  return btoa(`d1:${row.created_at}:${row.id}`).replace(/=+$/, '');
}

function decodeCursor(cursor: string | undefined): DocumentQuery['after'] {
  if (cursor === undefined) return undefined;
  let text = '';
  try {
    text = atob(cursor);
  } catch {
    // falls through to the refusal
  }
  const m = /^d1:(\d{1,15}):([0-9A-Za-z]{22})$/.exec(text);
  if (!m) throw ApiError.field('validation_error', 'cursor', 'format', "must be the previous page's next_cursor");
  return { createdAt: Number(m[1]), id: m[2] };
}

/** The signed URL is rebuilt (D1 keeps no link credential); 503 not_provisioned without the secret. */
export function linkOf(c: Context<AppEnv>, id: string): Promise<string> {
  return hostedUrlOf(c.env, publicBaseUrl(c.env, c.req.url), id);
}

/** The row as the API shows it. */
export function toDocument(row: DocumentRow, hosted_url: string) {
  const { revoked_at, livemode, ...rest } = row;
  return { ...rest, hosted_url, revoked: revoked_at !== null, livemode: livemode === 1 };
}

export async function documentPage(
  c: Context<AppEnv>,
  accountId: string,
  q: { number?: string; livemode?: boolean; limit: number; cursor?: string },
) {
  const page = await listDocumentRows(
    c.env.DB,
    accountId,
    { number: q.number, livemode: q.livemode, after: decodeCursor(q.cursor), limit: q.limit },
    nowSeconds(),
  );
  const documents = await Promise.all(page.rows.map(async (row) => toDocument(row, await linkOf(c, row.id))));
  const last = page.rows.at(-1);
  return { documents, next_cursor: page.more && last ? encodeCursor(last) : null };
}
