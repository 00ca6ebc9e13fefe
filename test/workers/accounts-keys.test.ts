// Issue 26 (K1–K5): several named keys per account, session-only creation and deletion, the primary that
// generate-api-key rotates, and revocation that holds at once under concurrency (P-ACC2).
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedKeyOwner } from '../../workers/accounts/api-key-cache.ts';
import { apiKeyHash } from '../../workers/accounts/api-keys.ts';
import worker from '../../workers/index.ts';
import {
  awaitEmail,
  BASE,
  call,
  PLAIN_INVOICE as INVOICE,
  testEnv,
  verifiedAccountWithKey,
  workerFetch,
} from './accounts-fixtures.ts';
import { LEGACY, legacyRender } from './legacy-fixtures.ts';
import { consumedByWorker, emittedMessages, watchEmits } from './queue-fixtures.ts';

type Json = Record<string, any>;
const generate = (apiKey: string) =>
  call('/api/generate-invoice', { method: 'POST', json: INVOICE, headers: { Authorization: `Bearer ${apiKey}` } });
/** The Worker with the test env, its waitUntil work awaited (the last-used write runs there). */
async function generateAndWait(apiKey: string, json: unknown = INVOICE): Promise<Response> {
  const ctx = createExecutionContext();
  const req = new Request(`${BASE}/api/generate-invoice`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(json),
  });
  const res = await (worker as ExportedHandler<typeof testEnv>).fetch!(req as never, testEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
const asSession = (cookie: string) => ({ Cookie: cookie, 'Content-Type': 'application/json' });

async function createKey(cookie: string, name: string, mode: 'live' | 'test' = 'live') {
  const res = await call('/api/keys', { method: 'POST', headers: { Cookie: cookie }, json: { name, mode } });
  expect(res.status).toBe(201);
  return (await res.json()) as { api_key: string; key: Json };
}

async function listKeys(headers: Record<string, string>): Promise<Json[]> {
  const res = await call('/api/keys', { headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as Json).keys;
}

const deleteKey = (cookie: string, id: string) =>
  call(`/api/keys/${id}`, { method: 'DELETE', headers: asSession(cookie) });

describe('issue 26: several named keys per account', () => {
  it('issue 26: keys work side by side; deleting one leaves the others; the list never shows a key', async () => {
    const { apiKey: primary, cookie } = await verifiedAccountWithKey('keys-side');
    const ci = await createKey(cookie, 'CI server');
    const trial = await createKey(cookie, 'Trying out', 'test');
    expect(ci.api_key).toMatch(/^inv_sk_[0-9A-Za-z]{40}$/);
    expect(trial.api_key).toMatch(/^inv_test_[0-9A-Za-z]{40}$/);
    expect(ci.key).toMatchObject({ name: 'CI server', mode: 'live', primary: false, last4: ci.api_key.slice(-4) });

    for (const key of [primary, ci.api_key, trial.api_key]) expect((await generate(key)).status).toBe(200);
    // Any key may list the keys (K2); neither the keys nor their hashes are in the list.
    const listed = await listKeys({ Authorization: `Bearer ${ci.api_key}` });
    expect(listed.map((k) => [k.name, k.mode, k.primary])).toEqual([
      ['Primary key', 'live', true],
      ['CI server', 'live', false],
      ['Trying out', 'test', false],
    ]);
    const text = JSON.stringify(listed);
    for (const key of [primary, ci.api_key, trial.api_key]) {
      expect(text).not.toContain(key.slice(7));
      expect(text).not.toContain(await apiKeyHash(key));
    }

    expect((await deleteKey(cookie, ci.key.id)).status).toBe(200);
    const refused = await generate(ci.api_key);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as Json).error.code).toBe('invalid_api_key');
    expect((await generate(primary)).status).toBe(200);
    expect((await generate(trial.api_key)).status).toBe(200);
    expect((await listKeys(asSession(cookie))).map((k) => k.name)).toEqual(['Primary key', 'Trying out']);
    expect((await deleteKey(cookie, ci.key.id)).status).toBe(404);
  });

  it('issue 26 (W9): deleting a key deactivates the webhooks it created, says why and tells the owner', async () => {
    const { email, cookie } = await verifiedAccountWithKey('keys-hooks');
    const ci = await createKey(cookie, 'CI server');
    const hook = async (headers: Record<string, string>, url: string) => {
      const res = await call('/api/webhooks', { method: 'POST', headers, json: { url } });
      expect(res.status).toBe(201);
      return ((await res.json()) as Json).webhook.id as string;
    };
    const byKey = await hook({ Authorization: `Bearer ${ci.api_key}` }, 'https://hooks.example.com/by-key');
    const bySession = await hook({ Cookie: cookie }, 'https://hooks.example.com/by-session');
    expect((await deleteKey(cookie, ci.key.id)).status).toBe(200);
    const res = await call('/api/webhooks', { headers: { Cookie: cookie } });
    const hooks = ((await res.json()) as Json).webhooks as Json[];
    const of = (id: string) => hooks.find((h) => h.id === id)!;
    expect(of(byKey).is_active).toBe(false);
    expect(of(byKey).disabled_reason).toMatch(/^the API key that created this webhook was deleted on \d{4}-\d\d-\d\d/);
    expect(of(bySession)).toMatchObject({ is_active: true, disabled_reason: null });
    const mail = await awaitEmail(email, 'A webhook was deactivated');
    expect(mail.text).toContain('https://hooks.example.com/by-key');
  });

  it('issue 26 (K2): a key may list keys but not create or delete them; another account’s key id is 404', async () => {
    const { apiKey, cookie } = await verifiedAccountWithKey('keys-who');
    const other = await verifiedAccountWithKey('keys-other');
    const theirs = await createKey(other.cookie, 'Theirs');

    const byKey = await call('/api/keys', {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}` },
      json: { name: 'Sneaky', mode: 'live' },
    });
    expect(byKey.status).toBe(403);
    expect(((await byKey.json()) as Json).error.code).toBe('session_required');
    const delByKey = await call(`/api/keys/${theirs.key.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(delByKey.status).toBe(403);

    expect((await deleteKey(cookie, theirs.key.id)).status).toBe(404);
    expect((await generate(theirs.api_key)).status).toBe(200);
    expect((await listKeys(asSession(cookie))).map((k) => k.name)).toEqual(['Primary key']);
  });

  it('issue 26 (K1): at most 10 unrevoked keys per account, the primary included', async () => {
    const { cookie } = await verifiedAccountWithKey('keys-max');
    for (let i = 2; i <= 10; i++) await createKey(cookie, `Key ${i}`, i % 2 ? 'live' : 'test');
    const eleventh = await call('/api/keys', {
      method: 'POST',
      headers: { Cookie: cookie },
      json: { name: 'One too many', mode: 'live' },
    });
    expect(eleventh.status).toBe(400);
    const body = (await eleventh.json()) as Json;
    expect(body.error.code).toBe('validation_error');
    expect(body.error.details[0].rule).toBe('max_items');
    expect(await listKeys(asSession(cookie))).toHaveLength(10);
  });

  it('issue 26 (spec): generate-api-key rotates the primary only; a named key cannot rotate it', async () => {
    const { apiKey: primary, cookie } = await verifiedAccountWithKey('keys-rot');
    const named = await createKey(cookie, 'Named');
    const byNamed = await call('/api/auth/generate-api-key', {
      method: 'POST',
      headers: { Authorization: `Bearer ${named.api_key}` },
    });
    expect(byNamed.status).toBe(403);
    expect(((await byNamed.json()) as Json).error.code).toBe('session_required');

    // The primary may replace itself.
    const rotated = await call('/api/auth/generate-api-key', {
      method: 'POST',
      headers: { Authorization: `Bearer ${primary}` },
    });
    expect(rotated.status).toBe(200);
    const fresh = ((await rotated.json()) as Json).api_key as string;
    expect((await generate(primary)).status).toBe(401);
    expect((await generate(fresh)).status).toBe(200);
    expect((await generate(named.api_key)).status).toBe(200);
    const keys = await listKeys(asSession(cookie));
    expect(keys.filter((k) => k.primary).map((k) => k.last4)).toEqual([fresh.slice(-4)]);
    const me = (await (await call('/api/auth/me', { headers: asSession(cookie) })).json()) as Json;
    expect(me.user.api_key).toBe(`inv_sk_…${fresh.slice(-4)}`);
  });

  it('issue 26 (K5): a key’s use shows as last_used_at, without a D1 write per call', async () => {
    const { cookie } = await verifiedAccountWithKey('keys-used');
    const made = await createKey(cookie, 'Used');
    expect((await listKeys(asSession(cookie)))[1].last_used_at).toBeNull();
    const before = Date.now();
    expect((await generateAndWait(made.api_key)).status).toBe(200);
    expect((await listKeys(asSession(cookie)))[1].last_used_at).toBeGreaterThanOrEqual(before);
    const first = (await listKeys(asSession(cookie)))[1].last_used_at;
    const writes = vi.spyOn(testEnv.DB, 'prepare');
    expect((await generateAndWait(made.api_key)).status).toBe(200);
    // Within the hour this isolate does not write again (the key's owner comes from the cache: no D1 at all).
    expect(writes).not.toHaveBeenCalled();
    writes.mockRestore();
    expect((await listKeys(asSession(cookie)))[1].last_used_at).toBe(first);
  });
});

describe('issue 26 (K4): deletion and rotation hold at once under concurrency', () => {
  /** 10 calls in flight while `revoke` runs, 10 more started once it answered: none of those may succeed. */
  async function raceAgainst(apiKey: string, revoke: () => Promise<Response>) {
    expect((await generate(apiKey)).status).toBe(200);
    expect(cachedKeyOwner((await apiKeyHash(apiKey))!, Date.now())).not.toBeNull();
    const during = Array.from({ length: 10 }, () => generate(apiKey));
    const revoked = await revoke();
    expect(revoked.status).toBe(200);
    const after = await Promise.all(Array.from({ length: 10 }, () => generate(apiKey)));
    expect(after.map((r) => r.status)).toEqual(Array(10).fill(401));
    // The calls in flight either were admitted before the revocation reached the RateLimiter or are refused.
    for (const r of await Promise.all(during)) expect([200, 401]).toContain(r.status);
  }

  it('issue 26: 20 parallel calls around a DELETE never see the deleted key succeed after the DELETE answered', async () => {
    const { apiKey: primary, cookie } = await verifiedAccountWithKey('keys-race-del');
    const doomed = await createKey(cookie, 'Doomed');
    await raceAgainst(doomed.api_key, () => deleteKey(cookie, doomed.key.id));
    expect((await generate(primary)).status).toBe(200);
  });

  it('issue 26: 20 parallel calls around a rotation never see the old primary succeed after the rotation answered', async () => {
    const { apiKey: primary, cookie } = await verifiedAccountWithKey('keys-race-rot');
    const named = await createKey(cookie, 'Stays');
    await raceAgainst(primary, () =>
      call('/api/auth/generate-api-key', { method: 'POST', headers: asSession(cookie) }),
    );
    expect((await generate(named.api_key)).status).toBe(200);
  });
});

describe('issue 26 (K6): test keys', () => {
  afterEach(() => vi.restoreAllMocks());

  it('issue 26: a test key answers livemode false, spends no plan window, and its hosted link says so too', async () => {
    const { apiKey: live, cookie } = await verifiedAccountWithKey('keys-test-mode');
    const { api_key: test } = await createKey(cookie, 'Sandbox', 'test');
    const tested = await generate(test);
    expect(tested.status).toBe(200);
    expect(((await tested.json()) as Json).livemode).toBe(false);
    // Its own window: 200 test calls an hour, shown in the same headers.
    expect(tested.headers.get('X-RateLimit-Limit-Hourly')).toBe('200');
    expect(tested.headers.get('X-RateLimit-Remaining-Hourly')).toBe('199');
    expect((await generate(test)).headers.get('X-RateLimit-Remaining-Hourly')).toBe('198');

    const lived = await generate(live);
    expect(((await lived.json()) as Json).livemode).toBe(true);
    // The free plan's 40 an hour: only this live call counted, not the two test calls.
    expect(lived.headers.get('X-RateLimit-Remaining-Hourly')).toBe('39');
    expect(lived.headers.get('X-RateLimit-Remaining-Monthly')).toBe('99');

    const hosted = await call('/api/generate-invoice', {
      method: 'POST',
      headers: { Authorization: `Bearer ${test}` },
      json: { ...INVOICE, features: { hosted_link: true, qr: false } },
    });
    const { invoice } = (await hosted.json()) as Json;
    expect(invoice.notes).toMatch(/^TEST DOCUMENT/);
    const opened = await workerFetch(`${invoice.hosted_url}&format=json`);
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as Json).livemode).toBe(false);
    // The document list (H20) knows the test document as such (the others had no hosted link, so are not listed).
    const listed = async (livemode: boolean) => {
      const res = await call(`/api/documents?livemode=${livemode}`, { headers: { Authorization: `Bearer ${live}` } });
      return (((await res.json()) as Json).documents as Json[]).map((d) => [d.livemode, d.hosted_url]);
    };
    expect(await listed(false)).toEqual([[false, invoice.hosted_url]]);
    expect(await listed(true)).toEqual([]);
  });

  it('issue 26: a test key’s UBL and CII carry the test note (BT-22); a live key’s do not', async () => {
    const { apiKey: live, cookie } = await verifiedAccountWithKey('keys-test-xml');
    const { api_key: test } = await createKey(cookie, 'Sandbox', 'test');
    const xml = async (key: string, output: string) => {
      const res = await call('/api/generate-invoice', {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}` },
        json: { ...INVOICE, output },
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    expect(await xml(test, 'ubl')).toMatch(/<cbc:Note>TEST DOCUMENT – not a valid invoice/);
    expect(await xml(test, 'cii')).toMatch(/<ram:Content>TEST DOCUMENT – not a valid invoice/);
    expect(await xml(live, 'ubl')).not.toContain('TEST DOCUMENT');
  });

  it('issue 26: events of a test key’s documents say livemode false, a live key’s true', async () => {
    const { apiKey: live, cookie } = await verifiedAccountWithKey('keys-test-events');
    const { api_key: test } = await createKey(cookie, 'Sandbox', 'test');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: 204 }));
    const hook = await call('/api/webhooks', {
      method: 'POST',
      headers: { Authorization: `Bearer ${live}` },
      json: { url: 'https://hooks.example.com/keys' },
    });
    expect(hook.status).toBe(201);
    const hookId = ((await hook.json()) as Json).webhook.id;
    const send = watchEmits();
    expect((await generateAndWait(test)).status).toBe(200);
    expect((await generateAndWait(live)).status).toBe(200);
    expect(emittedMessages(send).map((m) => m.event?.livemode)).toEqual([false, true]);
    // Both delivered (to the mocked receiver) before the mock goes, so the queue retries nothing afterwards.
    await consumedByWorker(hookId, 2);
  });

  it('issue 26 (spec rule 8): a test key on /api/render is 401 naming the reason', async () => {
    const { cookie } = await verifiedAccountWithKey('keys-test-render');
    const { api_key: test } = await createKey(cookie, 'Sandbox', 'test');
    const res = await legacyRender(test, LEGACY);
    expect(res.status).toBe(401);
    const body = (await res.json()) as Json;
    expect(JSON.stringify(body)).toMatch(/Test keys \(inv_test_…\) cannot call \/api\/render/);
  });
});
