// /api/webhooks CRUD (spec: POST/GET/GET one/DELETE; D4, D6, D10). API key or session cookie,
// verified account; an account sees and deletes only its own webhooks (another's id → 404).
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { requireVerifiedAccount, resolveCaller } from '../accounts/resolve-caller.ts';
import { parseWebhookCreate } from './webhook-create-body.ts';
import { encryptSecret, importEncryptionKey, newWebhookSecret, secretHint } from './webhook-secret.ts';
import { noteWebhooksExist } from '../limits/account-facts.ts';
import { MAX_WEBHOOKS_PER_ACCOUNT, deleteWebhook, getWebhook, insertWebhook, listWebhooks, toPublicWebhook } from './webhook-store.ts';

/** A WebhookCreate is a URL and a few event names; anything near this size is not one. */
const MAX_BODY_BYTES = 64 * 1024;

async function accountId(c: Context<AppEnv>): Promise<string> {
  const caller = await resolveCaller(c);
  requireVerifiedAccount(caller);
  return caller.accountId;
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) throw new ApiError('payload_too_large', `body: must be at most ${MAX_BODY_BYTES / 1024} KB`);
  if (text.trim() === '') throw new ApiError('invalid_json', 'body: must be a JSON object with url and events (the body is empty)');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ApiError('invalid_json', `body: is not valid JSON (${(err as Error).message})`);
  }
}

function notFound(id: string): ApiError {
  return new ApiError('not_found', `No webhook with id ${JSON.stringify(id)}`);
}

function methodNotAllowed(allow: string) {
  return (c: Context<AppEnv>) => {
    throw new ApiError('method_not_allowed', `${c.req.method} is not allowed on ${new URL(c.req.url).pathname}; use ${allow}`, { headers: { Allow: allow } });
  };
}

export const webhookRoutes = new Hono<AppEnv>();

webhookRoutes.post('/', async (c) => {
  const account = await accountId(c);
  const input = parseWebhookCreate(await readJson(c), c.env.DEV_MODE === 'true');
  const key = await importEncryptionKey(c.env.WEBHOOK_ENCRYPTION_KEY);
  const secret = newWebhookSecret();
  // Before the insert, so no generate call admitted after this webhook exists skips its events (P-ACC2).
  await noteWebhooksExist(c.env, account);
  const stored = await insertWebhook(c.env.DB, {
    accountId: account,
    url: input.url,
    events: input.events,
    secretCiphertext: await encryptSecret(key, secret),
    secretHint: secretHint(secret),
    createdAt: Math.floor(Date.now() / 1000),
  });
  if (!stored) {
    throw new ApiError('validation_error', `An account can have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks; delete one first (DELETE /api/webhooks/{id})`);
  }
  return c.json({ success: true, webhook: { ...toPublicWebhook(stored), secret } }, 201);
});

webhookRoutes.get('/', async (c) => {
  const account = await accountId(c);
  const hooks = await listWebhooks(c.env.DB, account);
  return c.json({ success: true, webhooks: hooks.map(toPublicWebhook) });
});

webhookRoutes.get('/:id', async (c) => {
  const account = await accountId(c);
  const hook = await getWebhook(c.env.DB, account, c.req.param('id'));
  if (!hook) throw notFound(c.req.param('id'));
  return c.json({ success: true, webhook: toPublicWebhook(hook) });
});

webhookRoutes.delete('/:id', async (c) => {
  const account = await accountId(c);
  const id = c.req.param('id');
  if (!(await deleteWebhook(c.env.DB, account, id))) throw notFound(id);
  return c.json({ success: true, deleted: true, id });
});

webhookRoutes.all('/', methodNotAllowed('GET, POST'));
webhookRoutes.all('/:id', methodNotAllowed('GET, DELETE'));
