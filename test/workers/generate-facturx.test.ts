import { describe, expect, it } from 'vitest';
import { call, freshClientIp, testEnv, verifiedAccountWithKey } from './accounts-fixtures.ts';
import { readFacturx } from './facturx-read.ts';
import { jpeg, toBase64 } from './image-fixtures.ts';
import { countProduced } from './limits-fixtures.ts';

/** Issue 13, output "facturx": the invoice's PDF made PDF/A-3b with the CII embedded as factur-x.xml. */

type Json = Record<string, any>;
const from = { name: 'Acme Ltd', address: '1 High Street\nLondon EC1A 1BB', tax_id: 'GB123456789' };
const to = { name: 'Client GmbH', address: 'Hauptstraße 5\n10115 Berlin' };
const invoice = (extra: Record<string, unknown> = {}) => ({
  from: { ...from, country: 'GB' },
  to: { ...to, country: 'DE' },
  items: [{ description: 'Work', quantity: 2, unit_price: 50, tax_rate: 20 }],
  invoice: { number: 'FX-1', date: '2026-03-01' },
  features: { hosted_link: false, qr: false },
  ...extra,
});
const generate = (headers: Record<string, string>, json: unknown) =>
  call('/api/generate-invoice', { method: 'POST', json, headers });

/** A verified free account's API key headers, with `used` of its monthly PDFs already counted. */
async function freeAccountWithPdfsUsed(label: string, used: number): Promise<Record<string, string>> {
  const { apiKey, email } = await verifiedAccountWithKey(label);
  const row = await testEnv.DB.prepare('SELECT id FROM accounts WHERE email = ?').bind(email).first<{ id: string }>();
  await countProduced(
    { kind: 'account', accountId: row!.id, email, tier: 'free', verified: true, via: 'api_key' },
    { documents: used, pdfs: used, calls: 0 },
  );
  return { Authorization: `Bearer ${apiKey}` };
}

describe('issue 13: output facturx', () => {
  it('answers application/pdf, attachment <number>.pdf, with the same CII as output cii embedded as factur-x.xml', async () => {
    const { apiKey } = await verifiedAccountWithKey('fx');
    const headers = { Authorization: `Bearer ${apiKey}` };
    const res = await generate(headers, { ...invoice(), output: 'facturx' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="FX-1\.pdf"/);
    expect(res.headers.has('X-EN16931-Issues')).toBe(false);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder('latin1').decode(bytes.subarray(0, 8))).toBe('%PDF-1.7');
    const parts = await readFacturx(bytes);
    const cii = await generate(headers, { ...invoice(), output: 'cii' });
    expect(parts.xml).toBe(await cii.text());
    expect(parts.afRelationship).toBe('Alternative');
    expect(parts.listedInAf).toBe(true);
    expect(parts.xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(parts.xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(parts.id).toMatch(/^<[0-9a-f]{32}>$/);
  });

  it('D14: the same request twice gives identical bytes; an idempotent replay too, with its EN 16931 header', async () => {
    const { apiKey } = await verifiedAccountWithKey('fxsame');
    const headers = { Authorization: `Bearer ${apiKey}` };
    // No countries: BR-09/BR-11 and friends, so the replay must keep the header.
    const body = { ...invoice({ from, to }), output: 'facturx' };
    const a = await generate({ ...headers, 'Idempotency-Key': 'fx-replay-1' }, body);
    const b = await generate(headers, body);
    const replay = await generate({ ...headers, 'Idempotency-Key': 'fx-replay-1' }, body);
    const [ba, bb, br] = await Promise.all([a, b, replay].map(async (r) => new Uint8Array(await r.arrayBuffer())));
    expect(bb).toEqual(ba);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(br).toEqual(ba);
    expect(replay.headers.get('X-EN16931-Issues')).toBe(a.headers.get('X-EN16931-Issues'));
  });

  it('X-EN16931-Issues names the rules the embedded CII fails when a country is missing, exactly as output cii', async () => {
    const { apiKey } = await verifiedAccountWithKey('fxissues');
    const headers = { Authorization: `Bearer ${apiKey}` };
    const res = await generate(headers, { ...invoice({ from, to }), output: 'facturx' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('X-EN16931-Issues')).toBe('BR-08, BR-09, BR-10, BR-11');
    const cii = await generate(headers, { ...invoice({ from, to }), output: 'cii' });
    expect(res.headers.get('X-EN16931-Issues')).toBe(cii.headers.get('X-EN16931-Issues'));
    expect((await readFacturx(new Uint8Array(await res.arrayBuffer()))).xml).toBe(await cii.text());
  });

  it('D3: an anonymous call cannot ask for it: 403 auth_required naming output', async () => {
    const res = await generate({ 'CF-Connecting-IP': freshClientIp() }, { ...invoice(), output: 'facturx' });
    expect(res.status).toBe(403);
    const body = (await res.json()) as Json;
    expect(body.error.code).toBe('auth_required');
    expect(body.error.message).toContain('output: "facturx"');
  });

  it('D7: it counts against the free plan’s monthly PDF quota exactly like output pdf', async () => {
    // 48 of the free plan's 50 PDFs used.
    const headers = await freeAccountWithPdfsUsed('fxquota', 48);
    expect((await generate(headers, { ...invoice(), output: 'facturx' })).status).toBe(200);
    expect((await generate(headers, { ...invoice(), output: 'pdf' })).status).toBe(200);
    // The 50 PDFs are used: both PDF outputs are refused, the XML and JSON outputs are not.
    for (const output of ['facturx', 'pdf']) {
      const refused = await generate(headers, { ...invoice(), output });
      expect(refused.status, output).toBe(402);
      const body = (await refused.json()) as Json;
      expect(body.error.code).toBe('monthly_limit_reached');
      expect(body.error.message).toContain('50 PDFs');
    }
    for (const output of ['cii', 'json']) expect((await generate(headers, { ...invoice(), output })).status).toBe(200);
  });

  it('D7: a batch item asking for facturx reserves a PDF like one asking for pdf', async () => {
    const headers = await freeAccountWithPdfsUsed('fxbatch', 49);
    const res = await call('/api/batch', {
      method: 'POST',
      json: {
        invoices: [
          { ...invoice(), output: 'facturx' },
          { ...invoice(), output: 'facturx' },
        ],
      },
      headers,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.results.map((r: Json) => r.success)).toEqual([true, false]);
    expect(body.results[1].error.code).toBe('monthly_limit_reached');
  });

  it('ISO 19005-3 6.2.4.3: a CMYK JPEG logo is 400 validation_error naming from.logo; output pdf takes the same logo', async () => {
    const { apiKey } = await verifiedAccountWithKey('fxcmyk');
    const headers = { Authorization: `Bearer ${apiKey}` };
    const logo = `data:image/jpeg;base64,${toBase64(jpeg(16, 8, 4))}`;
    const body = invoice({ from: { ...from, country: 'GB', logo } });
    const res = await generate(headers, { ...body, output: 'facturx' });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as Json).error;
    expect(error.code).toBe('validation_error');
    expect(error.message).toMatch(/^from\.logo: is a CMYK JPEG/);
    expect((await generate(headers, { ...body, output: 'pdf' })).status).toBe(200);
    const rgb = `data:image/jpeg;base64,${toBase64(jpeg(16, 8))}`;
    const ok = await generate(headers, {
      ...invoice({ from: { ...from, country: 'GB', logo: rgb } }),
      output: 'facturx',
    });
    expect(ok.status).toBe(200);
  });

  it('/openapi.json: output lists facturx, the 200 answer describes it and offers application/pdf', async () => {
    const doc = (await (await call('/openapi.json')).json()) as Json;
    const op = doc.paths['/api/generate-invoice'].post;
    const schemas = doc.components.schemas as Json;
    const request = op.requestBody.content['application/json'].schema as Json;
    const body = request.$ref ? schemas[request.$ref.split('/').pop()] : request;
    expect(body.properties.output.enum).toContain('facturx');
    expect(op.responses['200'].description).toContain('facturx');
    expect(op.responses['200'].content['application/pdf']).toBeDefined();
  });
});
