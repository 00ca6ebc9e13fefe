// /api/keys (issue 26, K1–K3), mounted from key-operations.ts.
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { mountOperations } from '../http/mount-operations.ts';
import { readJsonBody } from '../http/read-json-body.ts';
import { readParams } from '../http/read-params.ts';
import { deactivateWebhooksOfKey, deletedKeyReason } from '../webhooks/key-webhooks.ts';
import { MAX_KEYS_PER_ACCOUNT } from './api-keys.ts';
import * as ops from './key-operations.ts';
import { createKey, deleteKey, listKeys, toPublicKey } from './key-store.ts';
import { requireVerifiedAccount, resolveCaller } from './resolve-caller.ts';

async function verifiedAccount(c: Context<AppEnv>) {
  const caller = await resolveCaller(c);
  requireVerifiedAccount(caller);
  return caller;
}

/** K2: keys are made and deleted with the session only; a key in Authorization is refused before anything runs. */
async function sessionAccount(c: Context<AppEnv>, route: string) {
  if (c.req.header('Authorization') !== undefined)
    throw new ApiError(
      'session_required',
      `${route} takes the session cookie only (log in to the dashboard); an API key cannot create or delete keys.`,
    );
  return verifiedAccount(c);
}

export const keyRoutes = new Hono<AppEnv>();

mountOperations(keyRoutes, [
  [
    ops.listApiKeys,
    async (c) => {
      const caller = await verifiedAccount(c);
      const keys = await listKeys(c.env.DB, caller.accountId);
      return c.json({ success: true, keys: keys.map(toPublicKey) });
    },
  ],
  [
    ops.createApiKey,
    async (c) => {
      const caller = await sessionAccount(c, 'POST /api/keys');
      const input = await readJsonBody(c, ops.createApiKey.body);
      const made = await createKey(c.env, caller.accountId, input, Date.now());
      if (!made) {
        throw ApiError.field(
          'validation_error',
          'body',
          'max_items',
          `an account can have at most ${MAX_KEYS_PER_ACCOUNT} keys; delete one first (DELETE /api/keys/{id})`,
        );
      }
      return c.json({ success: true, api_key: made.key, key: toPublicKey(made.row) }, 201);
    },
  ],
  [
    ops.deleteApiKey,
    async (c) => {
      const caller = await sessionAccount(c, 'DELETE /api/keys/{id}');
      const { id } = readParams(c, ops.deleteApiKey.params);
      const now = Date.now();
      const revokedHash = await deleteKey(c.env, caller.accountId, id, now);
      if (!revokedHash) throw new ApiError('not_found', `No key with id ${JSON.stringify(id)}`);
      // W9: the webhooks this key created stop with it, and the owner is told.
      await deactivateWebhooksOfKey(c.env, caller.accountId, revokedHash, deletedKeyReason(now));
      return c.json({ success: true, deleted: true, id });
    },
  ],
]);
