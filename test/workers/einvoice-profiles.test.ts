// Issue 22 at the service: einvoice_profile on generate-invoice (documents, X-EInvoice-Issues, the 400s),
// hosted links and batch items keeping the request's profile, and the free dry run POST /api/validate-invoice.
// The documents' conformance itself is proven in packages/ubl and packages/cii (profile-corpus tests).

import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { BE_BUYER, BE_SELLER, DE_PUBLIC_BUYER, DE_SELLER, LEITWEG_ID } from '@invoice/ubl/test/profile-parties';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../workers/index.ts';
import { VALIDATIONS_PER_HOUR } from '../../workers/limits/admit-validation.ts';
import type { HourlyCounters } from '../../workers/limits/hourly-counter.ts';
import { BASE, call, freshClientIp, testEnv, verifiedAccountWithKey } from './accounts-fixtures.ts';
import { consumedByWorker, emittedMessages, watchEmits } from './queue-fixtures.ts';

type Json = Record<string, any>;

const IBAN = { iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', account_name: 'Muster Software GmbH' };

/** A German invoice to a public buyer, complete for XRechnung (UBL and CII). */
const xrechnung = (extra: Json = {}) => ({
  from: DE_SELLER,
  to: DE_PUBLIC_BUYER,
  invoice: { number: 'XR-1', date: '2026-03-02', due_date: '2026-04-01', buyer_reference: LEITWEG_ID },
  items: [{ description: 'Beratung', quantity: 7.5, unit: 'hours', unit_price: 95.5, tax_rate: 19 }],
  payment: IBAN,
  einvoice_profile: 'xrechnung',
  features: { qr: false },
  ...extra,
});

/** A Belgian B2B invoice, complete for Peppol BIS Billing 3.0. */
const peppol = (extra: Json = {}) => ({
  from: BE_SELLER,
  to: BE_BUYER,
  invoice: { number: 'PE-1', date: '2026-03-02', due_date: '2026-04-01', po_number: 'PO-77' },
  items: [{ description: 'Design', quantity: 2, unit_price: 49.95, tax_rate: 21 }],
  payment: { iban: 'BE68539007547034', swift: 'BBRUBEBB' },
  einvoice_profile: 'peppol',
  features: { qr: false },
  ...extra,
});

/**
 * One account for the tests that only generate and read what they generated (about 20 calls of its hourly 40),
 * made once per file; the webhook test and the one that counts its windows make their own.
 */
let fileAccountMade: ReturnType<typeof verifiedAccountWithKey> | undefined;
const fileAccount = () => {
  fileAccountMade ??= verifiedAccountWithKey('ep');
  return fileAccountMade;
};
const auth = (key: string) => ({ Authorization: `Bearer ${key}` });
const local = (url: string) => new URL(url).pathname + new URL(url).search;
const generate = (headers: Record<string, string>, body: unknown) =>
  call('/api/generate-invoice', { method: 'POST', json: body, headers });
const validate = (headers: Record<string, string>, body: unknown) =>
  call('/api/validate-invoice', { method: 'POST', json: body, headers });
/** One batch of two items: an XRechnung invoice, then a Peppol one, both asking `output`. */
const xrechnungThenPeppol = (apiKey: string, output: string) =>
  call('/api/batch', {
    method: 'POST',
    headers: auth(apiKey),
    json: {
      invoices: [
        { ...xrechnung(), output },
        { ...peppol(), output },
      ],
    },
  });
const customizationId = (xml: string) => /<cbc:CustomizationID>([^<]+)</.exec(xml)?.[1];
const ciiGuideline = (xml: string) =>
  /<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>([^<]+)</.exec(xml)?.[1];

/** Runs the Worker and waits for its waitUntil work, so an event's queue send is observed. */
async function run(apiKey: string, path: string, json: unknown): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await (worker as ExportedHandler<typeof testEnv>).fetch!(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(json),
    }) as never,
    testEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** The account's RateLimiter (counterSubject): tests fill its validation count directly, not 600 calls. */
async function accountLimiter(email: string) {
  const row = await testEnv.DB.prepare('SELECT id FROM accounts WHERE email = ?').bind(email).first<{ id: string }>();
  return testEnv.RATE_LIMITER.get(testEnv.RATE_LIMITER.idFromName(`acct:${row!.id}`));
}

describe('issue 22: einvoice_profile on generate-invoice', () => {
  it('peppol UBL: the BIS Billing 3.0 identifiers, no issue header for a complete request', async () => {
    const { apiKey } = await fileAccount();
    const res = await generate(auth(apiKey), { ...peppol(), output: 'ubl' });
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(customizationId(xml)).toBe('urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0');
    expect(xml).toContain('<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>');
    expect(xml).toContain('<cbc:EndpointID schemeID="0208">0456789133</cbc:EndpointID>');
    expect(res.headers.has('X-EInvoice-Issues')).toBe(false);
    expect(res.headers.has('X-EN16931-Issues')).toBe(false);
  });

  it('PEPPOL-EN16931-R010/R020: missing electronic addresses are named in X-EInvoice-Issues, not X-EN16931-Issues', async () => {
    const { apiKey } = await fileAccount();
    const { electronic_address: _s, ...from } = BE_SELLER;
    const { electronic_address: _b, ...to } = BE_BUYER;
    const res = await generate(auth(apiKey), { ...peppol({ from, to }), output: 'ubl' });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-EInvoice-Issues')).toBe('PEPPOL-EN16931-R010, PEPPOL-EN16931-R020');
    expect(res.headers.has('X-EN16931-Issues')).toBe(false);
  });

  it('xrechnung in UBL and CII: the XRechnung 3.0 identifier, the Leitweg-ID as buyer reference, no issue', async () => {
    const { apiKey } = await fileAccount();
    const xrId = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
    const ubl = await generate(auth(apiKey), { ...xrechnung(), output: 'ubl' });
    const ublXml = await ubl.text();
    expect(customizationId(ublXml)).toBe(xrId);
    expect(ublXml).toContain(`<cbc:BuyerReference>${LEITWEG_ID}</cbc:BuyerReference>`);
    expect(ubl.headers.has('X-EInvoice-Issues')).toBe(false);
    const cii = await generate(auth(apiKey), { ...xrechnung(), output: 'cii' });
    expect(cii.status).toBe(200);
    expect(ciiGuideline(await cii.text())).toBe(xrId);
    expect(cii.headers.has('X-EInvoice-Issues')).toBe(false);
  });

  it('BR-DE-5/6/15: a German public invoice without contact and Leitweg-ID names exactly those fields, in UBL and CII', async () => {
    const { apiKey } = await fileAccount();
    const { contact_name: _n, phone: _p, ...from } = DE_SELLER;
    const body = xrechnung({ from, invoice: { number: 'XR-2', date: '2026-03-02', due_date: '2026-04-01' } });
    const res = await generate(auth(apiKey), { ...body, output: 'ubl' });
    expect(res.headers.get('X-EInvoice-Issues')?.split(', ')).toEqual(
      expect.arrayContaining(['BR-DE-5', 'BR-DE-6', 'BR-DE-15']),
    );
    const cii = await generate(auth(apiKey), { ...body, output: 'cii' });
    expect(cii.status).toBe(200);
    expect(ciiGuideline(await cii.text())).toContain('xrechnung');
    expect(cii.headers.get('X-EInvoice-Issues')).toBe(res.headers.get('X-EInvoice-Issues'));
    expect(cii.headers.get('X-EInvoice-Issues')).toBe('BR-DE-5, BR-DE-6, BR-DE-15');
    expect(cii.headers.has('X-EN16931-Issues')).toBe(false);
  });

  it('the default profile is untouched: en16931 documents keep X-EN16931-Issues and never X-EInvoice-Issues', async () => {
    const { apiKey } = await fileAccount();
    const body = { from: { name: 'A' }, to: { name: 'B' }, items: [{ description: 'x', unit_price: 5, tax_rate: 20 }] };
    const res = await generate(auth(apiKey), { ...body, output: 'ubl' });
    expect(res.headers.get('X-EN16931-Issues')).toContain('BR-08');
    expect(res.headers.has('X-EInvoice-Issues')).toBe(false);
    expect(customizationId(await res.text())).toBe('urn:cen.eu:en16931:2017');
  });

  it.each([
    ['peppol', 'cii'],
    ['peppol', 'facturx'],
    ['xrechnung', 'facturx'],
  ])('E5: %s with output %s is a 400 naming einvoice_profile, and spends nothing', async (profile, output) => {
    const { apiKey } = await fileAccount();
    const res = await generate(auth(apiKey), { ...peppol(), einvoice_profile: profile, output });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as Json;
    expect(error.code).toBe('validation_error');
    expect(error.details.map((d: Json) => d.path)).toEqual(['einvoice_profile']);
  });

  it('the JSON answer echoes einvoice_profile and the new party fields; camelCase einvoiceProfile is accepted', async () => {
    const { apiKey } = await fileAccount();
    const { einvoice_profile: _e, ...rest } = xrechnung();
    const res = await generate(auth(apiKey), { ...rest, einvoiceProfile: 'xrechnung' });
    expect(res.status).toBe(200);
    const { invoice } = (await res.json()) as Json;
    expect(invoice.einvoice_profile).toBe('xrechnung');
    expect(invoice.from.contact_name).toBe('Erika Mustermann');
    expect(invoice.to.electronic_address).toEqual({ scheme: '0204', id: LEITWEG_ID });
  });
});

describe('issue 22: hosted links and batch items keep the profile', () => {
  it('a hosted link opens in the invoice’s profile with generate’s X-EInvoice-Issues; format=cii of a Peppol invoice is a 400 naming format', async () => {
    const { apiKey } = await fileAccount();
    const { electronic_address: _b, ...to } = BE_BUYER;
    const json = (await (await generate(auth(apiKey), peppol({ to }))).json()) as Json;
    const ubl = await call(`${local(json.invoice.hosted_url)}&format=ubl`);
    expect(ubl.status).toBe(200);
    expect(customizationId(await ubl.text())).toContain('peppol');
    const direct = await generate(auth(apiKey), { ...peppol({ to }), output: 'ubl' });
    expect(direct.headers.get('X-EInvoice-Issues')).toBe('PEPPOL-EN16931-R010');
    expect(ubl.headers.get('X-EInvoice-Issues')).toBe('PEPPOL-EN16931-R010');
    expect(ubl.headers.has('X-EN16931-Issues')).toBe(false);
    const cii = await call(`${local(json.invoice.hosted_url)}&format=cii`);
    expect(cii.status).toBe(400);
    const { error } = (await cii.json()) as Json;
    expect(error.details.map((d: Json) => d.path)).toEqual(['format']);
  });

  it('batch items each carry their own profile (invoice.einvoice_profile, and the document their link opens)', async () => {
    const { apiKey } = await fileAccount();
    const res = await xrechnungThenPeppol(apiKey, 'ubl');
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as Json;
    expect(results.map((r: Json) => r.invoice.einvoice_profile)).toEqual(['xrechnung', 'peppol']);
    const docs = await Promise.all(results.map((r: Json) => call(local(r.document_url)).then((d) => d.text())));
    expect(docs.map(customizationId)).toEqual([
      'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
      'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    ]);
  });
  it('E5: a batch item asking Peppol as CII is refused as that item (index 1), naming its einvoice_profile', async () => {
    const { apiKey } = await fileAccount();
    const res = await xrechnungThenPeppol(apiKey, 'cii');
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as Json;
    expect(results.map((r: Json) => [r.index, r.success])).toEqual([
      [0, true],
      [1, false],
    ]);
    expect(results[1].error.code).toBe('validation_error');
    expect(results[1].error.details.map((d: Json) => d.path)).toEqual(['einvoice_profile']);
  });
});

describe('issue 22: webhooks carry the profile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('invoice.generated’s invoice and each batch.generated result name the request’s einvoice_profile', async () => {
    const { apiKey } = await verifiedAccountWithKey('ep-hook');
    const created = await run(apiKey, '/api/webhooks', {
      url: 'https://hooks.example.com/ep',
      events: ['invoice.generated', 'batch.generated'],
    });
    expect(created.status).toBe(201);
    const hookId = ((await created.json()) as Json).webhook.id as string;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: 204 }));
    const send = watchEmits();
    expect((await run(apiKey, '/api/generate-invoice', xrechnung())).status).toBe(200);
    const batch = { invoices: [xrechnung({ output: 'cii' }), peppol(), { ...peppol(), items: [] }] };
    expect((await run(apiKey, '/api/batch', batch)).status).toBe(200);
    const [single, batched] = emittedMessages(send);
    expect((single.event!.data as Json).invoice.einvoice_profile).toBe('xrechnung');
    expect(batched.event!.type).toBe('batch.generated');
    expect((batched.event!.data as Json).results.map((r: Json) => [r.success, r.einvoice_profile])).toEqual([
      [true, 'xrechnung'],
      [true, 'peppol'],
      [false, undefined],
    ]);
    await consumedByWorker(hookId, 2);
  });
});

describe('issue 22: POST /api/validate-invoice (E8)', () => {
  it('a complete request is valid, and the answer names the profile, the output and the document checked', async () => {
    const res = await validate({ 'CF-Connecting-IP': freshClientIp() }, { ...xrechnung(), output: 'cii' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body).toMatchObject({ success: true, valid: true, profile: 'xrechnung', output: 'cii', document: 'cii' });
    expect(body.issues).toEqual([]);
  });

  it('issues name the rule, the field that fixes it and why; the same ids as the X-EInvoice-Issues header', async () => {
    const { apiKey } = await fileAccount();
    const { electronic_address: _b, ...to } = BE_BUYER;
    const body = { ...peppol({ to }), output: 'ubl' };
    const res = await validate(auth(apiKey), body);
    const verdict = (await res.json()) as Json;
    expect(verdict.valid).toBe(false);
    expect(verdict.issues).toEqual([
      {
        rule: 'PEPPOL-EN16931-R010',
        path: 'to.electronic_address',
        message: expect.stringContaining('to.electronic_address'),
      },
    ]);
    const generated = await generate(auth(apiKey), body);
    expect(generated.headers.get('X-EInvoice-Issues')).toBe(verdict.issues.map((i: Json) => i.rule).join(', '));
  });

  it('produces nothing and spends no plan window: between two generate calls, three dry runs count for nothing', async () => {
    const { apiKey } = await verifiedAccountWithKey('ep-free');
    const left = async () => {
      const res = await generate(auth(apiKey), peppol());
      expect(res.status).toBe(200);
      return ['Hourly', 'Weekly', 'Monthly'].map((w) => Number(res.headers.get(`X-RateLimit-Remaining-${w}`)));
    };
    const before = await left();
    for (let i = 0; i < 3; i++) expect((await validate(auth(apiKey), peppol())).status).toBe(200);
    expect(await left()).toEqual(before.map((n) => n - 1));
  });

  it('json and pdf outputs are checked as the UBL their hosted link opens; facturx as its EN 16931 CII', async () => {
    const ip = { 'CF-Connecting-IP': freshClientIp() };
    const pdf = (await (await validate(ip, { ...peppol(), output: 'pdf' })).json()) as Json;
    expect([pdf.document, pdf.profile]).toEqual(['ubl', 'peppol']);
    const fx = (await (
      await validate(ip, { ...xrechnung(), einvoice_profile: 'en16931', output: 'facturx' })
    ).json()) as Json;
    expect([fx.document, fx.profile]).toEqual(['cii', 'en16931']);
  });

  it('a body that is no valid request is the same 400 as on generate-invoice (unknown fields included)', async () => {
    const ip = { 'CF-Connecting-IP': freshClientIp() };
    const res = await validate(ip, { ...peppol(), electronic_adress: {} });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as Json;
    expect(error.details[0]).toMatchObject({ path: 'electronic_adress', rule: 'unknown_field' });
    const bad = await validate(ip, {
      ...peppol(),
      to: { ...BE_BUYER, electronic_address: { scheme: '0208', id: '0765432147' } },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).error.details[0].path).toBe('to.electronic_address.id');
  });

  it(`E8: an account may validate ${VALIDATIONS_PER_HOUR.account} times an hour; a bad body counts nothing; a dry run emits no event and stores no document`, async () => {
    const { apiKey, email } = await verifiedAccountWithKey('ep-validate-limit');
    const hook = await run(apiKey, '/api/webhooks', {
      url: 'https://hooks.example.com/v',
      events: ['invoice.generated'],
    });
    expect(hook.status).toBe(201);
    // All but one of the hour's validations spent in the object itself (the same counter the route takes from).
    const filled = await runInDurableObject(await accountLimiter(email), (o) =>
      (o as unknown as { hourly: HourlyCounters }).hourly.takeUpTo(
        'validations_hour',
        Date.now(),
        VALIDATIONS_PER_HOUR.account,
        VALIDATIONS_PER_HOUR.account - 1,
      ),
    );
    expect(filled.count).toBe(VALIDATIONS_PER_HOUR.account - 1);
    const send = watchEmits();
    const bad = await run(apiKey, '/api/validate-invoice', {
      ...peppol(),
      items: [{ description: 'x', unit_price: 'a' }],
    });
    expect(bad.status).toBe(400);
    expect((await run(apiKey, '/api/validate-invoice', peppol())).status).toBe(200); // the last one: the 400 took none
    const refused = await run(apiKey, '/api/validate-invoice', peppol());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await refused.json()) as Json).error.message).toContain(`${VALIDATIONS_PER_HOUR.account} per hour`);
    // Past the limit a mistake is still a 400, not a 429: it is refused before it would count.
    expect((await run(apiKey, '/api/validate-invoice', { ...peppol(), extra: 1 })).status).toBe(400);
    expect(emittedMessages(send)).toEqual([]);
    const docs = await call('/api/documents', { headers: auth(apiKey) });
    expect(((await docs.json()) as Json).documents).toEqual([]);
  });

  it(`E8: an anonymous address may validate ${VALIDATIONS_PER_HOUR.anonymous} times an hour, then 429 with Retry-After`, async () => {
    const ip = { 'CF-Connecting-IP': freshClientIp() };
    for (let i = 0; i < VALIDATIONS_PER_HOUR.anonymous; i++) {
      const res = await validate(ip, peppol());
      expect(res.status, `validation ${i + 1}`).toBe(200);
    }
    const refused = await validate(ip, peppol());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await refused.json()) as Json).error.code).toBe('rate_limit_exceeded');
    // Another address is not affected.
    expect((await validate({ 'CF-Connecting-IP': freshClientIp() }, peppol())).status).toBe(200);
  });
});
