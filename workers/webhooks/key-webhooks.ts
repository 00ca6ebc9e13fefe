// Webhooks tied to the key that created them (issue 26, decision W9): when that key is rotated (rotateApiKey) or
// deleted, the webhooks it created are deactivated with a reason, the account's RateLimiter reloads its subscriptions
// (W7), and the owner is told by email. Webhooks created with the session, or before migration 0011, are untouched.

import { mailerFor } from '../email/mailer.ts';
import { webhooksDeactivatedEmail } from '../email/webhook-emails.ts';
import type { Env } from '../env.ts';
import { webhooksChanged } from './webhooks-changed.ts';

/** A webhook the deactivation touched (the statement's RETURNING rows). */
export interface DeactivatedWebhook {
  id: string;
  url: string;
}

/** The reason shown on the webhook and in the email when its key is rotated at `nowMs`. */
export function rotatedKeyReason(nowMs: number): string {
  return `the API key that created this webhook was rotated on ${new Date(nowMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The reason shown on the webhook and in the email when its key is deleted at `nowMs` (DELETE /api/keys/{id}). */
export function deletedKeyReason(nowMs: number): string {
  return `the API key that created this webhook was deleted on ${new Date(nowMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Deactivates the account's active webhooks created by `keyHash`, or, when null, by the account's primary key as this
 * statement reads it: rotation puts it in its own D1 batch, before the revocation, so the key cannot be revoked
 * without its webhooks (one transaction). Returns the webhooks it deactivated.
 */
export function deactivateWebhooksStatement(
  db: D1Database,
  accountId: string,
  keyHash: string | null,
  reason: string,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE webhooks SET is_active = 0, disabled_reason = ?3
         WHERE account_id = ?1 AND is_active = 1 AND created_by_key_hash =
           COALESCE(?2, (SELECT key_hash FROM api_keys WHERE account_id = ?1 AND is_primary = 1 AND revoked_at IS NULL))
         RETURNING id, url`,
    )
    .bind(accountId, keyHash, reason);
}

/**
 * After the deactivation committed: the subscriptions reload (W7) and the owner's email. Never throws: the webhooks
 * are deactivated in D1 whatever happens here (the delivery reads the row), and a mail failure is logged.
 */
export async function webhooksDeactivated(
  env: Env,
  accountId: string,
  hooks: readonly DeactivatedWebhook[],
  reason: string,
): Promise<void> {
  if (hooks.length === 0) return;
  await webhooksChanged(env, accountId);
  try {
    const owner = await env.DB.prepare('SELECT email FROM accounts WHERE id = ?')
      .bind(accountId)
      .first<{ email: string }>();
    if (owner) await mailerFor(env).send(webhooksDeactivatedEmail(owner.email, hooks, reason));
  } catch (err) {
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'webhook deactivation email failed',
        account_id: accountId,
        error: String((err as Error)?.message ?? err),
      }),
    );
  }
}

/**
 * For a key deleted on its own (DELETE /api/keys/{id}): deactivates the webhooks `keyHash` created, with `reason`,
 * reloads the subscriptions and emails the owner. Returns how many it deactivated.
 */
export async function deactivateWebhooksOfKey(
  env: Env,
  accountId: string,
  keyHash: string,
  reason: string,
): Promise<number> {
  const { results } = await deactivateWebhooksStatement(env.DB, accountId, keyHash, reason).all<DeactivatedWebhook>();
  await webhooksDeactivated(env, accountId, results, reason);
  return results.length;
}
