import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../workers/crypto/sha256.ts';
import { webhookSubscribers } from '../../workers/limits/account-facts.ts';
import { decryptSecret, importEncryptionKey } from '../../workers/webhooks/webhook-secret.ts';
import { awaitEmail, call, login, register, uniqueEmail, verifiedAccountWithKey } from './accounts-fixtures.ts';

type Json = Record<string, any>;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

async function create(key: string, json: unknown) {
  return call('/api/webhooks', { method: 'POST', json, headers: bearer(key) });
}

describe('POST /api/webhooks', () => {
  it('spec + D10: 201 with the secret once; later reads show only secret_hint', async () => {
    const { apiKey } = await verifiedAccountWithKey('wh');
    const res = await create(apiKey, {
      url: 'https://hooks.example.com/in',
      events: ['invoice.generated', 'batch.generated'],
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json;
    expect(body.success).toBe(true);
    const hook = body.webhook;
    expect(hook).toEqual({
      id: expect.stringMatching(/^wh_[0-9A-Za-z]{24}$/),
      url: 'https://hooks.example.com/in',
      events: ['invoice.generated', 'batch.generated'],
      is_active: true,
      created_at: expect.any(Number),
      last_delivery_at: null,
      last_status: null,
      secret_hint: hook.secret.slice(-4),
      disabled_reason: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    expect(Math.abs(hook.created_at - Date.now() / 1000)).toBeLessThan(60);

    const one = (await (await call(`/api/webhooks/${hook.id}`, { headers: bearer(apiKey) })).json()) as Json;
    expect(one.webhook).toEqual({ ...hook, secret: undefined });
    expect(JSON.stringify(one)).not.toContain(hook.secret);
    const list = (await (await call('/api/webhooks', { headers: bearer(apiKey) })).json()) as Json;
    expect(list).toEqual({ success: true, webhooks: [one.webhook] });
    expect(JSON.stringify(list)).not.toContain(hook.secret);
  });

  it('D10: the secret is stored AES-GCM encrypted, never in clear', async () => {
    const { apiKey } = await verifiedAccountWithKey('wh');
    const hook = ((await (await create(apiKey, { url: 'https://hooks.example.com/enc' })).json()) as Json).webhook;
    const row = (await env.DB.prepare('SELECT * FROM webhooks WHERE id = ?').bind(hook.id).first()) as Json;
    expect(JSON.stringify(row)).not.toContain(hook.secret.slice(6));
    expect(await decryptSecret(await importEncryptionKey(env.WEBHOOK_ENCRYPTION_KEY), row.secret_ciphertext)).toBe(
      hook.secret,
    );
  });

  it('spec: events default to [invoice.generated]', async () => {
    const { apiKey } = await verifiedAccountWithKey('wh');
    const hook = ((await (await create(apiKey, { url: 'https://hooks.example.com/d' })).json()) as Json).webhook;
    expect(hook.events).toEqual(['invoice.generated']);
  });

  it('D10: http, private addresses and unknown events are 400 validation_error; localhost works in DEV_MODE', async () => {
    const { apiKey } = await verifiedAccountWithKey('wh');
    for (const json of [
      { url: 'http://hooks.example.com/x' },
      { url: 'https://10.0.0.8/x' },
      { url: 'https://169.254.169.254/x' },
      { url: 'https://192.168.0.10/x' },
      { url: 'https://hooks.example.com/x', events: ['invoice.deleted'] },
      { events: ['invoice.generated'] },
    ]) {
      const res = await create(apiKey, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as Json).error.code).toBe('validation_error');
    }
    // vitest.config.ts runs the worker with DEV_MODE='true'
    expect((await create(apiKey, { url: 'http://localhost:9999/hook' })).status).toBe(201);
    expect((await create(apiKey, { url: 'http://127.0.0.1:9999/hook' })).status).toBe(201);
  });

  it('D4: malformed JSON is 400 invalid_json', async () => {
    const { apiKey } = await verifiedAccountWithKey('wh');
    const res = await call('/api/webhooks', {
      method: 'POST',
      body: '{"url":',
      headers: { ...bearer(apiKey), 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error.code).toBe('invalid_json');
  });

  it('D10: at most 10 webhooks per account, also under concurrent creation', async () => {
    const { apiKey } = await verifiedAccountWithKey('wh');
    const results = await Promise.all(
      Array.from({ length: 13 }, (_, i) => create(apiKey, { url: `https://hooks.example.com/${i}` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(3);
    const refused = results.find((r) => r.status === 400)!;
    expect(((await refused.json()) as Json).error.message).toMatch(/at most 10/);
    const list = (await (await call('/api/webhooks', { headers: bearer(apiKey) })).json()) as Json;
    expect(list.webhooks).toHaveLength(10);
  });
});

describe('authentication (D4, D6)', () => {
  it('D4: no API key and no session → 401 auth_required on every webhook endpoint', async () => {
    for (const [method, path] of [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks'],
      ['GET', '/api/webhooks/wh_x'],
      ['DELETE', '/api/webhooks/wh_x'],
    ]) {
      const res = await call(path, { method, json: method === 'POST' ? { url: 'https://example.com/h' } : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(((await res.json()) as Json).error.code).toBe('auth_required');
    }
  });

  it('spec rule 4: an unknown key is 401 invalid_api_key', async () => {
    const res = await call('/api/webhooks', { headers: bearer('inv_sk_' + 'a'.repeat(40)) });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Json).error.code).toBe('invalid_api_key');
  });

  it('D4: the session cookie works like an API key (the dashboard manages webhooks with it)', async () => {
    const { cookie } = await verifiedAccountWithKey('wh');
    const res = await call('/api/webhooks', {
      method: 'POST',
      json: { url: 'https://hooks.example.com/cookie' },
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(201);
    const list = (await (await call('/api/webhooks', { headers: { Cookie: cookie } })).json()) as Json;
    expect(list.webhooks).toHaveLength(1);
  });

  it('D6: an unverified account gets 403 unverified_account', async () => {
    const email = uniqueEmail('whu');
    await register(email);
    const cookie = await login(email);
    const res = await call('/api/webhooks', { headers: { Cookie: cookie } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as Json).error.code).toBe('unverified_account');
  });
});

describe('GET / DELETE /api/webhooks/{id}', () => {
  it('spec: DELETE removes the webhook; a later GET is 404 not_found, a second DELETE too', async () => {
    const { apiKey } = await verifiedAccountWithKey('wh');
    const hook = ((await (await create(apiKey, { url: 'https://hooks.example.com/del' })).json()) as Json).webhook;
    const del = await call(`/api/webhooks/${hook.id}`, { method: 'DELETE', headers: bearer(apiKey) });
    expect(del.status).toBe(200);
    expect(((await del.json()) as Json).success).toBe(true);
    const get = await call(`/api/webhooks/${hook.id}`, { headers: bearer(apiKey) });
    expect(get.status).toBe(404);
    expect((await get.json()) as Json).toMatchObject({ success: false, error: { code: 'not_found' } });
    expect((await call(`/api/webhooks/${hook.id}`, { method: 'DELETE', headers: bearer(apiKey) })).status).toBe(404);
  });

  it('D10: another account neither sees nor deletes a webhook (404, as if missing)', async () => {
    const alice = await verifiedAccountWithKey('alice');
    const bob = await verifiedAccountWithKey('bob');
    const hook = ((await (await create(alice.apiKey, { url: 'https://hooks.example.com/alice' })).json()) as Json)
      .webhook;
    expect((await call(`/api/webhooks/${hook.id}`, { headers: bearer(bob.apiKey) })).status).toBe(404);
    expect((await call(`/api/webhooks/${hook.id}`, { method: 'DELETE', headers: bearer(bob.apiKey) })).status).toBe(
      404,
    );
    expect(((await (await call('/api/webhooks', { headers: bearer(bob.apiKey) })).json()) as Json).webhooks).toEqual(
      [],
    );
    expect((await call(`/api/webhooks/${hook.id}`, { headers: bearer(alice.apiKey) })).status).toBe(200);
  });

  it('D4: other methods are 405 method_not_allowed with Allow', async () => {
    const { apiKey } = await verifiedAccountWithKey('wh');
    const res = await call('/api/webhooks', { method: 'PUT', headers: bearer(apiKey) });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, POST');
    expect(((await res.json()) as Json).error.code).toBe('method_not_allowed');
    expect((await call('/api/webhooks/wh_1', { method: 'PUT', headers: bearer(apiKey) })).headers.get('Allow')).toBe(
      'GET, PATCH, DELETE',
    );
  });
});

describe('PATCH /api/webhooks/{id} (issue 27, W10)', () => {
  const patch = (id: string, json: unknown, headers: Record<string, string>) =>
    call(`/api/webhooks/${id}`, { method: 'PATCH', json, headers });
  const secretOf = async (id: string) =>
    ((await env.DB.prepare('SELECT secret_ciphertext FROM webhooks WHERE id = ?').bind(id).first()) as Json)
      .secret_ciphertext;

  it('issue 27: url, events and is_active change, alone or together; the secret does not', async () => {
    const { apiKey } = await verifiedAccountWithKey('whp');
    const made = ((await (await create(apiKey, { url: 'https://hooks.example.com/a' })).json()) as Json).webhook;
    const cipher = await secretOf(made.id);
    const res = await patch(
      made.id,
      { url: ' https://hooks.example.com/b ', events: ['batch.generated'] },
      bearer(apiKey),
    );
    expect(res.status).toBe(200);
    const changed = ((await res.json()) as Json).webhook;
    expect(changed).toEqual({
      ...made,
      secret: undefined,
      url: 'https://hooks.example.com/b',
      events: ['batch.generated'],
    });
    const paused = ((await (await patch(made.id, { is_active: false }, bearer(apiKey))).json()) as Json).webhook;
    expect(paused).toMatchObject({ is_active: false, url: 'https://hooks.example.com/b', events: ['batch.generated'] });
    expect(await secretOf(made.id)).toBe(cipher);
    const one = (await (await call(`/api/webhooks/${made.id}`, { headers: bearer(apiKey) })).json()) as Json;
    expect(one.webhook).toEqual(paused);
  });

  it('issue 27: the URL meets the address policy of creation; unknown fields, bad types and an empty body are 400', async () => {
    const { apiKey } = await verifiedAccountWithKey('whp');
    const made = ((await (await create(apiKey, { url: 'https://hooks.example.com/p' })).json()) as Json).webhook;
    for (const [json, path, rule] of [
      [{ url: 'http://hooks.example.com/x' }, 'url', 'format'],
      [{ url: 'https://10.0.0.8/x' }, 'url', 'format'],
      [{ url: 'https://metadata.internal/x' }, 'url', 'format'],
      [{ events: [] }, 'events', 'min_items'],
      [{ events: ['invoice.deleted'] }, 'events[0]', 'enum'],
      [{ is_active: 'yes' }, 'is_active', 'type'],
      [{ secret: 'whsec_mine' }, 'secret', 'unknown_field'],
      [{}, 'body', 'required'],
    ] as const) {
      const res = await patch(made.id, json, bearer(apiKey));
      expect(res.status, JSON.stringify(json)).toBe(400);
      const { error } = (await res.json()) as Json;
      expect(error.code).toBe('validation_error');
      expect(error.details[0], JSON.stringify(json)).toMatchObject({ path, rule });
    }
    const unchanged = (await (await call(`/api/webhooks/${made.id}`, { headers: bearer(apiKey) })).json()) as Json;
    expect(unchanged.webhook).toEqual({ ...made, secret: undefined });
    // vitest.config.ts runs the worker with DEV_MODE='true': a local receiver, as at creation
    expect((await patch(made.id, { url: 'http://localhost:9999/hook' }, bearer(apiKey))).status).toBe(200);
  });

  it('issue 27: another account gets 404 and changes nothing; the session works as a key, from this origin only', async () => {
    const alice = await verifiedAccountWithKey('alice');
    const bob = await verifiedAccountWithKey('bob');
    const hook = ((await (await create(alice.apiKey, { url: 'https://hooks.example.com/al' })).json()) as Json).webhook;
    const theirs = await patch(hook.id, { is_active: false }, bearer(bob.apiKey));
    expect(theirs.status).toBe(404);
    expect(((await theirs.json()) as Json).error.code).toBe('not_found');
    expect((await patch(hook.id, { is_active: false }, { Cookie: bob.cookie })).status).toBe(404);
    expect((await patch('wh_missing', { is_active: false }, bearer(alice.apiKey))).status).toBe(404);
    expect((await patch(hook.id, { is_active: false }, {})).status).toBe(401);
    const crossSite = await patch(
      hook.id,
      { is_active: false },
      { Cookie: alice.cookie, Origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    expect(
      ((await (await call(`/api/webhooks/${hook.id}`, { headers: bearer(alice.apiKey) })).json()) as Json).webhook
        .is_active,
    ).toBe(true);
    const own = await patch(hook.id, { is_active: false }, { Cookie: alice.cookie });
    expect(((await own.json()) as Json).webhook.is_active).toBe(false);
  });

  it('issue 27 (W11): resuming a webhook the service deactivated clears disabled_reason and the failure clock', async () => {
    const { apiKey } = await verifiedAccountWithKey('whp');
    const made = ((await (await create(apiKey, { url: 'https://hooks.example.com/r' })).json()) as Json).webhook;
    await env.DB.prepare('UPDATE webhooks SET is_active = 0, disabled_reason = ?, failing_since = 1 WHERE id = ?')
      .bind('Every delivery failed for 5 days', made.id)
      .run();
    const shown = (await (await call(`/api/webhooks/${made.id}`, { headers: bearer(apiKey) })).json()) as Json;
    expect(shown.webhook).toMatchObject({ is_active: false, disabled_reason: 'Every delivery failed for 5 days' });
    const resumed = ((await (await patch(made.id, { is_active: true }, bearer(apiKey))).json()) as Json).webhook;
    expect(resumed).toMatchObject({ is_active: true, disabled_reason: null });
    const row = (await env.DB.prepare('SELECT failing_since FROM webhooks WHERE id = ?').bind(made.id).first()) as Json;
    expect(row.failing_since).toBeNull();
  });
});

describe('webhooks tied to the key that created them (issue 26, W9)', () => {
  it("issue 26: every creation e-mails the owner; rotating the key deactivates the webhooks it created, not the session's, and tells the owner", async () => {
    const { apiKey, cookie, email } = await verifiedAccountWithKey('whk');
    const byKey = (await (await create(apiKey, { url: 'https://hooks.example.com/by-key' })).json()) as Json;
    const created = await awaitEmail(email, 'A webhook was added to your account');
    expect(created.text).toContain(`The API key ending in …${apiKey.slice(-4)} added a webhook`);
    expect(created.text).toContain('URL: https://hooks.example.com/by-key');
    expect(created.text).toContain('Events: invoice.generated');
    const bySession = (await (
      await call('/api/webhooks', {
        method: 'POST',
        json: { url: 'https://hooks.example.com/by-session', events: ['batch.generated'] },
        headers: { Cookie: cookie },
      })
    ).json()) as Json;
    const second = await awaitEmail(email, 'A webhook was added to your account', 1);
    expect(second.text).toContain('from the dashboard');
    expect(second.text).toContain('Events: batch.generated');
    const rows = await env.DB.prepare('SELECT id, created_by_key_hash FROM webhooks WHERE id IN (?, ?)')
      .bind(byKey.webhook.id, bySession.webhook.id)
      .all<{ id: string; created_by_key_hash: string | null }>();
    expect(Object.fromEntries(rows.results.map((r) => [r.id, r.created_by_key_hash]))).toEqual({
      [byKey.webhook.id]: await sha256Hex(apiKey),
      [bySession.webhook.id]: null,
    });

    const rotated = await call('/api/auth/generate-api-key', { method: 'POST', json: {}, headers: { Cookie: cookie } });
    const { api_key: newKey } = (await rotated.json()) as Json;
    const { webhooks } = (await (await call('/api/webhooks', { headers: bearer(newKey) })).json()) as Json;
    const hook = (id: string) => webhooks.find((w: Json) => w.id === id);
    expect(hook(byKey.webhook.id)).toMatchObject({
      is_active: false,
      disabled_reason: expect.stringMatching(
        /^the API key that created this webhook was rotated on \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
      ),
    });
    expect(hook(bySession.webhook.id)).toMatchObject({ is_active: true, disabled_reason: null });
    const notice = await awaitEmail(email, 'A webhook was deactivated');
    expect(notice.text).toContain(`${byKey.webhook.id}: https://hooks.example.com/by-key`);
    expect(notice.text).not.toContain(bySession.webhook.id);
    // The subscriptions the account's RateLimiter emits by agree (W7): only the session's webhook is left.
    const { id: accountId } = (await env.DB.prepare('SELECT id FROM accounts WHERE email = ?')
      .bind(email)
      .first<{ id: string }>())!;
    expect(await webhookSubscribers(env, accountId, 'invoice.generated')).toEqual([]);
    expect(await webhookSubscribers(env, accountId, 'batch.generated')).toEqual([bySession.webhook.id]);
  });
});
