// API keys (D6): `inv_sk_` + 40 base62, stored as SHA-256 only, one live key per account.
import { randomBase62 } from '../crypto/random-ids.ts';
import { sha256Hex } from '../crypto/sha256.ts';
import type { Env } from '../env.ts';
import { forgetLiveKey, pushLiveKey } from '../limits/account-facts.ts';
import {
  type DeactivatedWebhook,
  deactivateWebhooksStatement,
  rotatedKeyReason,
  webhooksDeactivated,
} from '../webhooks/key-webhooks.ts';
import type { KeyOwner } from './caller.ts';

const API_KEY_PREFIX = 'inv_sk_';
const KEY_SHAPE = /^inv_sk_[0-9A-Za-z]{40}$/;

export function newApiKey(): string {
  return API_KEY_PREFIX + randomBase62(40);
}

/** `inv_sk_…` plus the last 4 characters: what /api/auth/me shows. */
export function maskApiKey(last4: string): string {
  return `${API_KEY_PREFIX}…${last4}`;
}

/** The SHA-256 hex under which a well-formed key is stored, or null for anything not shaped like a key. */
export async function apiKeyHash(key: string): Promise<string | null> {
  return KEY_SHAPE.test(key) ? sha256Hex(key) : null;
}

/**
 * The lookup goes by the key's SHA-256, so the database never compares secret bytes: a timing
 * difference can at most reveal a hash prefix, which gives nothing away.
 */
export async function findKeyOwnerByHash(db: D1Database, hash: string): Promise<KeyOwner | null> {
  return db
    .prepare(
      'SELECT a.id, a.email, a.tier, a.email_verified_at FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ? AND k.revoked_at IS NULL AND a.deleting_at IS NULL',
    )
    .bind(hash)
    .first<KeyOwner>();
}

/**
 * Revokes the live key and stores a new one in one transaction; returns the new key (shown once).
 * The account's RateLimiter learns the new hash first (P-ACC2), so from that moment every metered call
 * with the old key is refused, even from an isolate that still caches it. Should D1 then fail, the
 * object forgets the hash and reloads it from D1 on its next call. The webhooks the old key created are deactivated
 * in the same transaction, and the owner is told (issue 26, W9).
 */
export async function rotateApiKey(env: Env, accountId: string, now: number): Promise<string> {
  const db = env.DB;
  const key = newApiKey();
  const hash = await sha256Hex(key);
  const reason = rotatedKeyReason(now);
  await pushLiveKey(env, accountId, hash);
  let deactivated: DeactivatedWebhook[];
  try {
    const [hooks] = await db.batch<DeactivatedWebhook>([
      // Before the revocation: it reads the live key's hash.
      deactivateWebhooksStatement(db, accountId, null, reason),
      db.prepare('UPDATE api_keys SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL').bind(now, accountId),
      db
        .prepare('INSERT INTO api_keys (key_hash, account_id, last4, created_at) VALUES (?, ?, ?, ?)')
        .bind(hash, accountId, key.slice(-4), now),
    ]);
    deactivated = hooks.results;
  } catch (err) {
    await forgetLiveKey(env, accountId).catch(() => undefined);
    throw err;
  }
  await webhooksDeactivated(env, accountId, deactivated, reason);
  return key;
}

export async function activeKeyLast4(db: D1Database, accountId: string): Promise<string | null> {
  const row = await db
    .prepare('SELECT last4 FROM api_keys WHERE account_id = ? AND revoked_at IS NULL')
    .bind(accountId)
    .first<{ last4: string }>();
  return row?.last4 ?? null;
}
