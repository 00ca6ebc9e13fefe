// Issue 24, "Closing the account": DELETE /api/auth/account ends every session, revokes the key, deletes webhooks
// with their log and events, hosted-link snapshots and cached PDFs, usage snapshots, the RateLimiter's state and the
// account row; a deletion that failed mid-way completes when repeated; the address registers again (decision H17).
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { closeAccount } from '../../workers/accounts/account-deletion.ts';
import { hostedPdfKey } from '../../workers/hosted/hosted-pdf-cache.ts';
import { snapshotKey } from '../../workers/hosted/snapshot-store.ts';
import { recordAttempt } from '../../workers/webhooks/delivery-log.ts';
import {
  call,
  freshClientIp,
  login,
  register,
  resetTokenFor,
  testEnv,
  verifiedAccountWithKey,
  workerFetch,
} from './accounts-fixtures.ts';
import { sendWithEnv } from './openapi-conformance-requests.ts';

type Json = Record<string, any>;
const PASSWORD = 'correct horse battery';
const INVOICE = {
  from: { name: 'Closing Ltd' },
  to: { name: 'Client' },
  items: [{ description: 'Work', quantity: 1, unit_price: 100 }],
};

function close(cookie: string, body: unknown = { password: PASSWORD }, headers: Record<string, string> = {}) {
  return call('/api/auth/account', { method: 'DELETE', json: body, headers: { Cookie: cookie, ...headers } });
}

async function accountId(email: string): Promise<string> {
  const row = await testEnv.DB.prepare('SELECT id FROM accounts WHERE email = ?').bind(email).first<{ id: string }>();
  return row!.id;
}

/** An account with everything a deletion must remove: key, sessions, two hosted links (one PDF cached), a webhook
 * with a delivery and its event, a usage snapshot, a pending reset and address change, RateLimiter state. */
async function fullAccount(tag: string) {
  const account = await verifiedAccountWithKey(tag);
  const id = await accountId(account.email);
  const links: string[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: INVOICE,
      headers: { Authorization: `Bearer ${account.apiKey}` },
    });
    expect(res.status).toBe(200);
    links.push(((await res.json()) as Json).invoice.hosted_url);
  }
  expect((await workerFetch(links[0])).status).toBe(200); // renders and caches the PDF
  const hosted = links.map((url) => new URL(url).pathname.split('/').pop()!);
  // kept in KV after the answer (issue 25, H18)
  await expect.poll(() => testEnv.SNAPSHOTS.get(hostedPdfKey(hosted[0], 'pdf'))).not.toBeNull();
  const hook = await call('/api/webhooks', {
    method: 'POST',
    json: { url: 'https://hooks.example.com/closing', events: ['invoice.generated'] },
    headers: { Authorization: `Bearer ${account.apiKey}` },
  });
  expect(hook.status).toBe(201);
  const webhookId = ((await hook.json()) as Json).webhook.id;
  await recordAttempt(testEnv.DB, deliveryAttempt(webhookId, id));
  await testEnv.DB.prepare(
    `INSERT OR REPLACE INTO usage_snapshots (subject, hour_start, hour_count, week_start, week_count, month_start,
       month_documents, month_pdfs, updated_at) VALUES (?, 0, 2, 0, 2, 0, 2, 0, 0)`,
  )
    .bind(id)
    .run();
  await resetTokenFor(account.email);
  await call('/api/auth/change-email', {
    method: 'POST',
    json: { new_email: `elsewhere-${id.slice(5, 13).toLowerCase()}@example.com`, password: PASSWORD },
    headers: { Cookie: account.cookie },
  });
  const other = await login(account.email);
  return { ...account, id, links, hosted, other, webhookId };
}

/** A delivery attempt of the account's webhook, as the queue consumer records it. */
function deliveryAttempt(webhookId: string, id: string) {
  return {
    webhookId,
    accountId: id,
    event: { id: `evt_${id.slice(5)}`, type: 'invoice.generated', created_at: 1, data: {} } as never,
    attempt: 1,
    attemptedAt: 1_800_000_000,
    outcome: { status: 200, error: null, refused: false, durationMs: 5, responseBody: 'ok' },
    nextAttemptAt: null,
  };
}

/** Every D1 table with an account column (`account_id`, or `subject` for usage), and the accounts table itself. */
async function rowsOf(id: string, email: string): Promise<Record<string, number>> {
  const tables = await testEnv.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%' AND name NOT LIKE 'd1_%'",
  ).all<{ name: string }>();
  const out: Record<string, number> = {};
  for (const { name } of tables.results) {
    const columns = await testEnv.DB.prepare(`SELECT name FROM pragma_table_info('${name}')`).all<{ name: string }>();
    const names = columns.results.map((c) => c.name);
    const where = [
      ...['account_id', 'subject', 'id'].filter((c) => names.includes(c)).map((c) => `${c} = ?1`),
      ...(names.includes('email') ? ['email = ?2'] : []),
    ];
    if (where.length === 0) continue;
    const row = await testEnv.DB.prepare(`SELECT COUNT(*) AS n FROM "${name}" WHERE ${where.join(' OR ')}`)
      .bind(...(names.includes('email') ? [id, email] : [id]))
      .first<{ n: number }>();
    out[name] = row?.n ?? 0;
  }
  return out;
}

async function limiterRows(id: string): Promise<number> {
  const stub = testEnv.RATE_LIMITER.get(testEnv.RATE_LIMITER.idFromName(`acct:${id}`));
  return runInDurableObject(stub, (_object, state) => {
    const sql = state.storage.sql;
    const tables = sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'",
      )
      .toArray();
    return tables.reduce((n, t) => n + sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM "${t.name}"`).one().n, 0);
  });
}

/** Nothing of the account is left, and nothing it made still works. */
async function expectGone(a: Awaited<ReturnType<typeof fullAccount>>) {
  // First: a later call with the dead key makes the object reload its facts (live key: none), which is no data.
  expect(await limiterRows(a.id)).toBe(0);
  const rows = await rowsOf(a.id, a.email);
  expect(Object.keys(rows)).toEqual(
    expect.arrayContaining(['accounts', 'sessions', 'api_keys', 'webhooks', 'hosted_links', 'usage_snapshots']),
  );
  expect(Object.entries(rows).filter(([, n]) => n > 0)).toEqual([]);
  for (const id of a.hosted)
    for (const key of [snapshotKey(id), hostedPdfKey(id, 'pdf'), hostedPdfKey(id, 'facturx')])
      expect(await testEnv.SNAPSHOTS.get(key), key).toBeNull();
  const listed = await testEnv.SNAPSHOTS.list({ prefix: 'snap' });
  expect(listed.keys.filter((k) => a.hosted.some((id) => k.name.endsWith(id)))).toEqual([]);
  for (const url of a.links) expect((await workerFetch(url)).status).toBe(404);
  const byKey = await call('/api/generate-invoice', {
    method: 'POST',
    json: INVOICE,
    headers: { Authorization: `Bearer ${a.apiKey}` },
  });
  expect(byKey.status).toBe(401);
  expect((await call('/api/auth/me', { headers: { Authorization: `Bearer ${a.apiKey}` } })).status).toBe(401);
  for (const cookie of [a.cookie, a.other])
    expect((await call('/api/auth/me', { headers: { Cookie: cookie } })).status).toBe(401);
}

describe('issue 24: close the account', () => {
  it('issue 24: deletes every row, KV key and object state of the account; links 404, key 401 at once; the address registers again', async () => {
    const a = await fullAccount('close');
    expect(await limiterRows(a.id)).toBeGreaterThan(0);
    const res = await close(a.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Set-Cookie')).toMatch(/^inv_session=;.*Max-Age=0/);
    await expectGone(a);
    // A delivery in flight during the deletion records its attempt afterwards: nothing is written (H24).
    await recordAttempt(testEnv.DB, deliveryAttempt(a.webhookId, a.id));
    const rows = await rowsOf(a.id, a.email);
    expect([rows.webhook_deliveries, rows.webhook_events]).toEqual([0, 0]);
    const relogin = await call('/api/auth/login', {
      method: 'POST',
      json: { email: a.email, password: PASSWORD },
      headers: { 'CF-Connecting-IP': freshClientIp() },
    });
    expect(relogin.status).toBe(401);
    await register(a.email);
  });

  it('issue 24: a deletion that fails mid-way leaves the account closed to use, and the same request completes it', async () => {
    const a = await fullAccount('close-retry');
    // KV fails while the hosted links are deleted: after the mark and the RateLimiter, before webhooks and the row.
    const failingKv = new Proxy(testEnv.SNAPSHOTS, {
      get(target, prop) {
        if (prop === 'delete') return () => Promise.reject(new Error('KV unavailable (test)'));
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const failed = await sendWithEnv({ SNAPSHOTS: failingKv }, 'DELETE', '/api/auth/account', {
      json: { password: PASSWORD },
      headers: { Cookie: a.cookie },
    });
    expect(failed.res.status).toBe(500);
    // Half-way: the row and the webhooks are still there, and nothing of the account can be used; its links still
    // open (their KV keys are what failed to go, and an open reads no D1, H17) until the deletion is repeated.
    expect((await rowsOf(a.id, a.email)).webhooks).toBe(1);
    expect((await rowsOf(a.id, a.email)).accounts).toBe(1);
    for (const url of a.links) expect((await workerFetch(url)).status).toBe(200);
    expect((await call('/api/auth/me', { headers: { Authorization: `Bearer ${a.apiKey}` } })).status).toBe(401);
    expect((await call('/api/auth/me', { headers: { Cookie: a.other } })).status).toBe(401);
    const loginNow = await call('/api/auth/login', {
      method: 'POST',
      json: { email: a.email, password: PASSWORD },
      headers: { 'CF-Connecting-IP': freshClientIp() },
    });
    expect(loginNow.status).toBe(401);

    const retried = await close(a.cookie);
    expect(retried.status).toBe(200);
    await expectGone(a);
    await register(a.email);
    // Repeating it once more finds no session: nothing is left to delete.
    expect((await close(a.cookie)).status).toBe(401);
  });

  it('issue 24 (H25): a generate whose snapshot is written while the account is closed leaves no snapshot in KV and hands out no link', async () => {
    for (const when of ['before', 'after'] as const) {
      const a = await verifiedAccountWithKey(`close-race-${when}`);
      const id = await accountId(a.email);
      const written: string[] = [];
      // The deletion runs in full while the generate stores its snapshot: before or after the KV write lands.
      const racingKv = new Proxy(testEnv.SNAPSHOTS, {
        get(target, prop) {
          if (prop === 'put')
            return async (key: string, ...rest: [string]) => {
              written.push(key);
              if (when === 'before') await closeAccount(testEnv, id, Date.now());
              await target.put(key, ...rest);
              if (when === 'after') await closeAccount(testEnv, id, Date.now());
            };
          const value = Reflect.get(target, prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const { res } = await sendWithEnv({ SNAPSHOTS: racingKv }, 'POST', '/api/generate-invoice', {
        json: INVOICE,
        headers: { Authorization: `Bearer ${a.apiKey}` },
      });
      expect(res.status, when).toBe(401);
      expect(
        written.filter((k) => k.startsWith('snap:')),
        when,
      ).toHaveLength(1);
      for (const key of written) expect(await testEnv.SNAPSHOTS.get(key), `${when} ${key}`).toBeNull();
      expect((await rowsOf(id, a.email)).hosted_links, when).toBe(0);
    }
  });

  it('issue 24 (H17): more links than one request deletes: it deletes them in rounds, fails, and the repeat finishes', async () => {
    const a = await verifiedAccountWithKey('close-rounds');
    const id = await accountId(a.email);
    // The rounds' logic with small rounds (3 of 2 links; the route's are 3 of 100): 7 links, one left over.
    const rounds = { linksPerRound: 2, maxRounds: 3 };
    const perRequest = rounds.linksPerRound * rounds.maxRounds;
    // Seeded directly (rows and snapshot keys): what many generates would have left.
    const ids = Array.from(
      { length: perRequest + 1 },
      (_, i) => `rounds${id.slice(5, 13)}${String(i).padStart(4, '0')}`,
    );
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    await testEnv.DB.batch(
      ids.map((link) =>
        testEnv.DB.prepare('INSERT INTO hosted_links (id, account_id, expires_at) VALUES (?, ?, ?)').bind(
          link,
          id,
          expiresAt,
        ),
      ),
    );
    await Promise.all(ids.map((link) => testEnv.SNAPSHOTS.put(snapshotKey(link), '{}')));
    await testEnv.SNAPSHOTS.put(hostedPdfKey(ids[perRequest], 'pdf'), 'pdf');

    await expect(closeAccount(testEnv, id, Date.now(), rounds)).rejects.toThrow(/repeat the request/);
    const half = await rowsOf(id, a.email);
    expect([half.hosted_links, half.accounts]).toEqual([1, 1]);
    const leftOver = await testEnv.DB.prepare('SELECT id FROM hosted_links WHERE account_id = ?').bind(id).first('id');
    for (const link of ids.filter((l) => l !== leftOver))
      expect(await testEnv.SNAPSHOTS.get(snapshotKey(link)), link).toBeNull();
    expect(await testEnv.SNAPSHOTS.get(snapshotKey(leftOver as string))).not.toBeNull();
    expect((await call('/api/auth/me', { headers: { Authorization: `Bearer ${a.apiKey}` } })).status).toBe(401);

    // The repeat, through the route (a marked account's session still closes it).
    expect((await close(a.cookie)).status).toBe(200);
    expect(Object.entries(await rowsOf(id, a.email)).filter(([, n]) => n > 0)).toEqual([]);
    for (const key of [...ids.map(snapshotKey), hostedPdfKey(ids[perRequest], 'pdf')])
      expect(await testEnv.SNAPSHOTS.get(key), key).toBeNull();
  });

  it('issue 24 (H17): a failure in the RateLimiter step, then in the D1 batch of webhooks, each leaves a closable account; the third request completes', async () => {
    const a = await verifiedAccountWithKey('close-steps');
    const id = await accountId(a.email);
    const auth = { Authorization: `Bearer ${a.apiKey}` };
    expect((await call('/api/generate-invoice', { method: 'POST', json: INVOICE, headers: auth })).status).toBe(200);
    const hook = await call('/api/webhooks', {
      method: 'POST',
      json: { url: 'https://hooks.example.com/steps', events: ['invoice.generated'] },
      headers: auth,
    });
    expect(hook.status).toBe(201);
    const closeWith = (overrides: Record<string, unknown>) =>
      sendWithEnv(overrides, 'DELETE', '/api/auth/account', {
        json: { password: PASSWORD },
        headers: { Cookie: a.cookie },
      });

    // Step 2: the account's RateLimiter cannot be erased.
    const failingLimiter = new Proxy(testEnv.RATE_LIMITER, {
      get(target, prop) {
        if (prop === 'get')
          return (objectId: DurableObjectId) =>
            new Proxy(target.get(objectId), {
              get(stub, method) {
                if (method === 'eraseAccount') return () => Promise.reject(new Error('object unavailable (test)'));
                const value = Reflect.get(stub, method);
                return typeof value === 'function' ? value.bind(stub) : value;
              },
            });
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    expect((await closeWith({ RATE_LIMITER: failingLimiter })).res.status).toBe(500);
    let rows = await rowsOf(id, a.email);
    expect([rows.accounts, rows.hosted_links, rows.webhooks]).toEqual([1, 1, 1]);
    expect((await call('/api/auth/me', { headers: auth })).status).toBe(401);

    // Step 4: the D1 batch that deletes webhooks, their log and the usage copy fails.
    const sqlOf = new WeakMap<object, string>();
    const failingDb = new Proxy(testEnv.DB, {
      get(target, prop) {
        if (prop === 'prepare')
          return (sql: string) => {
            const statement = target.prepare(sql);
            return new Proxy(statement, {
              get(st, p) {
                if (p === 'bind')
                  return (...args: unknown[]) => {
                    const bound = st.bind(...args);
                    sqlOf.set(bound, sql);
                    return bound;
                  };
                const value = Reflect.get(st, p);
                return typeof value === 'function' ? value.bind(st) : value;
              },
            });
          };
        if (prop === 'batch')
          return (statements: D1PreparedStatement[]) =>
            statements.some((st) => sqlOf.get(st)?.startsWith('DELETE FROM webhooks'))
              ? Promise.reject(new Error('D1 unavailable (test)'))
              : target.batch(statements);
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    expect((await closeWith({ DB: failingDb })).res.status).toBe(500);
    rows = await rowsOf(id, a.email);
    expect([rows.accounts, rows.hosted_links, rows.webhooks]).toEqual([1, 0, 1]);

    expect((await close(a.cookie)).status).toBe(200);
    expect(Object.entries(await rowsOf(id, a.email)).filter(([, n]) => n > 0)).toEqual([]);
    expect(await limiterRows(id)).toBe(0);
  });

  it('issue 24: a wrong password is 401, counts against the login throttle and deletes nothing', async () => {
    const { email, cookie, apiKey } = await verifiedAccountWithKey('close-wrong');
    const ip = freshClientIp();
    const answers = await Promise.all(
      Array.from({ length: 11 }, () => close(cookie, { password: 'not my password' }, { 'CF-Connecting-IP': ip })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(10).fill(401), 429]);
    expect((await call('/api/auth/me', { headers: { Authorization: `Bearer ${apiKey}` } })).status).toBe(200);
    expect((await close(cookie, { password: PASSWORD }, { 'CF-Connecting-IP': ip })).status).toBe(429);
    expect(await accountId(email)).toMatch(/^acct_/);
  });

  it('issue 24: session only and a cookie write: an API key 403, a foreign Origin 403, text/plain 415, no session 401', async () => {
    const { email, cookie, apiKey } = await verifiedAccountWithKey('close-auth');
    const byKey = await call('/api/auth/account', {
      method: 'DELETE',
      json: { password: PASSWORD },
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(byKey.status).toBe(403);
    expect(((await byKey.json()) as Json).error.code).toBe('session_required');
    const foreign = await close(cookie, { password: PASSWORD }, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const plain = await call('/api/auth/account', {
      method: 'DELETE',
      body: JSON.stringify({ password: PASSWORD }),
      headers: { Cookie: cookie, 'Content-Type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    expect((await call('/api/auth/account', { method: 'DELETE', json: { password: PASSWORD } })).status).toBe(401);
    const extra = await close(cookie, { password: PASSWORD, confirm: true });
    expect(((await extra.json()) as Json).error.details[0]).toMatchObject({ path: 'confirm', rule: 'unknown_field' });
    expect(await accountId(email)).toMatch(/^acct_/);
  });
});
