// Issue 10.9: an API key in the query string is refused, never ignored. Before, `?api_key=…` ran the
// call anonymously; the caller saw a working answer while the key sat in every log the URL passed
// through. Refused: a parameter named like a credential (api_key, apiKey, api-key, access_token, any
// case), and any parameter whose value looks like an API key (inv_sk_…), whatever its name. Only the
// name is echoed, never the value.
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';

const CREDENTIAL_NAMES = new Set(['apikey', 'accesstoken']);
const KEY_PREFIX = 'inv_sk_';

function looksLikeCredential(name: string, value: string): boolean {
  return CREDENTIAL_NAMES.has(name.toLowerCase().replace(/[-_]/g, '')) || value.trim().startsWith(KEY_PREFIX);
}

/** 400 validation_error when the query carries an API key. */
export function assertNoQueryCredential(c: Context<AppEnv>): void {
  const url = new URL(c.req.url);
  for (const [name, value] of url.searchParams) {
    if (!looksLikeCredential(name, value)) continue;
    const shown = name.length > 40 ? `${name.slice(0, 40)}…` : name;
    throw ApiError.field(
      'validation_error',
      shown,
      'invalid',
      'API keys are not accepted in the query string; send them in the Authorization header '
        + '(Authorization: Bearer <API_KEY>). The URL may already be in logs (browser history, proxies, servers): '
        + 'rotate the key (POST /api/auth/generate-api-key).',
    );
  }
}
