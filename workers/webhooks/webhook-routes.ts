// /api/webhooks CRUD (spec: POST/GET/GET one/DELETE; D4, D6, D10; PATCH: W10), mounted from webhook-operations.ts.
import { type Context, Hono } from 'hono';
import type { AccountCaller } from '../accounts/caller.ts';
import { invalidApiKeyError } from '../accounts/caller.ts';
import { requireVerifiedAccount, resolveCaller } from '../accounts/resolve-caller.ts';
import { mailerFor } from '../email/mailer.ts';
import { type WebhookCreator, webhookCreatedEmail } from '../email/webhook-emails.ts';
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

async function verifiedCaller(c: Context<AppEnv>): Promise<AccountCaller> {
  const caller = await resolveCaller(c);
  requireVerifiedAccount(caller);
  return caller;
}

async function accountId(c: Context<AppEnv>): Promise<string> {
  return (await verifiedCaller(c)).accountId;
}

/** Who creates the webhook, for the owner's email (W9): the key's last 4 characters, or the dashboard. */
async function creator(c: Context<AppEnv>, keyHash: string | null): Promise<WebhookCreator> {
  if (!keyHash) return { kind: 'session' };
  const row = await c.env.DB.prepare('SELECT last4 FROM api_keys WHERE key_hash = ?')
    .bind(keyHash)
    .first<{ last4: string }>();
  return { kind: 'api_key', last4: row?.last4 ?? '????' };
}

async function keyIsLive(db: D1Database, keyHash: string): Promise<boolean> {
  return (
    (await db.prepare('SELECT 1 FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL').bind(keyHash).first())
    !== null
  );
}

function notFound(id: string): ApiError {
  return new ApiError('not_found', `No webhook with id ${JSON.stringify(id)}`);
}

export const webhookRoutes = new Hono<AppEnv>();

mountOperations(webhookRoutes, [
  [
    ops.createWebhook,
    async (c) => {
      const caller = await verifiedCaller(c);
      const account = caller.accountId;
      const schema = webhookCreateSchema(c.env.DEV_MODE === 'true');
      const input = await readJsonBody(c, { limitBytes: ops.createWebhook.body.limitBytes, schema });
      const key = await importEncryptionKey(c.env.WEBHOOK_ENCRYPTION_KEY);
      // The owner is told of every creation (W9): 503 before anything is written when email is not configured.
      const mailer = mailerFor(c.env);
      const keyHash = caller.via === 'api_key' ? (caller.keyHash ?? null) : null;
      const by = await creator(c, keyHash);
      const secret = newWebhookSecret();
      const stored = await insertWebhook(c.env.DB, {
        accountId: account,
        url: input.url,
        events: input.events,
        secretCiphertext: await encryptSecret(key, secret),
        secretHint: secretHint(secret),
        createdAt: Math.floor(Date.now() / 1000),
        createdByKeyHash: keyHash,
      });
      // Rotated while this request ran: the key may not leave a webhook behind (W9).
      if (!stored && keyHash && !(await keyIsLive(c.env.DB, keyHash))) throw invalidApiKeyError();
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
      c.executionCtx.waitUntil(
        mailer.send(webhookCreatedEmail(caller.email, stored, by)).catch((err) =>
          console.error(
            JSON.stringify({
              level: 'error',
              msg: 'webhook creation email failed',
              error: String(err?.message ?? err),
            }),
          ),
        ),
      );
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
