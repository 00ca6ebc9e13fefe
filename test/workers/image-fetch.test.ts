// H1/H2: logo and signature URLs go through the address policy before every hop, fail with one
// message, and stay within the request's fetch budget. The network is always a fake: a refused URL
// must never reach the fetcher, and nothing here leaves the test.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../workers/http/api-error.ts';
import { createImageFetches, type ImageFetchOptions } from '../../workers/invoices/image-fetches.ts';
import { IMAGE_URL_RULES, loadImage } from '../../workers/invoices/load-images.ts';
import type { Fetcher } from '../../workers/net/fetch-budget.ts';
import { call, verifiedAccountWithKey } from './accounts-fixtures.ts';

type Json = Record<string, any>;

/** A valid 1×1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);
const LOGO_REFUSED = `from.logo: ${IMAGE_URL_RULES}`;

/** A fake network: `answer` decides per URL; every call is recorded. */
function fakeNetwork(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: string[] = [];
  const fetcher = vi.fn<Fetcher>(async (url, init) => {
    calls.push(url);
    return answer(url, init);
  });
  return { fetcher, calls };
}

function fetchesWith(fetcher: Fetcher, opts: Omit<ImageFetchOptions, 'fetcher'> = {}, devMode = false) {
  return createImageFetches({ DEV_MODE: devMode ? 'true' : 'false' }, { fetcher, ...opts });
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

/** Resolves after `ms`, or rejects when `signal` aborts, like a real fetch that is slow to answer. */
function slow(ms: number, signal: AbortSignal | null | undefined, answer: () => Response): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(answer()), ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

afterEach(() => vi.restoreAllMocks());

describe('H1: image URLs are refused before any connection', () => {
  it.each([
    'https://localhost/logo.png',
    'https://2130706433/logo.png',
    'https://0x7f.1/logo.png',
    'https://0177.0.0.1/logo.png',
    'https://[::ffff:127.0.0.1]/logo.png',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/logo.png',
    'https://localhost./logo.png',
    'https://foo.localhost./logo.png',
    'https://[::7f00:1]/logo.png',
    'https://[::ffff:0:7f00:1]/logo.png',
    'https://[2002:7f00:1::1]/logo.png',
    'https://[2002:a9fe:a9fe::1]/logo.png',
    'https://[fec0::1]/logo.png',
    'https://[64:ff9b::a9fe:a9fe]/logo.png',
    'https://[fd00::1]/logo.png',
    'https://metadata.google.internal/logo.png',
  ])('%s: validation_error naming the field; the fetcher is never called', async (url) => {
    const { fetcher } = fakeNetwork(() => new Response(PNG));
    const err = await refusal(loadImage('from.logo', url, fetchesWith(fetcher)));
    expect(err).toMatchObject({ status: 400, code: 'validation_error', message: LOGO_REFUSED });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('DEV_MODE allows https://localhost and https://127.0.0.1 only', async () => {
    const { fetcher, calls } = fakeNetwork(() => new Response(PNG));
    const dev = fetchesWith(fetcher, {}, true);
    await expect(loadImage('from.logo', 'https://localhost:8443/logo.png', dev)).resolves.toMatchObject({
      mime: 'image/png',
    });
    await expect(loadImage('from.logo', 'https://127.0.0.1:8443/logo.png', dev)).resolves.toMatchObject({
      mime: 'image/png',
    });
    expect(calls).toEqual(['https://localhost:8443/logo.png', 'https://127.0.0.1:8443/logo.png']);
    await refusal(loadImage('from.logo', 'https://10.0.0.1/logo.png', dev));
    await refusal(loadImage('from.logo', 'https://[::1]/logo.png', dev));
    expect(calls).toHaveLength(2);
  });
});

describe('H1: every redirect hop is checked before it is contacted', () => {
  it.each([
    'https://169.254.169.254/latest/meta-data/',
    'https://[::ffff:a00:1]/x.png',
    'http://cdn.example.com/logo.png',
    '//10.0.0.1/logo.png',
    'https://0x7f.1/logo.png',
  ])('a 302 to %s is refused without fetching it', async (location) => {
    const { fetcher, calls } = fakeNetwork(() => new Response(null, { status: 302, headers: { Location: location } }));
    const err = await refusal(loadImage('signature', 'https://cdn.example.com/sig.png', fetchesWith(fetcher)));
    expect(err.message).toBe(`signature: ${IMAGE_URL_RULES}`);
    expect(calls).toEqual(['https://cdn.example.com/sig.png']);
  });

  it('redirects to public hosts are followed with redirect: manual, relative ones resolved against the hop', async () => {
    const { fetcher, calls } = fakeNetwork((url) => {
      if (url.endsWith('/a.png'))
        return new Response(null, { status: 301, headers: { Location: 'https://img.example.net/b.png' } });
      if (url.endsWith('/b.png')) return new Response(null, { status: 307, headers: { Location: '/c.png' } });
      return new Response(PNG);
    });
    const image = await loadImage('from.logo', 'https://cdn.example.com/a.png', fetchesWith(fetcher));
    expect(image.bytes).toEqual(PNG);
    expect(calls).toEqual([
      'https://cdn.example.com/a.png',
      'https://img.example.net/b.png',
      'https://img.example.net/c.png',
    ]);
    expect(fetcher.mock.calls.every(([, init]) => init.redirect === 'manual')).toBe(true);
  });

  it('at most 3 redirects: the fourth Location is never contacted', async () => {
    let n = 0;
    const { calls, fetcher } = fakeNetwork(
      () => new Response(null, { status: 302, headers: { Location: `https://cdn.example.com/${++n}.png` } }),
    );
    const err = await refusal(loadImage('from.logo', 'https://cdn.example.com/0.png', fetchesWith(fetcher)));
    expect(err.message).toBe(LOGO_REFUSED);
    expect(calls).toEqual([
      'https://cdn.example.com/0.png',
      'https://cdn.example.com/1.png',
      'https://cdn.example.com/2.png',
      'https://cdn.example.com/3.png',
    ]);
  });
});

describe('H2: one message for every image URL that gives nothing usable', () => {
  const outcomes: [string, (url: string, init: RequestInit) => Response | Promise<Response>][] = [
    ['404', () => new Response('not found', { status: 404 })],
    ['500', () => new Response(null, { status: 500 })],
    ['a 3xx without Location', () => new Response(null, { status: 304 })],
    ['a DNS failure', () => Promise.reject(new TypeError('DNS lookup failed'))],
    ['a refused connection', () => Promise.reject(new TypeError('Network connection lost.'))],
    ['a timeout', (_url, init) => slow(60_000, init.signal, () => new Response(PNG))],
    [
      'a timeout while the body streams',
      () => new Response(new ReadableStream({ start: (c) => c.enqueue(PNG.subarray(0, 8)) })),
    ],
    ['a body over 2.5 MB', () => new Response(new Uint8Array(2.5 * 1024 * 1024 + 1))],
    [
      'a Content-Length over 2.5 MB',
      () => new Response(PNG, { headers: { 'Content-Length': String(3 * 1024 * 1024) } }),
    ],
    ['content that is not PNG or JPEG', () => new Response('GIF89a')],
  ];
  it.each(outcomes)('%s answers the same validation_error', async (_, answer) => {
    const { fetcher } = fakeNetwork(answer);
    const started = Date.now();
    const err = await refusal(
      loadImage('from.logo', 'https://cdn.example.com/logo.png', fetchesWith(fetcher, { perImageMs: 200 })),
    );
    expect(err).toMatchObject({ status: 400, code: 'validation_error', message: LOGO_REFUSED });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a refused address and a timed-out or missing image are indistinguishable', async () => {
    const refused = await refusal(
      loadImage('from.logo', 'https://10.0.0.1/logo.png', fetchesWith(fakeNetwork(() => new Response(PNG)).fetcher)),
    );
    const timedOut = await refusal(
      loadImage(
        'from.logo',
        'https://cdn.example.com/logo.png',
        fetchesWith(fakeNetwork((_u, i) => slow(60_000, i.signal, () => new Response(PNG))).fetcher, {
          perImageMs: 100,
        }),
      ),
    );
    const missing = await refusal(
      loadImage(
        'from.logo',
        'https://cdn.example.com/logo.png',
        fetchesWith(fakeNetwork(() => new Response(null, { status: 404 })).fetcher),
      ),
    );
    expect(new Set([refused, timedOut, missing].map((e) => JSON.stringify(e.toBody())))).toEqual(
      new Set([
        JSON.stringify({
          success: false,
          error: {
            code: 'validation_error',
            message: LOGO_REFUSED,
            details: [{ path: 'from.logo', rule: 'image', message: IMAGE_URL_RULES }],
          },
        }),
      ]),
    );
  });
});

describe('H2: the fetches of one request are bounded', () => {
  it('at most N in flight, and all of them settle within the total budget', async () => {
    let inFlight = 0;
    let most = 0;
    const { fetcher, calls } = fakeNetwork(async (_url, init) => {
      inFlight++;
      most = Math.max(most, inFlight);
      try {
        return await slow(150, init.signal, () => new Response(PNG));
      } finally {
        inFlight--;
      }
    });
    const fetches = fetchesWith(fetcher, { budgetMs: 500, maxInFlight: 2, perImageMs: 5000 });
    const started = Date.now();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => loadImage('from.logo', `https://cdn.example.com/${i}.png`, fetches)),
    );
    const elapsed = Date.now() - started;
    expect(most).toBe(2);
    expect(elapsed).toBeLessThan(1500);
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBeGreaterThanOrEqual(2);
    expect(ok).toBeLessThan(12);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'validation_error', message: LOGO_REFUSED });
    // once the budget is spent, nothing more is started
    expect(calls.length).toBeLessThan(12);
  });

  it('a fetcher that ignores its abort signal still cannot hold the request past the budget', async () => {
    const { fetcher } = fakeNetwork(() => new Promise<Response>(() => {}));
    const fetches = fetchesWith(fetcher, { budgetMs: 300, perImageMs: 5000 });
    const started = Date.now();
    await refusal(loadImage('from.logo', 'https://cdn.example.com/hang.png', fetches));
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('one URL is fetched once per request, however many invoices use it', async () => {
    const { fetcher, calls } = fakeNetwork(() => new Response(PNG));
    const fetches = fetchesWith(fetcher);
    const images = await Promise.all(
      Array.from({ length: 5 }, () => loadImage('from.logo', 'https://cdn.example.com/logo.png', fetches)),
    );
    expect(images.every((i) => i.mime === 'image/png')).toBe(true);
    expect(calls).toEqual(['https://cdn.example.com/logo.png']);
  });
});

describe('H1/H2 through POST /api/generate-invoice', () => {
  it('a logo or signature URL on a non-public address is 400 validation_error naming the field; nothing is fetched', async () => {
    const { apiKey } = await verifiedAccountWithKey('imgssrf');
    const network = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('the test must not reach the network'));
    const base = {
      to: { name: 'Client' },
      items: [{ description: 'Work', quantity: 1, unit_price: 10 }],
      output: 'pdf',
    };
    for (const [body, field] of [
      [{ ...base, from: { name: 'A', logo: 'https://169.254.169.254/latest/meta-data/logo.png' } }, 'from.logo'],
      [{ ...base, from: { name: 'A' }, signature: 'https://[::ffff:7f00:1]/sig.png' }, 'signature'],
      [{ ...base, from: { name: 'A', logo: 'https://[2002:a00:1::1]/logo.png' } }, 'from.logo'],
    ] as const) {
      const res = await call('/api/generate-invoice', {
        method: 'POST',
        json: body,
        headers: { Authorization: `Bearer ${apiKey}` },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).error).toEqual({
        code: 'validation_error',
        message: `${field}: ${IMAGE_URL_RULES}`,
        details: [{ path: field, rule: 'image', message: IMAGE_URL_RULES }],
      });
    }
    expect(network).not.toHaveBeenCalled();
  });

  it('a batch whose image hosts never answer returns within the budget, each item failing with the one message', async () => {
    const { apiKey } = await verifiedAccountWithKey('imgbudget');
    const network = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation((_input, init) => slow(60_000, init?.signal, () => new Response(PNG)));
    const invoices = Array.from({ length: 12 }, (_, i) => ({
      from: { name: 'A', logo: `https://cdn${i}.example.com/logo.png` },
      to: { name: 'B' },
      items: [{ description: 'x', quantity: 1, unit_price: 1 }],
    }));
    const started = Date.now();
    const res = await call('/api/batch', {
      method: 'POST',
      json: { invoices },
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.results.map((r: Json) => r.error)).toEqual(
      invoices.map(() => ({
        code: 'validation_error',
        message: LOGO_REFUSED,
        details: [{ path: 'from.logo', rule: 'image', message: IMAGE_URL_RULES }],
      })),
    );
    expect(elapsed).toBeLessThan(13_000);
    // 4 in flight, 5 s each, 10 s in all: at most 8 of the 12 were ever started
    expect(network.mock.calls.length).toBeLessThanOrEqual(8);
  }, 30_000);
});
