// Session cookie `inv_session` (D6): 256-bit random id, stored hashed, 30 days, HttpOnly, SameSite=Lax.
import { randomToken } from '../crypto/random-ids.ts';
import { sha256Hex } from '../crypto/sha256.ts';
import type { KeyOwner } from './caller.ts';

const SESSION_COOKIE = 'inv_session';
const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export async function createSession(db: D1Database, accountId: string, now: number): Promise<string> {
  const id = randomToken();
  await db
    .prepare('INSERT INTO sessions (id_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
    .bind(await sha256Hex(id), accountId, now, now + SESSION_TTL_MS)
    .run();
  return id;
}

export async function findSessionOwner(db: D1Database, sessionId: string, now: number): Promise<KeyOwner | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(sessionId)) return null;
  return db
    .prepare(
      // An account being closed (H17) has no usable session: only the deletion itself finds it (account-deletion.ts).
      'SELECT a.id, a.email, a.tier, a.email_verified_at FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = ? AND s.expires_at > ? AND a.deleting_at IS NULL',
    )
    .bind(await sha256Hex(sessionId), now)
    .first<KeyOwner>();
}

export async function deleteSession(db: D1Database, sessionId: string): Promise<void> {
  await db
    .prepare('DELETE FROM sessions WHERE id_hash = ?')
    .bind(await sha256Hex(sessionId))
    .run();
}

/** Secure everywhere except plain-http localhost, where browsers would drop a Secure cookie. */
function secureAttribute(requestUrl: string): string {
  const url = new URL(requestUrl);
  const local = url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return local ? '' : '; Secure';
}

export function sessionCookie(requestUrl: string, sessionId: string): string {
  return `${SESSION_COOKIE}=${sessionId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_TTL_MS / 1000}${secureAttribute(requestUrl)}`;
}

export function clearedSessionCookie(requestUrl: string): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secureAttribute(requestUrl)}`;
}

export function readSessionCookie(cookieHeader: string | undefined | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return rest.join('=') || null;
  }
  return null;
}
