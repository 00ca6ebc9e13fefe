// Decision H19 (issue 25): the hourly Cron Trigger deletes expired D1 rows; live ones stay.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../workers/env.ts';
import worker from '../../workers/index.ts';
import { testEnv, verifiedAccountWithKey } from './accounts-fixtures.ts';
import { accountIdOf } from './openapi-conformance-requests.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function count(sql: string, ...args: unknown[]): Promise<number> {
  return (await testEnv.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>())!.n;
}

describe('H19: expired rows are pruned by the scheduled handler', () => {
  it('issue 25: sessions, verification and reset links past their expiry and old throttle rows are deleted; live ones stay', async () => {
    const { email } = await verifiedAccountWithKey('prune');
    const account = await accountIdOf(email);
    const now = Date.now();
    const tag = crypto.randomUUID();
    const rows = [
      [
        'INSERT INTO sessions (id_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
        `old-${tag}`,
        account,
        now - 31 * 24 * HOUR,
        now - HOUR,
      ],
      [
        'INSERT INTO sessions (id_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
        `live-${tag}`,
        account,
        now,
        now + HOUR,
      ],
      [
        'INSERT INTO email_verifications (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
        `old-${tag}`,
        account,
        now - 25 * HOUR,
        now - HOUR,
      ],
      [
        'INSERT INTO email_verifications (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
        `live-${tag}`,
        account,
        now,
        now + HOUR,
      ],
      [
        'INSERT INTO password_resets (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
        `old-${tag}`,
        account,
        now - 2 * HOUR,
        now - HOUR,
      ],
      [
        'INSERT INTO password_resets (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
        `live-${tag}`,
        account,
        now,
        now + HOUR,
      ],
      [
        'INSERT INTO password_reset_requests (email_hash, ip, requested_at) VALUES (?, ?, ?)',
        `old-${tag}`,
        'x',
        now - 2 * HOUR,
      ],
      [
        'INSERT INTO password_reset_requests (email_hash, ip, requested_at) VALUES (?, ?, ?)',
        `live-${tag}`,
        'x',
        now - 5 * MINUTE,
      ],
      [
        'INSERT INTO email_changes (token_hash, account_id, new_email, session_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        `old-${tag}`,
        account,
        `old-${tag}@example.com`,
        'x',
        now - 25 * HOUR,
        now - HOUR,
      ],
      [
        'INSERT INTO email_changes (token_hash, account_id, new_email, session_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        `live-${tag}`,
        account,
        `live-${tag}@example.com`,
        'x',
        now,
        now + HOUR,
      ],
      // hosted_links.expires_at is in Unix seconds
      [
        'INSERT INTO hosted_links (id, account_id, expires_at) VALUES (?, ?, ?)',
        `old-${tag}`,
        account,
        Math.floor(now / 1000) - 60,
      ],
      [
        'INSERT INTO hosted_links (id, account_id, expires_at) VALUES (?, ?, ?)',
        `live-${tag}`,
        account,
        Math.floor(now / 1000) + 3600,
      ],
    ] as const;
    await testEnv.DB.batch(rows.map(([sql, ...args]) => testEnv.DB.prepare(sql).bind(...args)));

    const ctx = createExecutionContext();
    await (worker as ExportedHandler<Env>).scheduled!(
      createScheduledController({ scheduledTime: now, cron: '17 * * * *' }),
      testEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);

    const left = async (kind: 'old' | 'live') => ({
      sessions: await count('SELECT COUNT(*) AS n FROM sessions WHERE id_hash = ?', `${kind}-${tag}`),
      email_verifications: await count(
        'SELECT COUNT(*) AS n FROM email_verifications WHERE token_hash = ?',
        `${kind}-${tag}`,
      ),
      password_resets: await count('SELECT COUNT(*) AS n FROM password_resets WHERE token_hash = ?', `${kind}-${tag}`),
      email_changes: await count('SELECT COUNT(*) AS n FROM email_changes WHERE token_hash = ?', `${kind}-${tag}`),
      hosted_links: await count('SELECT COUNT(*) AS n FROM hosted_links WHERE id = ?', `${kind}-${tag}`),
      password_reset_requests: await count(
        'SELECT COUNT(*) AS n FROM password_reset_requests WHERE email_hash = ?',
        `${kind}-${tag}`,
      ),
    });
    const none = {
      sessions: 0,
      email_verifications: 0,
      password_resets: 0,
      password_reset_requests: 0,
      email_changes: 0,
      hosted_links: 0,
    };
    const one = Object.fromEntries(Object.keys(none).map((k) => [k, 1]));
    expect(await left('old')).toEqual(none);
    expect(await left('live')).toEqual(one);
  });
});
