// Requests and accounts for the legacy render interface tests (D11).
import { apiKeyHash, newApiKey } from '../../workers/accounts/api-keys.ts';
import { call, register, testEnv, uniqueEmail, verifiedAccountWithKey } from './accounts-fixtures.ts';
import { accountIdOf } from './openapi-conformance-requests.ts';

export type Json = Record<string, any>;

/** A legacy request using numbers and numeric strings, a discount and a tax (D11). */
export const LEGACY = {
  title: 'Acme Ltd',
  invno: 'L-1',
  date: '2026-03-01',
  to: 'Client GmbH\nHauptstraße 1\n10115 Berlin',
  currency: 'EUR',
  lang: 'en',
  template: 'neat-pro',
  rows: [
    { desc: 'Work', qty: '2', rate: '50.25', tax: 20 },
    { desc: 'More', qty: 1, rate: 10, disc: '10' },
  ],
};

/** POST /api/render with the key raw in Authorization (or no header at all). */
export function legacyRender(authorization: string | undefined, json: unknown, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (authorization !== undefined) headers.set('Authorization', authorization);
  return call('/api/render', { ...init, method: 'POST', json, headers });
}

/** A verified account with a key; `credits` sets its grant total before its first legacy render. */
export async function legacyAccount(credits?: number) {
  const account = await verifiedAccountWithKey('legacy');
  const accountId = await accountIdOf(account.email);
  if (credits !== undefined) await setCreditsTotal(accountId, credits);
  return { ...account, accountId };
}

/** What `npm run admin -- grant-credits` changes: the total in D1 (read by the RateLimiter on every render). */
export async function setCreditsTotal(accountId: string, total: number) {
  await testEnv.DB.prepare('UPDATE accounts SET credits_total = ? WHERE id = ?').bind(total, accountId).run();
}

/** A key of a not yet verified account (the API only issues keys once verified; D1 may hold one anyway). */
export async function unverifiedKey(): Promise<string> {
  const email = uniqueEmail('legacy-unver');
  await register(email);
  const apiKey = newApiKey();
  await testEnv.DB.prepare('INSERT INTO api_keys (key_hash, account_id, last4, created_at) VALUES (?, ?, ?, ?)')
    .bind(await apiKeyHash(apiKey), await accountIdOf(email), apiKey.slice(-4), Date.now())
    .run();
  return apiKey;
}

/** The account's credits as /api/auth/me shows them. */
export async function creditsOf(cookie: string): Promise<{ total: number; used: number }> {
  const res = await call('/api/auth/me', { headers: { Cookie: cookie } });
  return ((await res.json()) as Json).user.credits;
}

export function decodeBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
}
