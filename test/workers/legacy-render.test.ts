import { describe, expect, it, vi } from 'vitest';
import { SNAPSHOT_INTERVAL_MS } from '../../workers/limits/usage-snapshot.ts';
import { call, login, testEnv } from './accounts-fixtures.ts';
import { jpeg, PNG_1X1, pngHeaderOnly, toBase64 } from './image-fixtures.ts';
import {
  creditsOf,
  decodeBase64,
  type Json,
  LEGACY,
  legacyAccount,
  legacyRender,
  setCreditsTotal,
  unverifiedKey,
} from './legacy-fixtures.ts';
import { big, exhaust, outage, sendWithEnv } from './openapi-conformance-requests.ts';

async function legacyError(res: Response) {
  const body = (await res.json()) as Json;
  // The legacy body (spec: Errors): never the current interface's `{error: {code, message}}`; beside the
  // spec's three keys, the fields and rules as `details` (issue 21), in legacy names.
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'error', 'success']);
  expect(body.success).toBe(false);
  expect(typeof body.error).toBe('string');
  const details = body.details as { path: string; rule: string; message: string }[];
  if (details.length > 0) expect(details.map((d) => `${d.path}: ${d.message}`).join('; ')).toBe(body.error);
  return { status: res.status, code: body.code as string, error: body.error as string, details, headers: res.headers };
}

describe('POST /api/render: the legacy success answer (D11)', () => {
  it('D11: renders with the raw key and answers the legacy success shape', async () => {
    const { apiKey } = await legacyAccount();
    const res = await legacyRender(apiKey, LEGACY);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    const pdf = decodeBase64(body.pdf);
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(body).toEqual({
      success: true,
      pdf: body.pdf,
      credits: { remaining: 49, used: 1, userType: 'api', verified: true },
      mode: 'api',
      metadata: {
        template: 'neat-pro',
        language: 'en',
        direction: 'ltr',
        fileSize: pdf.byteLength,
        creditsRemaining: 49,
        itemsCount: 2,
        hasLogo: false,
        hasSignature: false,
      },
    });
  });

  it('D11: a Bearer-prefixed key is accepted too (decision L2)', async () => {
    const { apiKey } = await legacyAccount();
    expect((await legacyRender(`Bearer ${apiKey}`, LEGACY)).status).toBe(200);
  });

  it('D11: ar and ar-e are right-to-left; the answer echoes the legacy language and template', async () => {
    const { apiKey } = await legacyAccount();
    for (const lang of ['ar', 'ar-e'] as const) {
      const body = (await (await legacyRender(apiKey, { ...LEGACY, lang, template: 'cool-waves-pro' })).json()) as Json;
      expect(body.metadata).toMatchObject({ language: lang, direction: 'rtl', template: 'cool-waves-pro' });
    }
  });

  it('D5/D11: logo and signature as base64 with or without a data: prefix, PNG or JPEG', async () => {
    const { apiKey } = await legacyAccount();
    const res = await legacyRender(apiKey, {
      ...LEGACY,
      logo: `data:image/png;base64,${toBase64(PNG_1X1)}`,
      sig: toBase64(jpeg(40, 20)),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).metadata).toMatchObject({ hasLogo: true, hasSignature: true });
  });

  it('D11: empty strings and nulls in optional fields count as not given', async () => {
    const { apiKey } = await legacyAccount();
    const res = await legacyRender(apiKey, {
      ...LEGACY,
      due: '',
      po: null,
      logo: '',
      rows: [{ desc: 'Work', qty: 1, rate: 5, disc: '', tax: null }],
    });
    expect(res.status).toBe(200);
  });
});

describe('POST /api/render: authentication (spec: Authentication rule 8)', () => {
  it('401 API_KEY_REQUIRED without an Authorization header, or with an empty one', async () => {
    for (const header of [undefined, '', '   ']) {
      const e = await legacyError(await legacyRender(header, LEGACY));
      expect([e.status, e.code]).toEqual([401, 'API_KEY_REQUIRED']);
    }
  });

  it('401 INVALID_API_KEY for an unknown or malformed key', async () => {
    for (const header of ['inv_sk_unknown', `inv_sk_${'A'.repeat(40)}`, 'Basic abc', 'Bearer ']) {
      const e = await legacyError(await legacyRender(header, LEGACY));
      expect([e.status, e.code], header).toEqual([401, 'INVALID_API_KEY']);
      // The legacy header form, not the current interface's `Bearer` (spec: Authentication rule 8).
      expect(e.error).toMatch(/Authorization: inv_sk_…$/);
    }
  });

  it('D6: a rotated key is refused on its next use; the new key works at once', async () => {
    const { apiKey, cookie } = await legacyAccount();
    expect((await legacyRender(apiKey, LEGACY)).status).toBe(200);
    const rotated = await call('/api/auth/generate-api-key', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    });
    const { api_key: newKey } = (await rotated.json()) as Json;
    const e = await legacyError(await legacyRender(apiKey, LEGACY));
    expect([e.status, e.code]).toEqual([401, 'INVALID_API_KEY']);
    expect(e.error).toMatch(/Authorization: inv_sk_…$/);
    expect((await legacyRender(newKey, LEGACY)).status).toBe(200);
  });

  it('403 EMAIL_VERIFICATION_REQUIRED for the key of an unverified account', async () => {
    const e = await legacyError(await legacyRender(await unverifiedKey(), LEGACY));
    expect([e.status, e.code]).toEqual([403, 'EMAIL_VERIFICATION_REQUIRED']);
  });
});

describe('POST /api/render: refusals in the legacy body (spec: Errors, legacy table)', () => {
  let refusals: ReturnType<typeof legacyAccount> | undefined;
  /** Made once for the table below (18 refusals: 18 calls of the hourly window of 40). */
  const refusalsAccount = () => {
    refusals ??= legacyAccount();
    return refusals;
  };

  it('400 INVALID_JSON for a body that is not JSON', async () => {
    const { apiKey } = await legacyAccount();
    for (const body of ['{"title":', '']) {
      const res = await call('/api/render', {
        method: 'POST',
        body,
        headers: { Authorization: apiKey, 'Content-Type': 'application/json' },
      });
      const e = await legacyError(res);
      expect([e.status, e.code]).toEqual([400, 'INVALID_JSON']);
    }
  });

  it.each([
    ['a missing title', { title: undefined }, /^title: is required/],
    [
      'a number with a decimal comma',
      { rows: [{ desc: 'x', qty: '1,5', rate: 1 }] },
      /^rows\[0\]\.qty: must be a number or a numeric string/,
    ],
    ['a rate that is no number', { rows: [{ desc: 'x', qty: 1, rate: true }] }, /^rows\[0\]\.rate: must be a number/],
    ['a negative quantity', { rows: [{ desc: 'x', qty: '-1', rate: 1 }] }, /^rows\[0\]\.qty: must be between 0 and/],
    [
      'a discount over 100 %',
      { rows: [{ desc: 'x', qty: 1, rate: 1, disc: 101 }] },
      /^rows\[0\]\.disc: must be between 0 and 100/,
    ],
    ['a quantity with seven decimals', { rows: [{ desc: 'x', qty: '1.0000001', rate: 1 }] }, /^rows\[0\]\.qty: /],
    ['an unknown language', { lang: 'it' }, /^lang: must be one of de, en, ar, ar-e, fr, es, hi, pt/],
    ['a current template name', { template: 'classic' }, /^template: must be one of neat-pro, /],
    ['an unsupported currency', { currency: 'XYZ' }, /^currency: must be one of /],
    ['a due date before the date', { due: '2026-02-01' }, /^due: must not be before date \(2026-03-01\)/],
    ['no rows', { rows: [] }, /^rows: must have at least 1 row/],
    [
      'an unknown customLabels language',
      { customLabels: { it: { total: 'x' } } },
      /^customLabels\.it: unknown field \(.*the keys are de, en, ar, ar-e, fr, es, hi, pt\)$/,
    ],
    [
      'an unknown customLabels key',
      { customLabels: { en: { footer: 'x' } } },
      /^customLabels\.en\.footer: unknown field \(the keys are invoice, invoice_no, /,
    ],
    [
      'a logo that is no image',
      { logo: toBase64(new TextEncoder().encode('hello world, not an image')) },
      /^logo: must be a PNG or JPEG image/,
    ],
    ['a logo over the pixel limits', { logo: toBase64(pngHeaderOnly(3000, 3000)) }, /^logo: is 3000×3000 pixels/],
    ['a signature that is no base64', { sig: '%%%' }, /^sig: must be base64 image data/],
    // Issue 21: the legacy spec lists every field, so any other key is refused by name.
    ['an unknown top-level key', { discount: 5 }, /^discount: unknown field$/],
    ['a misspelt optional field', { note: 'x' }, /^note: unknown field \(did you mean notes\?\)$/],
    [
      'a row field in the current interface’s name',
      { rows: [{ desc: 'x', quantity: 1, qty: 1, rate: 1 }] },
      /^rows\[0\]\.quantity: unknown field \(did you mean qty\?\)$/,
    ],
  ])('400 VALIDATION_ERROR naming the legacy field: %s', async (_, change, message) => {
    // One account for the whole table: each refusal must leave its credits untouched, so it stays at 0 used.
    const { apiKey, cookie } = await refusalsAccount();
    const e = await legacyError(await legacyRender(apiKey, { ...LEGACY, ...change }));
    expect([e.status, e.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(e.error).toMatch(message);
    // D11: a refused request costs no credit.
    expect((await creditsOf(cookie)).used).toBe(0);
  });

  it('413 PAYLOAD_TOO_LARGE past 10 MB (D5), in the legacy body', async () => {
    const { apiKey } = await legacyAccount();
    const res = await call('/api/render', {
      method: 'POST',
      body: big(10 * 1024 * 1024),
      headers: { Authorization: apiKey, 'Content-Type': 'application/json' },
    });
    const e = await legacyError(res);
    expect([e.status, e.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('405 METHOD_NOT_ALLOWED with Allow for another method, in the legacy body', async () => {
    const e = await legacyError(await call('/api/render'));
    expect([e.status, e.code]).toEqual([405, 'METHOD_NOT_ALLOWED']);
    expect(e.headers.get('Allow')).toBe('POST');
  });

  it('400 VALIDATION_ERROR for a key in the query string, in the legacy body (issue 10.9)', async () => {
    const { apiKey } = await legacyAccount();
    const res = await call(`/api/render?api_key=${apiKey}`, {
      method: 'POST',
      json: LEGACY,
      headers: { Authorization: apiKey },
    });
    const e = await legacyError(res);
    expect([e.status, e.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('D11: 429 API_SECURITY_LIMIT_EXCEEDED with Retry-After once the hourly window is full', async () => {
    const { apiKey, accountId, email, cookie } = await legacyAccount();
    await exhaust(
      { kind: 'account', accountId, email, tier: 'free', verified: true, via: 'api_key' },
      { calls: 40, documents: 0 },
    );
    const e = await legacyError(await legacyRender(apiKey, LEGACY));
    expect([e.status, e.code]).toEqual([429, 'API_SECURITY_LIMIT_EXCEEDED']);
    expect(Number(e.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await creditsOf(cookie)).used).toBe(0);
  });

  it('500 INTERNAL_ERROR naming only the request id when storage fails', async () => {
    const { apiKey } = await legacyAccount();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { res } = await sendWithEnv(outage(), 'POST', '/api/render', {
      json: LEGACY,
      headers: { Authorization: apiKey },
    });
    const e = await legacyError(res);
    expect([e.status, e.code]).toEqual([500, 'INTERNAL_ERROR']);
    expect(e.error).toBe(`Internal server error (request ${res.headers.get('X-Request-Id')})`);
    expect(e.error).not.toMatch(/storage|Error:/);
    errors.mockRestore();
  });
});

describe('POST /api/render: credits (D11)', () => {
  it('D11: every account starts with 50 credits; each render uses one, shown by /api/auth/me at once', async () => {
    const { apiKey, cookie } = await legacyAccount();
    expect(await creditsOf(cookie)).toEqual({ total: 50, used: 0 });
    await legacyRender(apiKey, LEGACY);
    await legacyRender(apiKey, LEGACY);
    expect(await creditsOf(cookie)).toEqual({ total: 50, used: 2 });
  });

  it('D11: 20 concurrent renders with 5 credits left give exactly 5 PDFs and 15 × 402 INSUFFICIENT_CREDITS', async () => {
    const { apiKey, cookie } = await legacyAccount(5);
    const answers = await Promise.all(Array.from({ length: 20 }, () => legacyRender(apiKey, LEGACY)));
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).toHaveLength(5);
    const refused = await Promise.all(answers.filter((r) => r.status !== 200).map(legacyError));
    expect(refused.map((e) => `${e.status} ${e.code}`)).toEqual(Array(15).fill('402 INSUFFICIENT_CREDITS'));
    const remaining = await Promise.all(ok.map(async (r) => ((await r.json()) as Json).credits.remaining));
    expect(remaining.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(await creditsOf(cookie)).toEqual({ total: 5, used: 5 });
  });

  it('D11: a grant (the admin command raises the total in D1) counts on the very next render', async () => {
    const { apiKey, accountId } = await legacyAccount(1);
    expect((await legacyRender(apiKey, LEGACY)).status).toBe(200);
    expect((await legacyRender(apiKey, LEGACY)).status).toBe(402);
    await setCreditsTotal(accountId, 3);
    const res = await legacyRender(apiKey, LEGACY);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).credits.remaining).toBe(1);
  });

  it('D11: the RateLimiter writes the credits used back to D1 behind (read by the admin command)', async () => {
    const { apiKey, accountId } = await legacyAccount();
    await legacyRender(apiKey, LEGACY);
    const stub = testEnv.RATE_LIMITER.get(testEnv.RATE_LIMITER.idFromName(`acct:${accountId}`));
    const { runDurableObjectAlarm } = await import('cloudflare:test');
    // The copy is due 5 minutes after the change (issue 25, P-LIM5): the objects' clock moved, no sleeping.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + SNAPSHOT_INTERVAL_MS);
      await runDurableObjectAlarm(stub);
    } finally {
      vi.useRealTimers();
    }
    const row = await testEnv.DB.prepare('SELECT credits_used FROM accounts WHERE id = ?')
      .bind(accountId)
      .first<{ credits_used: number }>();
    expect(row?.credits_used).toBe(1);
  });

  it('D7/D11: a legacy render counts as a call in the hourly window, refused requests too', async () => {
    const { apiKey, cookie } = await legacyAccount();
    await legacyRender(apiKey, LEGACY);
    await legacyRender(apiKey, { ...LEGACY, rows: [] });
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: { from: { name: 'A' }, to: { name: 'B' }, items: [{ description: 'x', quantity: 1, unit_price: 1 }] },
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    });
    expect(res.headers.get('X-RateLimit-Remaining-Hourly')).toBe('37');
  });

  it('D11: a session cookie is no credential here', async () => {
    const { email } = await legacyAccount();
    const cookie = await login(email);
    const e = await legacyError(await legacyRender(undefined, LEGACY, { headers: { Cookie: cookie } }));
    expect(e.code).toBe('API_KEY_REQUIRED');
  });
});

describe('withLegacyCredit: a failed render costs nothing (D11)', () => {
  it('D11: a render that throws after admission gives its credit back; the error is the answer', async () => {
    const { withLegacyCredit } = await import('../../workers/limits/admit-legacy-render.ts');
    const { ApiError } = await import('../../workers/http/api-error.ts');
    const { apiKey, accountId, email, cookie } = await legacyAccount(2);
    const caller = {
      kind: 'account' as const,
      accountId,
      email,
      tier: 'free' as const,
      verified: true,
      via: 'api_key' as const,
    };
    const failure = new ApiError('pdf_error', 'The PDF could not be rendered (request req_x).');
    // A route of the real app around it: the credit's lease is held by the request (F1).
    const { createApp } = await import('../../workers/app.ts');
    const { createExecutionContext, waitOnExecutionContext } = await import('cloudflare:test');
    const app = createApp();
    let thrown: unknown;
    app.post('/test/legacy-credit', async (c) => {
      try {
        await withLegacyCredit(c, caller, Date.now(), async () => {
          expect((await creditsOf(cookie)).used).toBe(1); // reserved while rendering
          throw failure;
        });
      } catch (err) {
        thrown = err;
      }
      return c.body(null, 204);
    });
    const ctx = createExecutionContext();
    await app.fetch(new Request('http://localhost/test/legacy-credit', { method: 'POST' }), testEnv, ctx);
    await waitOnExecutionContext(ctx);
    expect(thrown).toBe(failure);
    expect(await creditsOf(cookie)).toEqual({ total: 2, used: 0 });
    // Both credits are still there to spend.
    expect((await legacyRender(apiKey, LEGACY)).status).toBe(200);
    expect((await legacyRender(apiKey, LEGACY)).status).toBe(200);
    expect((await legacyRender(apiKey, LEGACY)).status).toBe(402);
  });

  it('D11: RENDER_ERROR is how the legacy interface tells a PDF engine failure', async () => {
    const { toLegacyError } = await import('../../workers/http/legacy-error-codes.ts');
    const { ApiError } = await import('../../workers/http/api-error.ts');
    const { error, internal } = toLegacyError(new ApiError('pdf_error', 'The PDF could not be rendered.'), 'req_1');
    expect([error.status, error.code, internal]).toEqual([400, 'RENDER_ERROR', false]);
    const unknown = toLegacyError(new TypeError('x is undefined'), 'req_2');
    expect([unknown.error.status, unknown.error.code, unknown.error.message, unknown.internal]).toEqual([
      500,
      'INTERNAL_ERROR',
      'Internal server error (request req_2)',
      true,
    ]);
  });
});
