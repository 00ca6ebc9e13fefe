// Who calls /api/render (spec: Authentication rule 8; D11): the account's `inv_sk_` key, raw in
// `Authorization`. `Bearer <key>` is accepted too (docs/decisions.md L2): a client moving between the
// interfaces sends one header form, and there is no other credential it could be confused with.
// Sessions and anonymous calls are not served here.
import type { Context } from 'hono';
import { isTestKey } from '../accounts/api-keys.ts';
import type { AccountCaller } from '../accounts/caller.ts';
import { keyCaller } from '../accounts/resolve-caller.ts';
import type { AppEnv } from '../env.ts';
import { LegacyError } from '../http/legacy-error-codes.ts';

export async function resolveLegacyCaller(c: Context<AppEnv>): Promise<AccountCaller & { verified: true }> {
  const header = c.req.header('Authorization')?.trim() ?? '';
  if (header === '')
    throw new LegacyError('API_KEY_REQUIRED', 'Send your API key in the Authorization header: Authorization: inv_sk_…');
  const key = header.replace(/^Bearer\s+/i, '');
  // Spec rule 8: the legacy interface takes `inv_sk_` keys; a test key gets a 401 that names why (K6).
  if (isTestKey(key))
    throw new LegacyError(
      'INVALID_API_KEY',
      'Test keys (inv_test_…) cannot call /api/render: it takes live inv_sk_ keys only. Use POST /api/generate-invoice to try things out.',
    );
  // Served from the per-isolate cache: every answer after this goes through the account's RateLimiter,
  // which refuses a rotated key (P-ACC2), so a rotated key fails on its next use.
  const caller = await keyCaller(c, key, { cachedKeys: true });
  if (!caller.verified)
    throw new LegacyError(
      'EMAIL_VERIFICATION_REQUIRED',
      'Verify your email address first: open the link we emailed you (POST /api/auth/resend-verification sends a new one).',
    );
  return caller as AccountCaller & { verified: true };
}
