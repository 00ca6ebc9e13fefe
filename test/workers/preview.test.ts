// Issue 12 (W2): POST /api/preview renders the generate-invoice body as a PDF marked PREVIEW, for the
// web app's session only, storing nothing, emitting nothing and spending nothing of the plan; its own
// limit of 120 an hour is counted in the account's RateLimiter, exactly under concurrency.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../workers/index.ts';
import { PREVIEWS_PER_HOUR } from '../../workers/limits/admit-preview.ts';
import { BASE, login, register, testEnv, uniqueEmail, verifiedAccountWithKey } from './accounts-fixtures.ts';
import { assertDocumented } from './openapi-conformance-check.ts';
import { watchQueue } from './queue-fixtures.ts';

type Json = Record<string, any>;

const INVOICE = {
  from: { name: 'Acme' },
  to: { name: 'Client' },
  items: [{ description: 'Work', quantity: 2, unit_price: 50 }],
};
const LONG = {
  ...INVOICE,
  items: Array.from({ length: 75 }, (_, i) => ({
    description: `Consulting day ${i + 1}`,
    quantity: 1,
    unit_price: 500,
  })),
};

/** The Worker with the test env (so spies on its bindings see everything), held to /openapi.json. */
async function run(path: string, headers: Record<string, string>, body?: unknown): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await (worker as ExportedHandler<typeof testEnv>).fetch!(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }) as never,
    testEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  await assertDocumented('POST', `${BASE}${path}`, res);
  return res;
}

const preview = (cookie: string, body: unknown = INVOICE, headers: Record<string, string> = {}) =>
  run('/api/preview', { Cookie: cookie, ...headers }, body);

async function account() {
  const a = await verifiedAccountWithKey('preview');
  const { id } = (await testEnv.DB.prepare('SELECT id FROM accounts WHERE email = ?')
    .bind(a.email)
    .first<{ id: string }>())!;
  return { ...a, accountId: id, limiter: testEnv.RATE_LIMITER.get(testEnv.RATE_LIMITER.idFromName(`acct:${id}`)) };
}

/** Every page content stream of the PDF, inflated (they are zlib streams: FlateDecode). */
async function inflatedStreams(pdf: Uint8Array): Promise<string[]> {
  // One character per byte, so string offsets are byte offsets.
  let text = '';
  for (let i = 0; i < pdf.length; i += 0x8000) text += String.fromCharCode(...pdf.subarray(i, i + 0x8000));
  const out: string[] = [];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    let end = text.indexOf('endstream', start);
    while (end > start && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
    try {
      const stream = new Blob([pdf.slice(start, end)]).stream().pipeThrough(new DecompressionStream('deflate'));
      out.push(new TextDecoder().decode(await new Response(stream).arrayBuffer()));
    } catch {
      // not a zlib stream (an image, say)
    }
  }
  return out;
}

/** UTF-16BE hex of the watermark word, as the PDF's /ActualText spells it. */
const PREVIEW_HEX = `<feff${[...'PREVIEW'].map((ch) => ch.charCodeAt(0).toString(16).padStart(4, '0')).join('')}>`;

/** Holds the clock one second into an hour, so a window cannot roll over during a test. */
function holdClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 3_601_000);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('POST /api/preview (W2)', () => {
  it('answers an inline PDF with PREVIEW on every page of a long (3+ pages) invoice', async () => {
    const { cookie } = await account();
    const res = await preview(cookie, LONG);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toMatch(/^inline; filename="INV-\d{8}-[A-Z2-7]{6}-preview\.pdf"/);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    const streams = await inflatedStreams(pdf);
    const pages = streams.filter((s) => s.includes(' Tf\n'));
    // Each page has one content stream (packages/pdf writes them so), and each carries the mark once.
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages) expect(page.split(`/ActualText ${PREVIEW_HEX}`)).toHaveLength(2);
  });

  it('stores nothing, emits no webhook event and counts in none of the plan windows or the monthly quota', async () => {
    const { cookie, apiKey, limiter } = await account();
    const created = await run(
      '/api/webhooks',
      { Authorization: `Bearer ${apiKey}` },
      { url: 'https://hooks.example.com/p' },
    );
    expect(created.status).toBe(201);
    const kv = vi.spyOn(testEnv.SNAPSHOTS, 'put');
    const queue = watchQueue();
    const before = (await limiter.peek()) as Json;
    // Asking for a hosted link and a QR changes nothing: the preview has neither.
    for (const body of [INVOICE, { ...INVOICE, features: { hosted_link: true, qr: true } }])
      expect((await preview(cookie, body)).status).toBe(200);
    expect(kv).not.toHaveBeenCalled();
    expect(queue).not.toHaveBeenCalled();
    const after = (await limiter.peek()) as Json;
    expect(after.hour.count).toBe(before.hour.count);
    expect(after.week.count).toBe(before.week.count);
    expect(after.month).toEqual(before.month);
  });

  it('output is ignored: ubl, json or an unknown value still give the PDF', async () => {
    const { cookie } = await account();
    for (const output of ['ubl', 'json', 'docx']) {
      const res = await preview(cookie, { ...INVOICE, output });
      expect(res.status, output).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('application/pdf');
    }
  });

  it('the same validation as generate-invoice: 400 with its codes, and a refused body costs no preview', async () => {
    const { cookie, limiter } = await account();
    holdClock();
    const cases: [unknown, string][] = [
      [{ ...INVOICE, items: [] }, 'validation_error'],
      [{ ...INVOICE, invoice: { currency: 'XXX' } }, 'invalid_currency'],
      [{ ...INVOICE, template: 'fancy' }, 'invalid_template'],
    ];
    for (const [body, code] of cases) {
      const res = await preview(cookie, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).error.code).toBe(code);
    }
    const bad = await run('/api/preview', { Cookie: cookie }, undefined);
    expect(bad.status).toBe(400);
    // The next preview is the first counted one: the refused bodies took nothing.
    expect(await limiter.admitPreview({ limit: PREVIEWS_PER_HOUR })).toMatchObject({ count: 1 });
  });

  it('session only: an API key is 403 session_required (valid or not), no credentials 401, unverified 403', async () => {
    const { apiKey } = await account();
    for (const key of [apiKey, 'inv_sk_unknown']) {
      const res = await run('/api/preview', { Authorization: `Bearer ${key}` }, INVOICE);
      expect(res.status).toBe(403);
      expect(((await res.json()) as Json).error.code).toBe('session_required');
    }
    const anonymous = await run('/api/preview', {}, INVOICE);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as Json).error.code).toBe('auth_required');
    const email = uniqueEmail('preview-unverified');
    await register(email);
    const unverified = await preview(await login(email));
    expect(unverified.status).toBe(403);
    expect(((await unverified.json()) as Json).error.code).toBe('unverified_account');
  });

  it(`limit: the ${PREVIEWS_PER_HOUR + 1}st preview of the hour is 429 rate_limit_exceeded with Retry-After; generating is unaffected`, async () => {
    const { cookie, apiKey, limiter } = await account();
    holdClock();
    for (let i = 0; i < PREVIEWS_PER_HOUR - 1; i++) await limiter.admitPreview({ limit: PREVIEWS_PER_HOUR });
    expect((await preview(cookie)).status).toBe(200);
    const refused = await preview(cookie);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as Json).error.code).toBe('rate_limit_exceeded');
    expect(Number(refused.headers.get('Retry-After'))).toBe(3599);
    const generated = await run('/api/generate-invoice', { Authorization: `Bearer ${apiKey}` }, INVOICE);
    expect(generated.status).toBe(200);
    // The next hour starts afresh.
    vi.setSystemTime(Date.now() + 3_600_000);
    expect((await preview(cookie)).status).toBe(200);
  });

  it('concurrency: with 10 previews left, 20 parallel ones give exactly 10 PDFs and 10 × 429', async () => {
    const { cookie, limiter } = await account();
    holdClock();
    for (let i = 0; i < PREVIEWS_PER_HOUR - 10; i++) await limiter.admitPreview({ limit: PREVIEWS_PER_HOUR });
    const answers = await Promise.all(Array.from({ length: 20 }, () => preview(cookie)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(10).fill(429)]);
  });
});
