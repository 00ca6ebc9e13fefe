// Who calls /mcp: the account of an API key sent as `Authorization: Bearer inv_sk_...`, nothing else.
// The session cookie is not read (no cross-site request can act as the user), and an anonymous MCP
// client is refused at the door with a WWW-Authenticate hint saying where a key comes from.
import type { Context } from 'hono';
import type { AccountCaller } from '../accounts/caller.ts';
import { keyCaller } from '../accounts/resolve-caller.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';

const REALM = 'invoice-service';
const HOW_TO_GET_A_KEY =
  'Send Authorization: Bearer <API key> (inv_sk_...). Create a key on the dashboard (/app) or with POST /api/auth/generate-api-key.';

/** RFC 6750 challenge; ASCII only, since header values are byte strings. */
export function bearerChallenge(error?: 'invalid_token'): string {
  const parts = [`realm="${REALM}"`];
  if (error) parts.push(`error="${error}"`);
  parts.push(`error_description="${HOW_TO_GET_A_KEY}"`);
  return `Bearer ${parts.join(', ')}`;
}

/**
 * 401 auth_required without a key, 401 invalid_api_key for an unknown or revoked one, both with
 * `WWW-Authenticate`. The key's owner is read from D1 on every request, not from the per-isolate cache:
 * tools/list and list_options answer without the RateLimiter, which is what vets cached keys (P-ACC2).
 */
export async function mcpCaller(c: Context<AppEnv>): Promise<AccountCaller> {
  const authorization = c.req.header('Authorization');
  if (authorization === undefined) {
    throw new ApiError('auth_required', `The MCP endpoint needs an API key. ${HOW_TO_GET_A_KEY}`, {
      headers: { 'WWW-Authenticate': bearerChallenge() },
    });
  }
  const key = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? '';
  try {
    return await keyCaller(c, key);
  } catch (err) {
    if (err instanceof ApiError) err.withHeaders({ 'WWW-Authenticate': bearerChallenge('invalid_token') });
    throw err;
  }
}
