// Who is looking at a page: the account of a valid `inv_session` cookie, or nobody. Pages only read
// (GET), so the same-origin and JSON rules of cookie writes do not apply here; every write the pages
// make goes through the API with fetch (web/client/api-client.ts).
import type { Context } from 'hono';
import type { KeyOwner } from '../accounts/caller.ts';
import { findSessionOwner, readSessionCookie } from '../accounts/sessions.ts';
import type { AppEnv } from '../env.ts';

export async function sessionOwner(c: Context<AppEnv>): Promise<KeyOwner | null> {
  const sessionId = readSessionCookie(c.req.header('Cookie'));
  return sessionId ? findSessionOwner(c.env.DB, sessionId, Date.now()) : null;
}

/**
 * Where to go after logging in: a path of this site under /app, else the dashboard. Never another
 * origin (`//evil.example`, `https://…`): the value comes from the URL, which anyone can write.
 */
export function afterLoginPath(next: string | undefined): string {
  return next && /^\/app(\/[\w-]+)*\/?$/.test(next) ? next : '/app';
}
