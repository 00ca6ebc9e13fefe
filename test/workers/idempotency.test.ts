import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../workers/accounts/caller.ts';
import { createApp } from '../../workers/app.ts';
import { type IdempotencyOptions, withIdempotency } from '../../workers/idempotency/with-idempotency.ts';
import { admitRequest, peekUsage } from '../../workers/limits/admit-request.ts';
import { testEnv } from './accounts-fixtures.ts';

type Handler = (body: string) => Promise<Response>;

/** The real app (request ids, ApiError bodies) plus one test route wrapped in withIdempotency. */
function appWith(handler: Handler, scope = `acct_${crypto.randomUUID()}`, options: IdempotencyOptions = {}) {
  const app = createApp();
  app.post('/test/generate', async (c) => {
    const raw = await c.req.text();
    return withIdempotency(c, scope, raw, () => handler(raw), options);
  });
  const ctx = createExecutionContext();
  return (body: string, key?: string, path = '/test/generate') =>
    app.fetch(
      new Request(`http://localhost${path}`, {
        method: 'POST',
        body,
        headers: key === undefined ? {} : { 'Idempotency-Key': key },
      }),
      testEnv,
      ctx,
    );
}

function counting(response: (body: string, n: number) => Response | Promise<Response>) {
  const state = { calls: 0 };
  const handler: Handler = async (body) => {
    state.calls++;
    return response(body, state.calls);
  };
  return { state, handler };
}

const json = (n: number) =>
  new Response(JSON.stringify({ success: true, invoice: { number: `INV-${n}` } }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

describe('D8 idempotent retries', () => {
  it('without the header every request runs', async () => {
    const { state, handler } = counting((_b, n) => json(n));
    const send = appWith(handler);
    await send('{}');
    await send('{}');
    expect(state.calls).toBe(2);
  });

  it('the same key and body replays the first 2xx byte for byte with Idempotent-Replayed: true', async () => {
    const { state, handler } = counting((_b, n) => json(n));
    const send = appWith(handler);
    const first = await send('{"a":1}', 'key-1');
    const firstBody = await first.text();
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const again = await send('{"a":1}', 'key-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.headers.get('Content-Type')).toBe('application/json');
    expect(await again.text()).toBe(firstBody);
    expect(state.calls).toBe(1);
  });

  it('a multi-megabyte PDF replays identically, with status, Content-Type and Content-Disposition', async () => {
    const pdf = new Uint8Array(5 * 1024 * 1024 + 123);
    for (let i = 0; i < pdf.length; i += 65536)
      crypto.getRandomValues(pdf.subarray(i, Math.min(pdf.length, i + 65536)));
    const { state, handler } = counting(
      () =>
        new Response(pdf, {
          status: 200,
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="INV-1.pdf"' },
        }),
    );
    const send = appWith(handler);
    const first = new Uint8Array(await (await send('{"output":"pdf"}', 'pdf-key')).arrayBuffer());
    const replay = await send('{"output":"pdf"}', 'pdf-key');
    const bytes = new Uint8Array(await replay.arrayBuffer());
    expect(state.calls).toBe(1);
    expect(replay.headers.get('Content-Type')).toBe('application/pdf');
    expect(replay.headers.get('Content-Disposition')).toBe('attachment; filename="INV-1.pdf"');
    expect(bytes.length).toBe(pdf.length);
    expect(first.length).toBe(pdf.length);
    let same = true;
    for (let i = 0; i < pdf.length; i++)
      if (bytes[i] !== pdf[i]) {
        same = false;
        break;
      }
    expect(same).toBe(true);
  });

  it('the same key with a different body is 422 idempotency_key_conflict and runs nothing', async () => {
    const { state, handler } = counting((_b, n) => json(n));
    const send = appWith(handler);
    await send('{"a":1}', 'key-2');
    const other = await send('{"a":2}', 'key-2');
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ success: false, error: { code: 'idempotency_key_conflict' } });
    expect(state.calls).toBe(1);
  });

  it('the fingerprint includes the path', async () => {
    const app = createApp();
    const scope = `acct_${crypto.randomUUID()}`;
    let calls = 0;
    for (const path of ['/test/a', '/test/b'])
      app.post(path, (c) => withIdempotency(c, scope, '{}', async () => json(++calls)));
    const ctx = createExecutionContext();
    const post = (p: string) =>
      app.fetch(
        new Request(`http://localhost${p}`, { method: 'POST', body: '{}', headers: { 'Idempotency-Key': 'k' } }),
        testEnv,
        ctx,
      );
    expect((await post('/test/a')).status).toBe(200);
    expect((await post('/test/b')).status).toBe(422);
  });

  it('keys are scoped: another account with the same key runs its own request', async () => {
    const { state, handler } = counting((_b, n) => json(n));
    await appWith(handler, 'acct_one')('{}', `shared-${crypto.randomUUID()}`);
    const key = `shared-${crypto.randomUUID()}`;
    await appWith(handler, 'acct_one')('{}', key);
    const res = await appWith(handler, 'ip:203.0.113.9')('{}', key);
    expect(res.headers.get('Idempotent-Replayed')).toBeNull();
    expect(state.calls).toBe(3);
  });

  it('4xx and 5xx answers are not stored: the retry runs again and its 2xx is then kept', async () => {
    const { state, handler } = counting((_b, n) =>
      n === 1
        ? new Response('{"success":false}', { status: 400 })
        : n === 2
          ? new Response('oops', { status: 503 })
          : json(n),
    );
    const send = appWith(handler);
    expect((await send('{}', 'retry')).status).toBe(400);
    expect((await send('{}', 'retry')).status).toBe(503);
    expect((await send('{}', 'retry')).status).toBe(200);
    const replay = await send('{}', 'retry');
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(state.calls).toBe(3);
  });

  it('a thrown error frees the key', async () => {
    let calls = 0;
    const send = appWith(async () => {
      calls++;
      if (calls === 1) throw new Error('boom');
      return json(calls);
    });
    expect((await send('{}', 'throws')).status).toBe(500);
    expect((await send('{}', 'throws')).status).toBe(200);
    expect(calls).toBe(2);
  });

  it('the replay window is 24 hours', async () => {
    const scope = `acct_${crypto.randomUUID()}`;
    const { state, handler } = counting((_b, n) => json(n));
    const t = Date.now();
    await appWith(handler, scope, { now: t })('{}', 'day');
    expect(
      (await appWith(handler, scope, { now: t + 23 * 3600_000 })('{}', 'day')).headers.get('Idempotent-Replayed'),
    ).toBe('true');
    const later = await appWith(handler, scope, { now: t + 24 * 3600_000 + 60_000 })('{}', 'day');
    expect(later.headers.get('Idempotent-Replayed')).toBeNull();
    expect(state.calls).toBe(2);
  });

  it('D8: keys longer than 255 characters are refused', async () => {
    const send = appWith(async () => json(1));
    expect((await send('{}', 'k'.repeat(256))).status).toBe(400);
    expect((await send('{}', 'k'.repeat(255))).status).toBe(200);
  });

  it('D7: replays and conflicts count against no quota', async () => {
    const caller: Caller = {
      kind: 'account',
      accountId: `acct_${crypto.randomUUID()}`,
      email: 'q@example.com',
      tier: 'free',
      verified: true,
      via: 'api_key',
    };
    const send = appWith(
      async () => {
        const grant = await admitRequest(testEnv, caller, { documents: 1, pdfs: 0 });
        return new Response(JSON.stringify({ meta: grant.meta }), {
          headers: { 'Content-Type': 'application/json', ...grant.headers },
        });
      },
      caller.accountId,
      { extraHeaders: async () => (await peekUsage(testEnv, caller)).headers },
    );
    await send('{}', 'quota');
    const replay = await send('{}', 'quota');
    expect(replay.headers.get('X-RateLimit-Remaining-Hourly')).toBe('39');
    const conflict = await send('{"x":1}', 'quota');
    expect(conflict.status).toBe(422);
    expect(conflict.headers.get('X-RateLimit-Remaining-Hourly')).toBe('39');
    const usage = await peekUsage(testEnv, caller);
    expect(usage.meta.rate_limits.hourly!.used).toBe(1);
    expect(usage.headers['X-RateLimit-Remaining-Monthly']).toBe('99');
  });
});
