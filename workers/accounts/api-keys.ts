// API keys (D6, K1): `inv_sk_` (live) or `inv_test_` (test, K6) + 40 base62, stored as SHA-256 only; several per
// account (key-store.ts), one of them the primary that POST /api/auth/generate-api-key rotates.
import { randomBase62 } from '../crypto/random-ids.ts';
import { sha256Hex } from '../crypto/sha256.ts';
import type { Env } from '../env.ts';
import { forgetLiveKeys, pushLiveKey, pushRevokedKey } from '../limits/account-facts.ts';
import {
  type DeactivatedWebhook,
  deactivateWebhooksStatement,
  rotatedKeyReason,
  webhooksDeactivated,
} from '../webhooks/key-webhooks.ts';
import type { KeyOwner } from './caller.ts';

export type KeyMode = 'live' | 'test';

const PREFIX: Record<KeyMode, string> = { live: 'inv_sk_', test: 'inv_test_' };
const KEY_SHAPE = /^inv_(sk|test)_[0-9A-Za-z]{40}$/;
/** At most this many unrevoked keys per account, the primary and test keys included (K1). */
export const MAX_KEYS_PER_ACCOUNT = 10;

export function newApiKey(mode: KeyMode = 'live'): string {
  return PREFIX[mode] + randomBase62(40);
}

/** `key_` + 20 base62: the public id of a key (GET /api/keys), never the key itself. */
export function newKeyId(): string {
  return `key_${randomBase62(20)}`;
}

/** A test key (K6): `inv_test_…`; only meaningful for a key already known to be well-formed. */
export function isTestKey(key: string): boolean {
  return key.startsWith(PREFIX.test);
}

/** `inv_sk_…` (or `inv_test_…`) plus the last 4 characters: what /api/auth/me and GET /api/keys show. */
export function maskApiKey(last4: string, mode: KeyMode = 'live'): string {
  return `${PREFIX[mode]}…${last4}`;
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

/** The row a new key gets: created only while the account has fewer than MAX_KEYS_PER_ACCOUNT unrevoked keys. */
export function insertKeyStatement(
  db: D1Database,
  row: { accountId: string; key: string; hash: string; name: string; mode: KeyMode; primary: boolean; now: number },
): D1PreparedStatement {
  return db
    .prepare(
      'INSERT INTO api_keys (key_hash, account_id, last4, created_at, id, name, mode, is_primary) SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE (SELECT COUNT(*) FROM api_keys WHERE account_id = ?2 AND revoked_at IS NULL) < ?9',
    )
    .bind(
      row.hash,
      row.accountId,
      row.key.slice(-4),
      row.now,
      newKeyId(),
      row.name,
      row.mode,
      row.primary ? 1 : 0,
      MAX_KEYS_PER_ACCOUNT,
    );
}

/**
 * Replaces the primary key (spec: the previous key stops working at once) and leaves the other keys alone; returns
 * the new key (shown once), or null when the account has no primary and already MAX_KEYS_PER_ACCOUNT keys.
 * The account's RateLimiter learns the change first (P-ACC2, K4), so from that moment every metered call with the
 * old primary is refused, even from an isolate that still caches it. A concurrent rotation's primary that this one
 * revoked in D1 is refused before this one answers. Should D1 fail, the object reloads the keys from D1.
 * The webhooks the old primary created are deactivated in the same transaction, and the owner is told (W9).
 */
export async function rotateApiKey(env: Env, accountId: string, now: number): Promise<string | null> {
  const db = env.DB;
  const key = newApiKey();
  const hash = await sha256Hex(key);
  const reason = rotatedKeyReason(now);
  const old = await db
    .prepare('SELECT key_hash FROM api_keys WHERE account_id = ? AND is_primary = 1 AND revoked_at IS NULL')
    .bind(accountId)
    .first<{ key_hash: string }>();
  await pushLiveKey(env, accountId, hash);
  if (old) await pushRevokedKey(env, accountId, old.key_hash);
  let revoked: string[];
  let inserted: boolean;
  let deactivated: DeactivatedWebhook[];
  try {
    const [hooks, update, insert] = await db.batch<{ key_hash: string } & DeactivatedWebhook>([
      // Before the revocation: it reads the primary's hash.
      deactivateWebhooksStatement(db, accountId, null, reason),
      db
        .prepare(
          'UPDATE api_keys SET revoked_at = ? WHERE account_id = ? AND is_primary = 1 AND revoked_at IS NULL RETURNING key_hash',
        )
        .bind(now, accountId),
      insertKeyStatement(db, { accountId, key, hash, name: 'Primary key', mode: 'live', primary: true, now }),
    ]);
    deactivated = hooks.results;
    revoked = update.results.map((r) => r.key_hash);
    inserted = insert.meta.changes === 1;
  } catch (err) {
    await forgetLiveKeys(env, accountId).catch(() => undefined);
    throw err;
  }
  for (const gone of revoked) if (gone !== old?.key_hash) await pushRevokedKey(env, accountId, gone);
  if (!inserted) await pushRevokedKey(env, accountId, hash);
  await webhooksDeactivated(env, accountId, deactivated, reason);
  return inserted ? key : null;
}

export async function primaryKeyLast4(db: D1Database, accountId: string): Promise<string | null> {
  const row = await db
    .prepare('SELECT last4 FROM api_keys WHERE account_id = ? AND is_primary = 1 AND revoked_at IS NULL')
    .bind(accountId)
    .first<{ last4: string }>();
  return row?.last4 ?? null;
}

/** K2: a key may rotate the primary only when it is the primary itself (it replaces itself; nothing outlives it). */
export async function isPrimaryKey(db: D1Database, keyHash: string): Promise<boolean> {
  const row = await db
    .prepare('SELECT 1 AS yes FROM api_keys WHERE key_hash = ? AND is_primary = 1 AND revoked_at IS NULL')
    .bind(keyHash)
    .first<{ yes: number }>();
  return row !== null;
}
