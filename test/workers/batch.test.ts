import { describe, expect, it } from 'vitest';
import { call, testEnv, verifiedAccountWithKey } from './accounts-fixtures.ts';

type Json = Record<string, any>;
const invoice = (n: number) => ({
  from: { name: 'Acme' },
  to: { name: `Client ${n}` },
  invoice: { number: `B-${n}` },
  items: [{ description: 'Work', quantity: 1, unit_price: 10 * n }],
});

async function batch(key: string | undefined, body: unknown, headers: Record<string, string> = {}) {
  return call('/api/batch', {
    method: 'POST',
    json: body,
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers },
  });
}

describe('POST /api/batch', () => {
  it('D4: without credentials it is 401 auth_required', async () => {
    const res = await batch(undefined, { invoices: [invoice(1)] });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Json).error.code).toBe('auth_required');
  });

  it.each([
    [{ invoices: [] }, 'at least 1', [['invoices', 'min_items']]],
    // Issue 21 (V2): the 51st invoice is named by its rule, on the array.
    [{ invoices: Array.from({ length: 51 }, (_, i) => invoice(i)) }, 'at most 50', [['invoices', 'max_items']]],
    [
      { nope: 1 },
      'invoices',
      [
        ['invoices', 'required'],
        ['nope', 'unknown_field'],
      ],
    ],
  ])('an empty, oversized or missing array is 400 validation_error naming its rule (%#)', async (body, text, rules) => {
    const { apiKey } = await verifiedAccountWithKey('b400');
    const res = await batch(apiKey, body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as Json;
    expect(json.error.code).toBe('validation_error');
    expect(json.error.message).toContain(text);
    expect(json.error.details.map((d: Json) => [d.path, d.rule])).toEqual(rules);
  });

  it('a bad item fails alone; results keep input order; each success has a hosted_url', async () => {
    const { apiKey } = await verifiedAccountWithKey('bmix');
    const bad = { from: { name: 'A' }, to: { name: 'B' }, items: [{ description: 'x', unit_price: -1 }] };
    const res = await batch(apiKey, {
      invoices: [invoice(1), bad, invoice(3), { ...invoice(4), invoice: { currency: 'XYZ' } }],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.success).toBe(true);
    expect(body.count).toBe(4);
    expect(body.results.map((r: Json) => [r.index, r.success])).toEqual([
      [0, true],
      [1, false],
      [2, true],
      [3, false],
    ]);
    expect(body.results[0].invoice.number).toBe('B-1');
    expect(body.results[2].invoice.grand_total).toBe(30);
    expect(body.results[0].invoice.hosted_url).toMatch(/\/api\/i\/[0-9A-Za-z]{22}\?t=/);
    expect(body.results[1].error).toEqual({
      code: 'validation_error',
      message: expect.stringContaining('items[0].unit_price'),
      details: [{ path: 'items[0].unit_price', rule: expect.any(String), message: expect.any(String) }],
    });
    expect(body.results[3].error.code).toBe('invalid_currency');
    expect(body.meta).toMatchObject({ requested: 4, generated: 2, rate_limited: false });
    // D7: every item counts one call.
    expect(body.meta.credits_remaining.hourly).toBe(36);
    const hosted = await call(
      new URL(body.results[2].invoice.hosted_url).pathname
        + new URL(body.results[2].invoice.hosted_url).search
        + '&format=json',
    );
    expect(((await hosted.json()) as Json).invoice.number).toBe('B-3');
  });

  it('D7: when the hourly window runs out mid-batch the remaining items fail with rate_limit_hourly', async () => {
    const { apiKey } = await verifiedAccountWithKey('blimit');
    // Use 35 of the free plan's 40 per hour first.
    const first = await batch(apiKey, { invoices: Array.from({ length: 35 }, (_, i) => invoice(i + 1)) });
    expect(((await first.json()) as Json).meta.generated).toBe(35);
    const res = await batch(apiKey, { invoices: Array.from({ length: 8 }, (_, i) => invoice(i + 1)) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.meta).toMatchObject({ requested: 8, generated: 5, rate_limited: true });
    expect(body.results.slice(5).every((r: Json) => !r.success && r.error.code === 'rate_limit_hourly')).toBe(true);
    expect(res.headers.get('X-RateLimit-Remaining-Hourly')).toBe('0');
    // Nothing left at all: the whole call is refused.
    const none = await batch(apiKey, { invoices: [invoice(1)] });
    expect(none.status).toBe(429);
    expect(none.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('D8: Idempotency-Key replays the batch byte for byte without counting it again', async () => {
    const { apiKey } = await verifiedAccountWithKey('bidem');
    const body = { invoices: [invoice(1), invoice(2)] };
    const a = await batch(apiKey, body, { 'Idempotency-Key': 'batch-1' });
    const b = await batch(apiKey, body, { 'Idempotency-Key': 'batch-1' });
    expect(b.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await b.text()).toBe(await a.text());
    const c = await batch(apiKey, { invoices: [invoice(9)] });
    expect(((await c.json()) as Json).meta.credits_remaining.hourly).toBe(37);
  });

  it('D9: batch stores one snapshot per successful item', async () => {
    const { apiKey } = await verifiedAccountWithKey('bsnap');
    const res = await batch(apiKey, { invoices: [invoice(1), invoice(2), invoice(3)] });
    const body = (await res.json()) as Json;
    for (const r of body.results) {
      const id = new URL(r.invoice.hosted_url).pathname.split('/').pop()!;
      expect(await testEnv.SNAPSHOTS.get(`snap:${id}`)).not.toBeNull();
    }
  });
});
