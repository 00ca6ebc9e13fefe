// The keys of an account as /api/keys sees them (issue 26, K1): list, create, delete. Creation and deletion tell
// the account's RateLimiter before D1 commits (K4), as rotation does (api-keys.ts).
import { sha256Hex } from '../crypto/sha256.ts';
import type { Env } from '../env.ts';
import { forgetLiveKeys, pushLiveKey, pushRevokedKey } from '../limits/account-facts.ts';
import { insertKeyStatement, type KeyMode, maskApiKey, newApiKey } from './api-keys.ts';

export interface KeyRow {
  id: string;
  name: string;
  mode: KeyMode;
  last4: string;
  is_primary: number;
  created_at: number;
  last_used_at: number | null;
}

/** What GET /api/keys shows of a key: never the key, never its hash. */
export function toPublicKey(row: KeyRow) {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    last4: row.last4,
    masked: maskApiKey(row.last4, row.mode),
    primary: row.is_primary === 1,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  };
}

export async function listKeys(db: D1Database, accountId: string): Promise<KeyRow[]> {
  const { results } = await db
    .prepare(
      'SELECT id, name, mode, last4, is_primary, created_at, last_used_at FROM api_keys WHERE account_id = ? AND revoked_at IS NULL ORDER BY created_at, id',
    )
    .bind(accountId)
    .all<KeyRow>();
  return results;
}

/** A new named key (shown once), or null when the account already has MAX_KEYS_PER_ACCOUNT unrevoked keys. */
export async function createKey(
  env: Env,
  accountId: string,
  input: { name: string; mode: KeyMode },
  now: number,
): Promise<{ key: string; row: KeyRow } | null> {
  const key = newApiKey(input.mode);
  const hash = await sha256Hex(key);
  // Admitted by the object before D1 has it: harmless, nobody knows the key until this returns.
  await pushLiveKey(env, accountId, hash);
  let changes: number;
  try {
    const insert = insertKeyStatement(env.DB, { accountId, key, hash, ...input, primary: false, now });
    changes = (await insert.run()).meta.changes;
  } catch (err) {
    await forgetLiveKeys(env, accountId).catch(() => undefined);
    throw err;
  }
  if (changes !== 1) {
    await pushRevokedKey(env, accountId, hash);
    return null;
  }
  const row = await env.DB.prepare(
    'SELECT id, name, mode, last4, is_primary, created_at, last_used_at FROM api_keys WHERE key_hash = ?',
  )
    .bind(hash)
    .first<KeyRow>();
  return { key, row: row! };
}

/**
 * Revokes key `id` of the account (the primary too); false when the account has no such unrevoked key. The object
 * refuses the key before D1 revokes it, so once this returns no isolate's cached copy passes a metered call (K4).
 * Returns the revoked key's hash, for whatever else must follow the key (its webhooks, issue 26).
 */
export async function deleteKey(env: Env, accountId: string, id: string, now: number): Promise<string | null> {
  const db = env.DB;
  const row = await db
    .prepare('SELECT key_hash FROM api_keys WHERE id = ? AND account_id = ? AND revoked_at IS NULL')
    .bind(id, accountId)
    .first<{ key_hash: string }>();
  if (!row) return null;
  await pushRevokedKey(env, accountId, row.key_hash);
  try {
    await db
      .prepare('UPDATE api_keys SET revoked_at = ? WHERE key_hash = ? AND revoked_at IS NULL')
      .bind(now, row.key_hash)
      .run();
  } catch (err) {
    await forgetLiveKeys(env, accountId).catch(() => undefined);
    throw err;
  }
  return row.key_hash;
}
