// Per-isolate cache of API key owners (P-ACC2): spares the metered routes (generate, batch) the D1 key
// lookup on every call. It is safe only because the RateLimiter Durable Object of the account, which
// every metered call reaches before it answers, holds the live key hash and refuses any other (D6:
// rotation revokes at once). Tiers are served from here for at most KEY_CACHE_TTL_MS; unverified
// owners are never cached, so a verification applies to the very next request.
import type { KeyOwner } from './caller.ts';

/** The bound on how long a tier change (`npm run admin -- set-tier`) may take to reach a metered call. */
export const KEY_CACHE_TTL_MS = 10_000;
/** Enough for the keys one isolate serves; the oldest entry goes first when full. */
const MAX_ENTRIES = 1_000;

const entries = new Map<string, { owner: KeyOwner; expiresAt: number }>();

export function cachedKeyOwner(keyHash: string, now: number): KeyOwner | null {
  const hit = entries.get(keyHash);
  if (!hit) return null;
  if (hit.expiresAt <= now) {
    entries.delete(keyHash);
    return null;
  }
  return hit.owner;
}

export function rememberKeyOwner(keyHash: string, owner: KeyOwner, now: number): void {
  if (owner.email_verified_at === null) return;
  entries.delete(keyHash);
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(keyHash, { owner, expiresAt: now + KEY_CACHE_TTL_MS });
}

/** Called when the Durable Object reports the key revoked (Caller.onKeyRevoked): the next call goes to D1 again. */
export function forgetKeyOwner(keyHash: string): void {
  entries.delete(keyHash);
}
