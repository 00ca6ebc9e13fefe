// The legacy render interface (D11; spec: POST /api/render (legacy), legacy Errors table) over real HTTP
// against `wrangler dev`: every legacy error code a client can provoke, credits (the operator's grant is in
// own-dev-server.test.ts, on a server of its own), the PDF itself (numeric strings, customLabels,
// ar-e's Eastern Arabic digits, embedded fonts, a valid file) and the same totals as /api/generate-invoice.
//
// Not reachable over HTTP, so covered in workerd instead (test/workers/legacy-render.test.ts):
// RENDER_ERROR (the PDF engine failing on a request that passed validation) and INTERNAL_ERROR (storage
// failing), which need a fault injected into the Worker's bindings.
//
// Each group has its own account, so credits and the hourly window of one never reach another. The account
// whose D1 facts no route sets (a key held by an unverified account) is made by the e2e global setup
// (start-wrangler-dev.ts) over HTTP and one `wrangler d1 execute`.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatMoney } from '@invoice/i18n';
import { type CurrencyCode, minorUnits } from '@invoice/model';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
type Json = Record<string, any>;

const tmp = mkdtempSync(join(tmpdir(), 'e2e-legacy-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** POST /api/render with `authorization` as the whole header (the raw key), or no header at all. */
const render = (authorization: string | undefined, body: unknown) =>
  post('/api/render', body, authorization === undefined ? {} : { Authorization: authorization });

/**
 * A legacy refusal: exactly `{success: false, error: <message>, code, details}` (the spec's three keys and the
 * details of issue 21, in legacy names), never the current `{error: {code, message}}`.
 */
async function legacyError(res: Response) {
  const body = (await res.json()) as Json;
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'error', 'success']);
  expect(body.success).toBe(false);
  expect(typeof body.error).toBe('string');
  expect(body.error.length).toBeGreaterThan(10);
  expect(Array.isArray(body.details)).toBe(true);
  return { status: res.status, code: body.code as string, error: body.error as string, headers: res.headers };
}

/** A client address of its own per registration: registrations are limited per address (H6), shared by all e2e files. */
const someIp = () => `198.18.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 254)}`;
const PASSWORD = 'a long enough password';

async function registered(tag: string): Promise<string> {
  const email = `e2e-legacy-${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const reg = await post('/api/auth/register', { email, password: PASSWORD }, { 'CF-Connecting-IP': someIp() });
  expect(reg.status).toBe(201);
  return email;
}

/** Register → verify through the dev mail sink → log in → generate a key, all over HTTP. */
async function verifiedAccount(tag: string): Promise<{ email: string; apiKey: string; cookie: string }> {
  const email = await registered(tag);
  const mail = (await (await fetch(`${baseUrl}/api/dev/emails?to=${encodeURIComponent(email)}`)).json()) as Json;
  expect((await fetch(mail.emails[0].links[0])).status).toBe(200);
  const login = await post('/api/auth/login', { email, password: PASSWORD });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const apiKey = await newKey(cookie);
  return { email, apiKey, cookie };
}

/** POST /api/auth/generate-api-key: a new key, the previous one revoked. */
async function newKey(cookie: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/generate-api-key`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
  });
  expect(res.status).toBe(200);
  const { api_key } = (await res.json()) as Json;
  expect(api_key).toMatch(/^inv_sk_[0-9A-Za-z]{40}$/);
  return api_key;
}

async function creditsOf(cookie: string): Promise<{ total: number; used: number }> {
  const res = await fetch(`${baseUrl}/api/auth/me`, { headers: { Cookie: cookie } });
  return ((await res.json()) as Json).user.credits;
}

/** A valid legacy request (descriptions without digits, so the ar-e check can look at every line with a €). */
const LEGACY = {
  title: 'Acme Ltd',
  invno: 'L-E2E-1',
  date: '2026-03-01',
  to: 'Client GmbH\nHauptstraße 1\n10115 Berlin',
  currency: 'EUR',
  lang: 'en',
  template: 'neat-pro',
  rows: [
    { desc: 'Consulting', qty: '2', rate: '1250.25', tax: 20 },
    { desc: 'Travel', qty: 1, rate: 10, disc: '10' },
  ],
};
// 2 × 1250.25 = 2500.50, tax 20 % = 500.10; 10 − 10 % = 9.00 → subtotal 2509.50, total 3009.60.
const LEGACY_SUBTOTAL = '2509.50';
const LEGACY_TOTAL = '3009.60';

const STANDARD_14 = /^(?:[A-Z]{6}\+)?(?:Times|Helvetica|Courier|Symbol|ZapfDingbats)/;

/**
 * A successful render: the answer's shape, `metadata.fileSize` against the decoded bytes, a PDF that
 * `qpdf --check` accepts with every font embedded and none of the standard 14; returns the answer and
 * `pdftotext -layout` of the PDF without the bidi controls pdftotext adds around right-to-left runs.
 */
async function renderedPdf(apiKey: string, body: unknown): Promise<{ json: Json; text: string }> {
  const res = await render(apiKey, body);
  const json = (await res.json()) as Json;
  expect(res.status, JSON.stringify(json)).toBe(200);
  expect(json).toMatchObject({ success: true, mode: 'api', credits: { used: 1, userType: 'api', verified: true } });
  const bytes = Buffer.from(json.pdf, 'base64');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(json.metadata.fileSize).toBe(bytes.byteLength);
  const file = join(tmp, `${crypto.randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  // qpdf exits non-zero (execFileSync throws) on any structural error.
  expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain(
    'No syntax or stream encoding errors',
  );
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((l) => l.trim() !== '')
    .map((l) => ({
      name: l.split(/\s+/)[0],
      emb: /\s(yes|no)\s+(?:yes|no)\s+(?:yes|no)\s+\d+\s+\d+\s*$/.exec(l)?.[1],
    }));
  expect(fonts.length).toBeGreaterThan(0);
  for (const f of fonts) {
    expect(f.emb, f.name).toBe('yes');
    expect(f.name).not.toMatch(STANDARD_14);
  }
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g,
    '',
  );
  return { json, text };
}

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Whether the PDF text shows a formatted amount as one item. Right-to-left lines come out of pdftotext
 * in visual order, so `٣٬٠٠٩٫٦٠ €` may read `€ ٣٬٠٠٩٫٦٠`: both orders of its parts count.
 */
function showsAmount(text: string, formatted: string): boolean {
  const parts = squeeze(formatted).split(' ');
  const hay = ` ${squeeze(text)} `;
  return [parts, [...parts].reverse()].some((p) => hay.includes(` ${p.join(' ')} `) || hay.includes(` ${p.join('')} `));
}

describe('POST /api/render over HTTP: authentication (spec: Authentication rule 8)', () => {
  let account: { email: string; apiKey: string; cookie: string };
  beforeAll(async () => {
    account = await verifiedAccount('auth');
  });

  it('401 API_KEY_REQUIRED without an Authorization header, telling where the key goes', async () => {
    const e = await legacyError(await render(undefined, LEGACY));
    expect([e.status, e.code]).toEqual([401, 'API_KEY_REQUIRED']);
    expect(e.error).toMatch(/Authorization/);
  });

  it('401 INVALID_API_KEY for a well-formed key nobody holds', async () => {
    const e = await legacyError(await render(`inv_sk_${'A'.repeat(40)}`, LEGACY));
    expect([e.status, e.code]).toEqual([401, 'INVALID_API_KEY']);
    expect(e.error).toMatch(/not recognised/);
    // The legacy header form (spec: Authentication rule 8), not the current interface's `Bearer`.
    expect(e.error).toMatch(/Authorization: inv_sk_…$/);
  });

  it('D6: a key rotated by POST /api/auth/generate-api-key is refused on its next use; the new one works', async () => {
    expect((await render(account.apiKey, LEGACY)).status).toBe(200);
    const rotated = await newKey(account.cookie);
    const e = await legacyError(await render(account.apiKey, LEGACY));
    expect([e.status, e.code]).toEqual([401, 'INVALID_API_KEY']);
    expect(e.error).toMatch(/revoked; send the current one as Authorization: inv_sk_…$/);
    // Raw and with the tolerated Bearer prefix (decision L2).
    expect((await render(rotated, LEGACY)).status).toBe(200);
    expect((await render(`Bearer ${rotated}`, LEGACY)).status).toBe(200);
  });

  it('403 EMAIL_VERIFICATION_REQUIRED for the key of an account whose email is not verified', async () => {
    // The API issues keys to verified accounts only; D1 may hold one anyway (as test/workers/legacy-fixtures.ts does):
    // the global setup wrote one for an account that registered and never verified.
    const { apiKey: key } = inject('unverifiedKey');
    const e = await legacyError(await render(key, LEGACY));
    expect([e.status, e.code]).toEqual([403, 'EMAIL_VERIFICATION_REQUIRED']);
    expect(e.error).toMatch(/[Vv]erify your email/);
  });
});

describe('POST /api/render over HTTP: refusals in the legacy body (spec: Errors, legacy table)', () => {
  let account: { email: string; apiKey: string; cookie: string };
  beforeAll(async () => {
    account = await verifiedAccount('refusals');
  });

  it('400 INVALID_JSON for a body that is not JSON', async () => {
    const e = await legacyError(await render(account.apiKey, '{"title": "Acme",'));
    expect([e.status, e.code]).toEqual([400, 'INVALID_JSON']);
    expect(e.error).toMatch(/not valid JSON/);
  });

  it('D11: 400 VALIDATION_ERROR naming the legacy field for a decimal comma; no credit used', async () => {
    const e = await legacyError(
      await render(account.apiKey, { ...LEGACY, rows: [{ desc: 'Consulting', qty: '1,5', rate: '10' }] }),
    );
    expect([e.status, e.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(e.error).toMatch(/^rows\[0\]\.qty: must be a number or a numeric string with a dot decimal separator/);
    const missing = await legacyError(await render(account.apiKey, { ...LEGACY, title: undefined }));
    expect([missing.code, missing.error]).toEqual(['VALIDATION_ERROR', 'title: is required']);
    expect(await creditsOf(account.cookie)).toEqual({ total: 50, used: 0 });
  });

  it('D5: 413 PAYLOAD_TOO_LARGE for a body over 10 MB', async () => {
    const e = await legacyError(await render(account.apiKey, { ...LEGACY, notes: 'x'.repeat(10 * 1024 * 1024) }));
    expect([e.status, e.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(e.error).toBe('body: must be at most 10 MB');
  });

  it('405 METHOD_NOT_ALLOWED for GET, with Allow: POST', async () => {
    const res = await fetch(`${baseUrl}/api/render`, { headers: { Authorization: account.apiKey } });
    const e = await legacyError(res);
    expect([e.status, e.code]).toEqual([405, 'METHOD_NOT_ALLOWED']);
    expect(e.headers.get('Allow')).toBe('POST');
    expect(e.error).toMatch(/use POST/);
  });
});

describe('POST /api/render over HTTP: credits (D11)', () => {
  it('D7/D11: 429 API_SECURITY_LIMIT_EXCEEDED with Retry-After once 40 calls (refused ones too) fill the free hour', async () => {
    const { apiKey, cookie } = await verifiedAccount('window');
    // Cheap calls: refused by validation, they use no credit but count in the window.
    for (let i = 0; i < 40; i++) {
      const e = await legacyError(await render(apiKey, {}));
      expect([i, e.code]).toEqual([i, 'VALIDATION_ERROR']);
    }
    const e = await legacyError(await render(apiKey, LEGACY));
    expect([e.status, e.code]).toEqual([429, 'API_SECURITY_LIMIT_EXCEEDED']);
    expect(e.error).toMatch(/Hourly limit of 40 requests reached/);
    const retryAfter = Number(e.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // A refused render costs no credit.
    expect(await creditsOf(cookie)).toEqual({ total: 50, used: 0 });
  });
});

describe('POST /api/render over HTTP: the PDF (D11)', () => {
  let apiKey: string;
  beforeAll(async () => {
    ({ apiKey } = await verifiedAccount('pdf'));
  });

  it('D11: numeric strings are numbers: qty "2" × rate "12.50" is €25.00', async () => {
    const { json, text } = await renderedPdf(apiKey, {
      ...LEGACY,
      rows: [{ desc: 'Consulting', qty: '2', rate: '12.50' }],
    });
    expect(json.metadata).toMatchObject({ language: 'en', direction: 'ltr', itemsCount: 1 });
    expect(text).toContain('L-E2E-1');
    expect(text).toContain('Consulting');
    expect(text).toContain('€12.50');
    expect(showsAmount(text, formatMoney('25.00', 'EUR', 2, 'en'))).toBe(true);
  });

  it('D11: customLabels of the request language replace the built-in labels', async () => {
    const { text } = await renderedPdf(apiKey, {
      ...LEGACY,
      customLabels: { en: { bill_to: 'Customer', total: 'Amount payable' }, de: { total: 'Zu zahlen' } },
    });
    // A design may set a label in capitals, so the case is not compared.
    expect(text).toMatch(/customer/i);
    expect(text).toMatch(/amount payable/i);
    expect(text).not.toMatch(/bill to/i);
    expect(text).not.toMatch(/\btotal\b/i);
    expect(text).not.toMatch(/zu zahlen/i);
    expect(showsAmount(text, formatMoney(LEGACY_TOTAL, 'EUR', 2, 'en'))).toBe(true);
  });

  it('D11: ar-e shows the amounts in Eastern Arabic digits; ar in Western digits; both right-to-left', async () => {
    const arE = await renderedPdf(apiKey, { ...LEGACY, lang: 'ar-e' });
    expect(arE.json.metadata).toMatchObject({ language: 'ar-e', direction: 'rtl' });
    const total = formatMoney(LEGACY_TOTAL, 'EUR', 2, 'ar', 'arab');
    expect(total).toMatch(/^[٠-٩٬٫]+\s€$/);
    expect(showsAmount(arE.text, total)).toBe(true);
    // Without any whitespace, as the text reads in either direction.
    const flat = arE.text.replace(/\s+/g, '');
    const [digits] = total.split(/\s/);
    expect([`${digits}€`, `€${digits}`].some((t) => flat.includes(t))).toBe(true);
    expect(showsAmount(arE.text, formatMoney(LEGACY_SUBTOTAL, 'EUR', 2, 'ar', 'arab'))).toBe(true);
    // No Western digit in any amount (the address keeps its own "10115 Berlin").
    const amountLines = arE.text.split('\n').filter((l) => l.includes('€'));
    expect(amountLines.length).toBeGreaterThanOrEqual(4);
    for (const line of amountLines) expect(line).not.toMatch(/[0-9]/);

    const ar = await renderedPdf(apiKey, { ...LEGACY, lang: 'ar' });
    expect(ar.json.metadata).toMatchObject({ language: 'ar', direction: 'rtl' });
    expect(showsAmount(ar.text, formatMoney(LEGACY_TOTAL, 'EUR', 2, 'ar', 'latn'))).toBe(true);
    expect(ar.text).toContain('3,009.60');
    expect(ar.text).not.toMatch(/[٠-٩]/);
  });
});

/** Seeded, so a failure names an invoice that can be rendered again. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Row = { desc: string; qty: number | string; rate: number | string; disc?: number | string; tax?: number | string };

function randomLegacyInvoice(seed: number, currency: CurrencyCode) {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  // Numbers or numeric strings, as legacy clients send either (D11).
  const maybeText = (n: number, decimals: number) => (rnd() < 0.5 ? n : n.toFixed(decimals));
  const mu = minorUnits(currency);
  const rows: Row[] = Array.from({ length: 2 + Math.floor(rnd() * 5) }, (_, i) => {
    const wholeQty = rnd() < 0.7;
    // Whole cents divided once, so every value has the decimals it shows (no 0.1 + 0.2 artefacts).
    const qty = wholeQty ? 1 + Math.floor(rnd() * 20) : (25 + Math.floor(rnd() * 1000)) / 100;
    const rate = mu === 0 ? 100 + Math.floor(rnd() * 50_000) : (1 + Math.floor(rnd() * 250_000)) / 100;
    return {
      desc: `Item ${String.fromCharCode(65 + i)}`,
      qty: maybeText(qty, wholeQty ? 0 : 2),
      rate: maybeText(rate, mu === 0 ? 0 : 2),
      ...(rnd() < 0.35 ? { disc: maybeText(pick([5, 10, 12.5, 33]), 1) } : {}),
      ...(rnd() < 0.6 ? { tax: maybeText(pick([0, 5, 7, 7.7, 19, 20]), 1) } : {}),
    };
  });
  return {
    title: `Seller ${seed}`,
    invno: `P-${seed}`,
    date: '2026-05-04',
    to: `Buyer ${seed}\nSome Street 5\nSome Town`,
    currency,
    lang: 'en',
    template: pick(['neat-pro', 'modern-right', 'classic-left', 'elegant-gray-pro', 'band-blue-pro', 'cool-waves-pro']),
    rows,
  };
}

/** D11's mapping written out independently of workers/legacy: the same invoice on the current interface. */
function canonicalOf(legacy: ReturnType<typeof randomLegacyInvoice>) {
  const [name, ...address] = legacy.to.split('\n');
  return {
    from: { name: legacy.title },
    to: { name, address: address.join('\n') },
    invoice: { number: legacy.invno, date: legacy.date, currency: legacy.currency, language: legacy.lang },
    items: legacy.rows.map((r) => ({
      description: r.desc,
      quantity: Number(r.qty),
      unit_price: Number(r.rate),
      ...(r.disc !== undefined && Number(r.disc) > 0 ? { discount: Number(r.disc), discount_type: 'percent' } : {}),
      ...(r.tax !== undefined ? { tax_rate: Number(r.tax) } : {}),
    })),
    output: 'json',
  };
}

describe('POST /api/render over HTTP: the same totals as /api/generate-invoice (D11)', () => {
  let apiKey: string;
  beforeAll(async () => {
    ({ apiKey } = await verifiedAccount('parity'));
  });

  const CURRENCIES: CurrencyCode[] = ['EUR', 'USD', 'GBP', 'JPY', 'CHF', 'INR', 'SEK', 'KRW'];
  it.each(CURRENCIES.map((currency, i) => [currency, 7919 * (i + 1)] as const))(
    'D11: a random %s invoice (seed %i): the legacy PDF shows the JSON grand_total and subtotal',
    async (currency, seed) => {
      const legacy = randomLegacyInvoice(seed, currency);
      const res = await post('/api/generate-invoice', canonicalOf(legacy), { Authorization: `Bearer ${apiKey}` });
      const canonical = (await res.json()) as Json;
      expect(res.status, JSON.stringify(canonical)).toBe(200);
      const { text } = await renderedPdf(apiKey, legacy);
      const mu = minorUnits(currency);
      const money = (v: number) => formatMoney(v.toFixed(mu), currency, mu, 'en');
      const { grand_total, subtotal } = canonical.invoice as { grand_total: number; subtotal: number };
      expect(showsAmount(text, money(grand_total)), `${money(grand_total)} in\n${text}`).toBe(true);
      expect(showsAmount(text, money(subtotal)), `${money(subtotal)} in\n${text}`).toBe(true);
    },
  );
});
