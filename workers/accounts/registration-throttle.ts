// Registrations per client IP (issue 10, decision H6): 10 per sliding hour, counted whatever the outcome
// (an `email_taken` probe costs a slot too). The count and the write are one conditional INSERT, so
// parallel registrations cannot pass the limit together.
import { ApiError } from '../http/api-error.ts';

const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;
const REGISTRATIONS_PER_IP = 10;

/** Reserves one registration for the IP, or throws 429 `rate_limit_exceeded` with Retry-After. */
export async function reserveRegistration(db: D1Database, ip: string, now: number): Promise<void> {
  const since = now - REGISTRATION_WINDOW_MS;
  const [reserved] = await db.batch([
    db
      .prepare(
        `INSERT INTO registration_attempts (ip, attempted_at) SELECT ?1, ?2
         WHERE (SELECT COUNT(*) FROM registration_attempts WHERE ip = ?1 AND attempted_at > ?3) < ?4`,
      )
      .bind(ip, now, since, REGISTRATIONS_PER_IP),
    // Housekeeping: rows that left the window never count again.
    db.prepare('DELETE FROM registration_attempts WHERE attempted_at <= ?').bind(since),
  ]);
  if (reserved.meta.changes) return;
  // The window slides: a slot frees when the oldest counted registration leaves it.
  const oldest = await db
    .prepare('SELECT MIN(attempted_at) AS t FROM registration_attempts WHERE ip = ? AND attempted_at > ?')
    .bind(ip, since)
    .first<{ t: number | null }>();
  const retryAfter = Math.max(1, Math.ceil(((oldest?.t ?? now) + REGISTRATION_WINDOW_MS - now) / 1000));
  throw new ApiError(
    'rate_limit_exceeded',
    `At most ${REGISTRATIONS_PER_IP} registrations per hour from one address; try again later.`,
    { headers: { 'Retry-After': String(retryAfter) } },
  );
}
