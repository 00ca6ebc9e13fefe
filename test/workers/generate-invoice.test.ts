import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { countryName } from '@invoice/i18n';
import { describe, expect, it } from 'vitest';
import { BASE, call, freshClientIp, verifiedAccountWithKey, workerFetch } from './accounts-fixtures.ts';

const minimal = {
  from: { name: 'Acme Ltd' },
  to: { name: 'Client GmbH' },
  items: [{ description: 'Work', quantity: 2, unit_price: 50 }],
};

/** A fresh client IP per call keeps each test inside its own anonymous window (D3: 20 per hour per IP). */
function anonymous(json: unknown, headers: Record<string, string> = {}) {
  return call('/api/generate-invoice', {
    method: 'POST',
    json,
    headers: { 'CF-Connecting-IP': freshClientIp(), ...headers },
  });
}

type Json = Record<string, any>;

/**
 * One account for the tests that only generate and read their own answers (about 20 calls of its hourly 40),
 * made once per file; a test that reads the account's windows or uses up its documents makes its own.
 */
let outputsAccountMade: ReturnType<typeof verifiedAccountWithKey> | undefined;
const outputsAccount = () => {
  outputsAccountMade ??= verifiedAccountWithKey('gen-outputs');
  return outputsAccountMade;
};

describe('POST /api/generate-invoice, anonymous (D3)', () => {
  it('answers the InvoiceJsonResponse shape with computed totals', async () => {
    const res = await anonymous({ ...minimal, global_tax: 20, invoice: { number: 'A-1', date: '2026-03-01' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.success).toBe(true);
    expect(body.anonymous).toBe(true);
    expect(body.invoice).toMatchObject({
      number: 'A-1',
      date: '2026-03-01',
      currency: 'USD',
      language: 'en',
      template: 'classic',
      title: 'INVOICE',
      subtotal: 100,
      discount_total: 0,
      shipping: 0,
      total_tax: 20,
      rounding_adjustment: 0,
      grand_total: 120,
      deposit: 0,
      amount_paid: 0,
      balance_due: 120,
      status: 'unpaid',
      tax_lines: [{ name: 'Tax 20%', amount: 20 }],
    });
    expect(body.invoice.items[0]).toMatchObject({
      description: 'Work',
      quantity: 2,
      unit_price: 50,
      tax_amount: 20,
      line_total: 100,
    });
    expect(body.invoice.hosted_url).toBeUndefined();
    expect(body.invoice.qr).toBeUndefined();
    expect(body.meta.request_id).toBe(res.headers.get('X-Request-Id'));
    expect(body.meta.request_id).toMatch(/^req_[0-9A-Za-z]{20}$/);
    expect(Number.isInteger(body.meta.processing_ms)).toBe(true);
    expect(body.meta.credits_remaining).toEqual({ hourly: 19, weekly: 99 });
    expect(res.headers.get('X-RateLimit-Limit-Hourly')).toBe('20');
    expect(res.headers.get('X-RateLimit-Remaining-Hourly')).toBe('19');
  });

  it('D13: generates INV-YYYYMMDD-XXXXXX and today (UTC) when number and date are absent; a stray invoice_number is ignored', async () => {
    const res = await anonymous({ ...minimal, invoice_number: 'MINE-1' });
    const body = (await res.json()) as Json;
    const today = new Date().toISOString().slice(0, 10);
    expect(body.invoice.date).toBe(today);
    expect(body.invoice.number).toMatch(new RegExp(`^INV-${today.replaceAll('-', '')}-[A-Z2-7]{6}$`));
  });

  it('accepts camelCase keys and the flat metadata layer', async () => {
    const res = await anonymous({
      from: { name: 'A', taxId: 'X1' },
      to: { name: 'B' },
      currency: 'EUR',
      number: 'F-9',
      dueDate: '2030-01-01',
      date: '2029-12-01',
      items: [{ description: 'x', quantity: 1, unitPrice: 10, taxRate: 10, discountType: 'amount', discount: 1 }],
      amountPaid: 5,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.invoice).toMatchObject({
      number: 'F-9',
      currency: 'EUR',
      due_date: '2030-01-01',
      subtotal: 9,
      total_tax: 0.9,
      grand_total: 9.9,
      amount_paid: 5,
      balance_due: 4.9,
      status: 'partial',
    });
    expect(body.invoice.from.tax_id).toBe('X1');
  });

  it.each([
    [{ output: 'pdf' }, 'output'],
    [{ output: 'ubl' }, 'output'],
    [{ output: 'cii' }, 'output'],
    [{ output: 'facturx' }, 'output'],
    [{ features: { hosted_link: true } }, 'features.hosted_link'],
    [{ features: { qr: true } }, 'features.qr'],
  ])('D3: %j → 403 auth_required', async (extra, field) => {
    const res = await anonymous({ ...minimal, ...extra });
    expect(res.status).toBe(403);
    const body = (await res.json()) as Json;
    expect(body).toEqual({
      success: false,
      error: {
        code: 'auth_required',
        message: expect.stringContaining(field),
        details: [{ path: field, rule: 'requires_account', message: expect.stringContaining('anonymous') }],
      },
    });
    expect(res.headers.get('X-RateLimit-Limit-Hourly')).toBe('20');
  });

  it.each([
    [{ ...minimal, invoice: { currency: 'XXX' } }, 'invalid_currency', 'invoice.currency'],
    [{ ...minimal, invoice: { language: 'xx' } }, 'invalid_language', 'invoice.language'],
    [{ ...minimal, template: 'fancy' }, 'invalid_template', 'template'],
    [{ ...minimal, output: 'docx' }, 'invalid_output', 'output'],
    [{ ...minimal, payment: { qr: { type: 'bitcoin', value: 'x' } } }, 'invalid_qr_type', 'payment.qr.type'],
    [{ ...minimal, items: [] }, 'validation_error', 'items'],
    [
      { from: { name: 'A' }, to: { name: 'B' }, items: [{ description: 'x' }, { description: 'y', unit_price: '5' }] },
      'validation_error',
      'items[1].unit_price',
    ],
    [{ ...minimal, to: {} }, 'validation_error', 'to.name'],
  ])('spec Errors: %# answers 400 with the code and the field path', async (body, code, path) => {
    const res = await anonymous(body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as Json;
    expect(json.success).toBe(false);
    expect(json.error.code).toBe(code);
    expect(json.error.message).toContain(path);
  });

  it('invalid_json: a body that is not JSON is 400 with the parser position', async () => {
    const res = await workerFetch(`${BASE}/api/generate-invoice`, {
      method: 'POST',
      body: '{"from": ',
      headers: { 'CF-Connecting-IP': freshClientIp() },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error.code).toBe('invalid_json');
  });

  it('D5: a body over 10 MB is 413 payload_too_large', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024 + 10);
    const res = await workerFetch(`${BASE}/api/generate-invoice`, {
      method: 'POST',
      body: big,
      headers: { 'CF-Connecting-IP': freshClientIp() },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as Json).error.code).toBe('payload_too_large');
  });

  it('D4: a wrong method on a known route is 405 method_not_allowed with Allow', async () => {
    const res = await workerFetch(`${BASE}/api/generate-invoice`);
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
    expect(((await res.json()) as Json).error.code).toBe('method_not_allowed');
  });

  it('rule 4: an unknown Bearer key is 401 invalid_api_key', async () => {
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: minimal,
      headers: { Authorization: 'Bearer inv_sk_nope' },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Json).error.code).toBe('invalid_api_key');
  });
});

describe('POST /api/generate-invoice, authenticated', () => {
  it('JSON with a hosted link and a QR from the hosted link by default; meta from the account windows', async () => {
    const { apiKey: key } = await verifiedAccountWithKey('gen');
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: minimal,
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.anonymous).toBe(false);
    expect(body.invoice.hosted_url).toMatch(/^http:\/\/localhost:8787\/api\/i\/[0-9A-Za-z]{22}\?t=[\w-]+$/);
    expect(body.invoice.hosted_expires_at).toBeGreaterThan(Date.now() / 1000 + 7 * 86400 - 60);
    expect(body.invoice.qr).toEqual({ source: 'hosted_link', type: 'url' });
    expect(body.meta.credits_remaining.hourly).toBe(39);
    expect(body.meta.rate_limits.monthly_equivalent).toBe(100);
    const hosted = await workerFetch(`${body.invoice.hosted_url}&format=json`);
    expect(hosted.status).toBe(200);
    expect(((await hosted.json()) as Json).invoice.grand_total).toBe(100);
  });

  it('payment.qr overrides the hosted-link QR; features.hosted_link false stores nothing', async () => {
    const { apiKey: key } = await outputsAccount();
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: {
        ...minimal,
        features: { hosted_link: false },
        payment: { qr: { type: 'url', value: 'https://pay.example/1' } },
      },
      headers: { Authorization: `Bearer ${key}` },
    });
    const body = (await res.json()) as Json;
    expect(body.invoice.hosted_url).toBeUndefined();
    expect(body.invoice.qr).toEqual({ source: 'payment', type: 'url', payload: 'https://pay.example/1' });
  });

  it('issue 23: payment.qr {type: sepa} is built for the balance due and named in invoice.qr; a 0 balance draws the hosted link', async () => {
    const { apiKey: key } = await outputsAccount();
    const post = (json: unknown) =>
      call('/api/generate-invoice', { method: 'POST', json, headers: { Authorization: `Bearer ${key}` } });
    const sepa = {
      ...minimal,
      invoice: { number: 'SEPA-1', currency: 'EUR' },
      amount_paid: 40,
      payment: { iban: 'DE89 3704 0044 0532 0130 00', reference: 'RF18 5390 0754 7034', qr: { type: 'sepa' } },
    };
    const body = (await (await post(sepa)).json()) as Json;
    expect(body.invoice.qr).toEqual({
      source: 'payment',
      type: 'sepa',
      payload: 'BCD\n002\n1\nSCT\n\nAcme Ltd\nDE89370400440532013000\nEUR60.00\n\nRF18539007547034',
    });
    const paid = (await (await post({ ...sepa, amount_paid: 100 })).json()) as Json;
    expect(paid.invoice.qr).toEqual({ source: 'hosted_link', type: 'url' });

    const usd = await post({ ...sepa, invoice: { number: 'SEPA-2', currency: 'USD' } });
    expect(usd.status).toBe(400);
    expect(((await usd.json()) as Json).error.details).toEqual([
      { path: 'payment.qr', rule: 'conflict', message: 'type sepa needs invoice.currency EUR, not USD' },
    ]);
    // a rule that needs the totals: EPC069-12's 331 bytes, checked before anything is stored
    const long = await post({
      ...sepa,
      invoice: { number: '€'.repeat(60), currency: 'EUR' },
      payment: { ...sepa.payment, reference: undefined, account_name: '€'.repeat(70) },
    });
    expect(long.status).toBe(400);
    expect(((await long.json()) as Json).error.details[0]).toMatchObject({ path: 'payment.qr', rule: 'payload' });
    // the free dry run refuses it the same way
    const dry = await call('/api/validate-invoice', {
      method: 'POST',
      json: {
        ...sepa,
        invoice: { number: '€'.repeat(60), currency: 'EUR' },
        payment: { ...sepa.payment, reference: undefined, account_name: '€'.repeat(70) },
      },
      headers: { 'CF-Connecting-IP': freshClientIp() },
    });
    expect(dry.status).toBe(400);
    expect(((await dry.json()) as Json).error.details[0]).toMatchObject({ path: 'payment.qr', rule: 'payload' });
  });

  it('issue 23 swiss (SIX IG 2.3): payment.qr {type: swiss} is built for the balance due; a creditor without an address is a 400 naming the field', async () => {
    const { apiKey: key } = await outputsAccount();
    const post = (json: unknown) =>
      call('/api/generate-invoice', { method: 'POST', json, headers: { Authorization: `Bearer ${key}` } });
    const swiss = {
      ...minimal,
      from: { name: 'Acme AG', street: 'Rue du Lac 1268', postal_code: '2501', city: 'Biel', country: 'CH' },
      invoice: { number: 'CH-1', currency: 'CHF' },
      amount_paid: 40,
      payment: { iban: 'CH44 3199 9123 0008 8901 2', reference: '210000000003139471430009017', qr: { type: 'swiss' } },
    };
    const res = await post(swiss);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    const lines = body.invoice.qr.payload.split('\n');
    expect([lines[0], lines[1], lines[3], lines[18], lines[19], lines[27], lines[28], lines[29], lines[30]]).toEqual([
      'SPC',
      '0200',
      'CH4431999123000889012',
      '60.00',
      'CHF',
      'QRR',
      '210000000003139471430009017',
      'CH-1',
      'EPD',
    ]);
    // §3.4: the Worker bundles Liberation Sans and the bill's page embeds it (Regular and Bold subsets)
    const pdf = await PDFDocument.load(new Uint8Array(await (await post({ ...swiss, output: 'pdf' })).arrayBuffer()));
    const fontNames = pdf.context
      .enumerateIndirectObjects()
      .map(([, o]) => (o instanceof PDFDict ? o.get(PDFName.of('BaseFont')) : undefined))
      .filter((n): n is PDFName => n instanceof PDFName)
      .map((n) => n.decodeText().replace(/^[A-Z]{6}\+/, ''));
    expect(fontNames).toEqual(expect.arrayContaining(['LiberationSans', 'LiberationSans-Bold']));
    const bad = await post({ ...swiss, from: { name: 'Acme AG', city: 'Biel', country: 'CH' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).error.details.map((d: Json) => d.path)).toEqual([
      'from.street',
      'from.postal_code',
    ]);
    const noRef = await post({ ...swiss, payment: { ...swiss.payment, reference: undefined } });
    expect(((await noRef.json()) as Json).error.details).toEqual([
      {
        path: 'payment.reference',
        rule: 'required',
        message: 'is required with a QR-IBAN: a QR reference (SIX IG 2.3 §4.3.2, QRR)',
      },
    ]);
  });

  it('issue 23: an anonymous caller gets no QR (D3); features.qr false beside a zatca code is a 400 at features.qr (Q11)', async () => {
    const sepa = {
      ...minimal,
      invoice: { number: 'SEPA-A', currency: 'EUR' },
      payment: { iban: 'DE89 3704 0044 0532 0130 00', qr: { type: 'sepa' } },
    };
    const anon = await anonymous(sepa);
    expect(anon.status).toBe(200);
    expect(((await anon.json()) as Json).invoice.qr).toBeUndefined();
    const { apiKey: key } = await outputsAccount();
    const zatca = {
      ...minimal,
      from: { name: 'Acme Ltd', tax_id: '310122393500003' },
      invoice: { number: 'Z-1', currency: 'SAR' },
      payment: { qr: { type: 'zatca' } },
      features: { qr: false },
    };
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: zatca,
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as Json;
    expect(error.details).toEqual([{ path: 'features.qr', rule: 'conflict', message: expect.stringMatching(/zatca/) }]);
  });

  it('issue 23: /openapi.json: PaymentQr names swiss among the codes built; payment.reference the 27-digit Swiss QR reference', async () => {
    const s = ((await (await call('/openapi.json')).json()) as Json).components.schemas;
    expect(s.PaymentQr.description).toMatch(/`swiss` \(the Swiss QR-bill/);
    expect(s.PaymentQr.properties.type.enum).toContain('swiss');
    expect(s.Payment.properties.reference.description).toMatch(/ISO 11649.*QR-IBAN.*27-digit Swiss QR reference/);
  });

  it('output pdf answers application/pdf as an attachment named after the number', async () => {
    const { apiKey: key } = await verifiedAccountWithKey('genpdf');
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: { ...minimal, output: 'pdf', invoice: { number: 'PDF-7' } },
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="PDF-7\.pdf"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(res.headers.get('X-RateLimit-Remaining-Hourly')).toBe('39');
  });

  it('output ubl answers application/xml with a UBL 2.1 Invoice', async () => {
    const { apiKey: key } = await outputsAccount();
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: { ...minimal, output: 'ubl', invoice: { number: 'U-1' } },
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toContain('<cbc:UBLVersionID>2.1</cbc:UBLVersionID>');
    expect(xml).toContain('<cbc:ID>U-1</cbc:ID>');
  });

  it('issue 13: output cii answers application/xml with a CII in the Factur-X EN 16931 profile and X-EN16931-Issues', async () => {
    const { apiKey: key } = await outputsAccount();
    const headers = { Authorization: `Bearer ${key}` };
    const from = { name: 'Acme Ltd', address: '1 High Street\nLondon EC1A 1BB', registration_no: '09876543' };
    const to = { name: 'Client GmbH', address: 'Hauptstraße 5\n10115 Berlin' };
    const without = await call('/api/generate-invoice', {
      method: 'POST',
      json: { ...minimal, from, to, output: 'cii', invoice: { number: 'C-1' } },
      headers,
    });
    expect(without.status).toBe(200);
    expect(without.headers.get('Content-Type')).toMatch(/^application\/xml/);
    expect(without.headers.get('Content-Disposition')).toMatch(/^attachment; filename="C-1\.xml"/);
    expect(without.headers.get('X-EN16931-Issues')).toBe('BR-08, BR-09, BR-10, BR-11');
    const xml = await without.text();
    expect(xml).toContain('<rsm:CrossIndustryInvoice');
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain('<ram:ID>C-1</ram:ID>');

    const withCountries = await call('/api/generate-invoice', {
      method: 'POST',
      json: {
        ...minimal,
        from: { ...from, country: 'gb' },
        to: { ...to, country: 'DE' },
        output: 'cii',
        invoice: { number: 'C-2' },
      },
      headers,
    });
    expect(withCountries.status).toBe(200);
    expect(withCountries.headers.has('X-EN16931-Issues')).toBe(false);
    const ciiXml = await withCountries.text();
    expect(ciiXml).toContain('<ram:CountryID>GB</ram:CountryID>');
    expect(ciiXml).toContain('<ram:CountryID>DE</ram:CountryID>');
  });

  it('output ubl: X-EN16931-Issues names the EN 16931 rules the request cannot satisfy, and is absent once countries are given', async () => {
    const { apiKey: key } = await outputsAccount();
    const headers = { Authorization: `Bearer ${key}` };
    const from = { name: 'Acme Ltd', address: '1 High Street\nLondon EC1A 1BB', registration_no: '09876543' };
    const to = { name: 'Client GmbH', address: 'Hauptstraße 5\n10115 Berlin' };
    const without = await call('/api/generate-invoice', {
      method: 'POST',
      json: { ...minimal, from, to, output: 'ubl', invoice: { number: 'U-2' } },
      headers: { ...headers, 'Idempotency-Key': 'ubl-issues-1' },
    });
    expect(without.status).toBe(200);
    expect(without.headers.get('X-EN16931-Issues')).toBe('BR-09, BR-11');
    expect(await without.text()).not.toContain('<cac:Country>');
    const replay = await call('/api/generate-invoice', {
      method: 'POST',
      json: { ...minimal, from, to, output: 'ubl', invoice: { number: 'U-2' } },
      headers: { ...headers, 'Idempotency-Key': 'ubl-issues-1' },
    });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.headers.get('X-EN16931-Issues')).toBe('BR-09, BR-11');

    const withCountries = await call('/api/generate-invoice', {
      method: 'POST',
      json: {
        ...minimal,
        from: { ...from, country: 'gb' },
        to: { ...to, country: 'DE' },
        output: 'ubl',
        invoice: { number: 'U-3' },
      },
      headers,
    });
    expect(withCountries.status).toBe(200);
    expect(withCountries.headers.has('X-EN16931-Issues')).toBe(false);
    const xml = await withCountries.text();
    expect(xml).toContain('<cbc:IdentificationCode>GB</cbc:IdentificationCode>');
    expect(xml).toContain('<cbc:IdentificationCode>DE</cbc:IdentificationCode>');

    const json = await call('/api/generate-invoice', { method: 'POST', json: { ...minimal, from, to }, headers });
    expect(json.headers.has('X-EN16931-Issues')).toBe(false);

    const doc = (await (await call('/openapi.json')).json()) as Json;
    expect(doc.paths['/api/generate-invoice'].post.responses['200'].headers['X-EN16931-Issues']).toMatchObject({
      required: false,
      schema: { type: 'string' },
    });
  });

  it('output pdf with structured addresses; workerd names their countries in the invoice language (Intl.DisplayNames)', async () => {
    expect(countryName('NL', 'de')).toBe('Niederlande');
    expect(countryName('DE', 'ar')).toBe('ألمانيا');
    const { apiKey: key } = await outputsAccount();
    const body = {
      ...minimal,
      from: { name: 'Acme Ltd', street: '1 High Street', postal_code: 'EC1A 1BB', city: 'London', country: 'GB' },
      ship_to: { country: 'DE' },
      invoice: { language: 'de' },
      output: 'pdf',
    };
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: body,
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
  });

  it('an invalid country is 400 validation_error naming the field', async () => {
    const res = await anonymous({ ...minimal, to: { name: 'Client GmbH', country: 'Germany' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error).toEqual({
      code: 'validation_error',
      message: 'to.country: must be an ISO 3166-1 alpha-2 country code',
      details: [{ path: 'to.country', rule: 'format', message: 'must be an ISO 3166-1 alpha-2 country code' }],
    });
  });

  it('D5: a signature over 2.5 MB decoded is 400 validation_error naming signature', async () => {
    const { apiKey: key } = await outputsAccount();
    const png = new Uint8Array(2.5 * 1024 * 1024 + 16);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    let bin = '';
    for (let i = 0; i < png.length; i += 0x8000) bin += String.fromCharCode(...png.subarray(i, i + 0x8000));
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: { ...minimal, signature: `data:image/png;base64,${btoa(bin)}` },
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error).toEqual({
      code: 'validation_error',
      message: expect.stringMatching(/^signature: .*2\.5 MB/),
      details: [{ path: 'signature', rule: 'image', message: expect.stringMatching(/2\.5 MB/) }],
    });
  });

  it('D5: a logo that is not PNG or JPEG is 400 validation_error naming from.logo', async () => {
    const { apiKey: key } = await outputsAccount();
    const gif = `data:image/png;base64,${btoa('GIF89a not really')}`;
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: { ...minimal, from: { name: 'A', logo: gif } },
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Json;
    expect(body.error).toEqual({
      code: 'validation_error',
      message: expect.stringContaining('from.logo'),
      details: [{ path: 'from.logo', rule: 'image', message: expect.any(String) }],
    });
  });
});

describe('POST /api/generate-invoice with Idempotency-Key (D8)', () => {
  it('D8: 20 concurrent requests with one key produce exactly one document; the rest replay it or conflict', async () => {
    const { apiKey } = await verifiedAccountWithKey('idem');
    const body = { ...minimal, output: 'pdf' };
    const send = () =>
      call('/api/generate-invoice', {
        method: 'POST',
        json: body,
        headers: { Authorization: `Bearer ${apiKey}`, 'Idempotency-Key': 'same-key-1' },
      });
    const responses = await Promise.all(Array.from({ length: 20 }, send));
    const fresh = responses.filter((r) => r.status === 200 && r.headers.get('Idempotent-Replayed') !== 'true');
    const replays = responses.filter((r) => r.status === 200 && r.headers.get('Idempotent-Replayed') === 'true');
    const conflicts = responses.filter((r) => r.status === 409);
    expect(fresh).toHaveLength(1);
    expect(replays.length + conflicts.length).toBe(19);
    // A request that arrives while the first is still running is refused as in flight, not run again.
    for (const r of conflicts) expect(((await r.json()) as Json).error.code).toBe('idempotency_key_conflict');
    const first = new Uint8Array(await fresh[0].arrayBuffer());
    for (const r of replays) expect(new Uint8Array(await r.arrayBuffer())).toEqual(first);
    // Only the one generation counted against the hourly window.
    const after = await send();
    expect(after.headers.get('Idempotent-Replayed')).toBe('true');
    const me = await call('/api/generate-invoice', {
      method: 'POST',
      json: minimal,
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(me.headers.get('X-RateLimit-Remaining-Hourly')).toBe('38');
  });

  it('D8: the same key with another body is 422 idempotency_key_conflict', async () => {
    const { apiKey } = await verifiedAccountWithKey('idem2');
    const headers = { Authorization: `Bearer ${apiKey}`, 'Idempotency-Key': 'k-2' };
    expect((await call('/api/generate-invoice', { method: 'POST', json: minimal, headers })).status).toBe(200);
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: { ...minimal, notes: 'changed' },
      headers,
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as Json).error.code).toBe('idempotency_key_conflict');
  });
});

describe('issue 10.10: bounded normalisation work', () => {
  it('an object with more keys than any request has is 400 validation_error naming it, not a 500', async () => {
    const wide = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`camelKey${i}`, i]));
    const res = await anonymous({ ...minimal, to: { name: 'B', ...wide } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error).toEqual({
      code: 'validation_error',
      message: expect.stringMatching(/^to: has 1001 keys; an object of an invoice request has at most \d+$/),
      details: [{ path: 'to', rule: 'max_keys', message: expect.stringMatching(/^has 1001 keys/) }],
    });
  });
});
