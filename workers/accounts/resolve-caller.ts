// Who is calling (spec: Authentication): Bearer API key, else the inv_session cookie, else anonymous.
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { clientAddressKey } from '../net/client-address.ts';
import { cachedKeyOwner, forgetKeyOwner, rememberKeyOwner } from './api-key-cache.ts';
import { apiKeyHash, findKeyOwnerByHash, isTestKey } from './api-keys.ts';
import { type AccountCaller, type Caller, invalidApiKeyError, type KeyOwner } from './caller.ts';
import { noteKeyUse } from './key-last-used.ts';
import { assertJsonWrite, assertSameOriginWrite } from './same-origin-writes.ts';
import { findSessionOwner, readSessionCookie } from './sessions.ts';

/**
 * CF-Connecting-IP is set by Cloudflare's edge (and by wrangler dev), checked as an IP address: an IPv6
 * client is keyed by its /64, anything that is no address shares one `invalid` bucket (issue 10.14b).
 */
export function clientIp(c: Context<AppEnv>): string {
  return clientAddressKey(c.req.header('CF-Connecting-IP'));
}

function accountCaller(owner: KeyOwner, via: 'api_key' | 'session'): AccountCaller {
  return {
    kind: 'account',
    accountId: owner.id,
    email: owner.email,
    tier: owner.tier,
    verified: owner.email_verified_at !== null,
    via,
  };
}

/** The account of a presented API key (either interface's header form), or 401 invalid_api_key. */
export async function keyCaller(c: Context<AppEnv>, key: string, opts: ResolveOptions = {}): Promise<AccountCaller> {
  const keyHash = await apiKeyHash(key);
  if (!keyHash) throw invalidApiKeyError();
  const now = Date.now();
  let owner = opts.cachedKeys ? cachedKeyOwner(keyHash, now) : null;
  if (!owner) {
    owner = await findKeyOwnerByHash(c.env.DB, keyHash);
    if (!owner) throw invalidApiKeyError();
    if (opts.cachedKeys) rememberKeyOwner(keyHash, owner, now);
  }
  noteKeyUse(c, keyHash, now);
  const caller: AccountCaller = { ...accountCaller(owner, 'api_key'), keyHash };
  if (isTestKey(key)) caller.test = true;
  if (opts.cachedKeys) caller.onKeyRevoked = () => forgetKeyOwner(keyHash);
  return caller;
}

export interface ResolveOptions {
  /**
   * Metered routes only (generate, batch): serve the key's owner from the per-isolate cache. Allowed
   * only where every answer first goes through the account's RateLimiter (admitRequest, admitBatchItems
   * or peekUsage), which refuses a revoked key (P-ACC2); the limiter then reports it through the
   * caller's `onKeyRevoked` and the cache entry is dropped.
   */
  cachedKeys?: boolean;
}

/**
 * - `Authorization: Bearer <key>`: the key must be live, else 401 invalid_api_key (rule 4). Any other
 *   Authorization scheme is also 401 invalid_api_key: a sent credential is never silently ignored.
 * - Else a valid `inv_session` cookie. A cookie that is unknown or expired is ignored and the call is
 *   anonymous: browsers keep sending stale cookies, and the anonymous limits still apply.
 *   Cookie-authenticated state-changing requests from a foreign Origin are refused (403, D6), and
 *   without `Content-Type: application/json` too (415, issue 10.8).
 * - Else anonymous, keyed by CF-Connecting-IP.
 */
export async function resolveCaller(c: Context<AppEnv>, opts: ResolveOptions = {}): Promise<Caller> {
  const authorization = c.req.header('Authorization');
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return keyCaller(c, match?.[1] ?? '', opts);
  }
  const sessionId = readSessionCookie(c.req.header('Cookie'));
  if (sessionId) {
    const owner = await findSessionOwner(c.env.DB, sessionId, Date.now());
    if (owner) {
      assertSameOriginWrite(c);
      assertJsonWrite(c);
      return accountCaller(owner, 'session');
    }
  }
  return { kind: 'anonymous', ip: clientIp(c) };
}

/** D4: anonymous → 401 auth_required; rule 5: unverified email → 403 unverified_account. */
export function requireVerifiedAccount(caller: Caller): asserts caller is AccountCaller & { verified: true } {
  requireAccount(caller);
  if (!caller.verified) {
    throw new ApiError(
      'unverified_account',
      'Verify your email address first: open the link we emailed you (POST /api/auth/resend-verification sends a new one).',
    );
  }
}

export function requireAccount(caller: Caller): asserts caller is AccountCaller {
  if (caller.kind !== 'account') {
    throw new ApiError('auth_required', 'Authentication required: send Authorization: Bearer <API_KEY> or log in.');
  }
}
