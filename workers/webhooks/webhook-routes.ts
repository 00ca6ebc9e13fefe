// /api/webhooks CRUD (spec: POST/GET/GET one/DELETE; D4, D6, D10; PATCH: W10), mounted from webhook-operations.ts.
import { type Context, Hono } from 'hono';
import { requireVerifiedAccount, resolveCaller } from '../accounts/resolve-caller.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { mountOperations } from '../http/mount-operations.ts';
import { readJsonBody } from '../http/read-json-body.ts';
import { readParams } from '../http/read-params.ts';
import { webhookCreateSchema, webhookUpdateSchema } from './webhook-create-body.ts';
import * as ops from './webhook-operations.ts';
import { encryptSecret, importEncryptionKey, newWebhookSecret, secretHint } from './webhook-secret.ts';
import {
  deleteWebhook,
  getWebhook,
  insertWebhook,
  listWebhooks,
  MAX_WEBHOOKS_PER_ACCOUNT,
  toPublicWebhook,
  updateWebhook,
} from './webhook-store.ts';
import { webhooksChanged } from './webhooks-changed.ts';

async function accountId(c: Context<AppEnv>): Promise<string> {
  const caller = await resolveCaller(c);
  requireVerifiedAccount(caller);
  return caller.accountId;
}

function notFound(id: string): ApiError {
  return new ApiError('not_found', `No webhook with id ${JSON.stringify(id)}`);
}

export const webhookRoutes = new Hono<AppEnv>();

mountOperations(webhookRoutes, [
  [
    ops.createWebhook,
    async (c) => {
      const account = await accountId(c);
      const schema = webhookCreateSchema(c.env.DEV_MODE === 'true');
      const input = await readJsonBody(c, { limitBytes: ops.createWebhook.body.limitBytes, schema });
      const key = await importEncryptionKey(c.env.WEBHOOK_ENCRYPTION_KEY);
      const secret = newWebhookSecret();
      const stored = await insertWebhook(c.env.DB, {
        accountId: account,
        url: input.url,
        events: input.events,
        secretCiphertext: await encryptSecret(key, secret),
        secretHint: secretHint(secret),
        createdAt: Math.floor(Date.now() / 1000),
      });
      if (!stored) {
        throw ApiError.field(
          'validation_error',
          'body',
          'max_items',
          `an account can have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks; delete one first (DELETE /api/webhooks/{id})`,
        );
      }
      // Before the answer, so the very next call after the 201 emits to it (W7).
      await webhooksChanged(c.env, account);
      return c.json({ success: true, webhook: { ...toPublicWebhook(stored), secret } }, 201);
    },
  ],
  [
    ops.listWebhooks,
    async (c) => {
      const hooks = await listWebhooks(c.env.DB, await accountId(c));
      return c.json({ success: true, webhooks: hooks.map(toPublicWebhook) });
    },
  ],
  [
    ops.getWebhook,
    async (c) => {
      const account = await accountId(c);
      const { id } = readParams(c, ops.getWebhook.params);
      const hook = await getWebhook(c.env.DB, account, id);
      if (!hook) throw notFound(id);
      return c.json({ success: true, webhook: toPublicWebhook(hook) });
    },
  ],
  [
    ops.updateWebhook,
    async (c) => {
      const account = await accountId(c);
      const { id } = readParams(c, ops.updateWebhook.params);
      const schema = webhookUpdateSchema(c.env.DEV_MODE === 'true');
      const changes = await readJsonBody(c, { limitBytes: ops.updateWebhook.body.limitBytes, schema });
      const hook = await updateWebhook(c.env.DB, account, id, changes);
      if (!hook) throw notFound(id);
      await webhooksChanged(c.env, account);
      return c.json({ success: true, webhook: toPublicWebhook(hook) });
    },
  ],
  [
    ops.deleteWebhook,
    async (c) => {
      const account = await accountId(c);
      const { id } = readParams(c, ops.deleteWebhook.params);
      if (!(await deleteWebhook(c.env.DB, account, id))) throw notFound(id);
      await webhooksChanged(c.env, account);
      return c.json({ success: true, deleted: true, id });
    },
  ],
]);
