// /api/documents (issue 26, decision H20): the account's documents with a hosted link, one of them, and
// revoking its link (H21). Mounted from document-operations.ts.
import { type Context, Hono } from 'hono';
import { requireVerifiedAccount, resolveCaller } from '../accounts/resolve-caller.ts';
import type { AppEnv } from '../env.ts';
import { revokeHostedLink } from '../hosted/revoke-hosted-link.ts';
import { ApiError } from '../http/api-error.ts';
import { mountOperations } from '../http/mount-operations.ts';
import { readParams } from '../http/read-params.ts';
import { readQuery } from '../http/read-query.ts';
import { documentPage, linkOf, nowSeconds, toDocument } from './document-list.ts';
import * as ops from './document-operations.ts';
import { getDocumentRow, markDocumentRevoked } from './document-store.ts';

async function accountId(c: Context<AppEnv>): Promise<string> {
  const caller = await resolveCaller(c);
  requireVerifiedAccount(caller);
  return caller.accountId;
}

function notFound(id: string): ApiError {
  return new ApiError('not_found', `No document with id ${JSON.stringify(id)}`);
}

export const documentRoutes = new Hono<AppEnv>();

mountOperations(documentRoutes, [
  [
    ops.listDocuments,
    async (c) => {
      const account = await accountId(c);
      const q = readQuery(c, ops.listDocuments.query);
      const livemode = q.livemode === undefined ? undefined : q.livemode === 'true';
      return c.json({ success: true, ...(await documentPage(c, account, { ...q, livemode })) });
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
