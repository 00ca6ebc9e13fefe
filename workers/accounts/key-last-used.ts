// "Last used" of a key (issue 26, K5) without a D1 write per request: each isolate writes a key's use at most once
// an hour, after the answer (waitUntil), and the write itself skips a row already marked within the hour by another
// isolate. So `last_used_at` is at most an hour behind the key's real last use.
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';

const LAST_USED_PRECISION_MS = 3_600_000;
/** Enough for the keys one isolate serves; the oldest entry goes first when full. */
const MAX_ENTRIES = 1_000;

const writtenAt = new Map<string, number>();

export function noteKeyUse(c: Context<AppEnv>, keyHash: string, now: number): void {
  const last = writtenAt.get(keyHash);
  if (last !== undefined && now - last < LAST_USED_PRECISION_MS) return;
  writtenAt.delete(keyHash);
  if (writtenAt.size >= MAX_ENTRIES) writtenAt.delete(writtenAt.keys().next().value!);
  writtenAt.set(keyHash, now);
  const write = c.env.DB.prepare(
    'UPDATE api_keys SET last_used_at = ?1 WHERE key_hash = ?2 AND (last_used_at IS NULL OR last_used_at <= ?1 - ?3)',
  )
    .bind(now, keyHash, LAST_USED_PRECISION_MS)
    .run()
    .catch((err: unknown) => {
      // Only the display suffers; the next hour tries again.
      writtenAt.delete(keyHash);
      console.error(JSON.stringify({ level: 'warn', msg: 'key last-used write failed', error: String(err) }));
    });
  c.executionCtx.waitUntil(write);
}
