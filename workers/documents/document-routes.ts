// /api/documents (issue 26, decision H20): the account's documents with a hosted link, one of them, and
// revoking its link (H21). Mounted from document-operations.ts.
import { type Context, Hono } from 'hono';
import { requireVerifiedAccount, resolveCaller } from '../accounts/resolve-caller.ts';
import type { AppEnv } from '../env.ts';
import { revokeHostedLink } from '../hosted/revoke-hosted-link.ts';
import { hostedUrlOf } from '../hosted/snapshot-store.ts';
import { ApiError } from '../http/api-error.ts';
import { mountOperations } from '../http/mount-operations.ts';
import { publicBaseUrl } from '../http/public-base-url.ts';
import { readParams } from '../http/read-params.ts';
import { readQuery } from '../http/read-query.ts';
import * as ops from './document-operations.ts';
import { type DocumentRow, getDocumentRow, listDocumentRows, markDocumentRevoked } from './document-store.ts';

async function accountId(c: Context<AppEnv>): Promise<string> {
  const caller = await resolveCaller(c);
  requireVerifiedAccount(caller);
  return caller.accountId;
}

function notFound(id: string): ApiError {
  return new ApiError('not_found', `No document with id ${JSON.stringify(id)}`);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

// The cursor is the page's last row (created_at, id); opaque to clients, so its form may change.
function encodeCursor(row: DocumentRow): string {
  return btoa(`d1:${row.created_at}:${row.id}`).replace(/=+$/, '');
}

function decodeCursor(cursor: string | undefined): { createdAt: number; id: string } | undefined {
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
function linkOf(c: Context<AppEnv>, id: string): Promise<string> {
  return hostedUrlOf(c.env, publicBaseUrl(c.env, c.req.url), id);
}

/** The row as the API shows it. */
function toDocument(row: DocumentRow, hosted_url: string) {
  const { revoked_at, livemode, ...rest } = row;
  return { ...rest, hosted_url, revoked: revoked_at !== null, livemode: livemode === 1 };
}

export const documentRoutes = new Hono<AppEnv>();

mountOperations(documentRoutes, [
  [
    ops.listDocuments,
    async (c) => {
      const account = await accountId(c);
      const q = readQuery(c, ops.listDocuments.query);
      const page = await listDocumentRows(
        c.env.DB,
        account,
        {
          number: q.number,
          livemode: q.livemode === undefined ? undefined : q.livemode === 'true',
          after: decodeCursor(q.cursor),
          limit: q.limit,
        },
        nowSeconds(),
      );
      const documents = await Promise.all(page.rows.map(async (row) => toDocument(row, await linkOf(c, row.id))));
      const last = page.rows.at(-1);
      return c.json({ success: true, documents, next_cursor: page.more && last ? encodeCursor(last) : null });
    },
  ],
  [
    ops.getDocument,
    async (c) => {
      const account = await accountId(c);
      const { id } = readParams(c, ops.getDocument.params);
      const row = await getDocumentRow(c.env.DB, account, id, nowSeconds());
      if (!row) throw notFound(id);
      return c.json({ success: true, document: toDocument(row, await linkOf(c, id)) });
    },
  ],
  [
    ops.revokeDocument,
    async (c) => {
      const account = await accountId(c);
      const { id } = readParams(c, ops.revokeDocument.params);
      // Before anything changes: a server that cannot answer the document (503) revokes nothing.
      const hostedUrl = await linkOf(c, id);
      // The mark first: should a KV delete fail, the document is listed revoked and repeating the call finishes.
      const row = await markDocumentRevoked(c.env.DB, account, id, nowSeconds());
      if (!row) throw notFound(id);
      await revokeHostedLink(c.env, id, [new URL(hostedUrl).origin, new URL(c.req.url).origin]);
      return c.json({ success: true, document: toDocument(row, hostedUrl) });
    },
  ],
]);
