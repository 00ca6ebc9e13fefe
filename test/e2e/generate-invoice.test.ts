import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { checkFacturxPdf } from '../../../shared/facturx/check-pdf.mjs';

const baseUrl = inject('baseUrl');
type Json = Record<string, any>;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('the README walk-through over HTTP against wrangler dev', () => {
  it('anonymous JSON totals, as in the README', async () => {
    const res = await post('/api/generate-invoice', {
      from: { name: 'Acme Ltd' },
      to: { name: 'Client GmbH' },
      invoice: { currency: 'EUR' },
      global_tax: 19,
      items: [
        { description: 'Consulting', quantity: 3, unit_price: 120 },
        { description: 'Travel', quantity: 1, unit_price: 80.5, tax_rate: 7 },
      ],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.invoice).toMatchObject({
      subtotal: 440.5,
      total_tax: 74.04,
      grand_total: 514.54,
      balance_due: 514.54,
      status: 'unpaid',
    });
    expect(body.invoice.tax_lines).toEqual([
      { name: 'Tax 19%', rate: 19, amount: 68.4 },
      { name: 'Tax 7%', rate: 7, amount: 5.64 },
    ]);
    expect(res.headers.get('x-request-id')).toBe(body.meta.request_id);
  });

  it('issue 22: the README’s XRechnung dry run, read from the README, passes with no issue', async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const body = /curl -s http:\/\/localhost:8787\/api\/validate-invoice [^\n]* -d '([^']+)'/.exec(readme)?.[1];
    expect(body).toBeDefined();
    const res = await post('/api/validate-invoice', JSON.parse(body!));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ valid: true, profile: 'xrechnung', issues: [] });
  });

  it('register → verify through the dev mail sink → log in → key → PDF, UBL and Factur-X', async () => {
    const email = `e2e-${Date.now()}@example.com`;
    expect((await post('/api/auth/register', { email, password: 'a long enough password' })).status).toBe(201);
    const mail = (await (await fetch(`${baseUrl}/api/dev/emails?to=${encodeURIComponent(email)}`)).json()) as Json;
    const link = mail.emails[0].links[0] as string;
    expect((await fetch(link)).status).toBe(200);
    const login = await post('/api/auth/login', { email, password: 'a long enough password' });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const keyRes = await fetch(`${baseUrl}/api/auth/generate-api-key`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    });
    const { api_key } = (await keyRes.json()) as Json;
    expect(api_key).toMatch(/^inv_sk_[0-9A-Za-z]{40}$/);

    const invoice = {
      from: { name: 'Acme Ltd' },
      to: { name: 'Client GmbH' },
      invoice: { number: 'E2E-1', date: '2026-11-01' },
      items: [{ description: 'Consulting', quantity: 3, unit_price: 120 }],
    };
    const pdf = await post(
      '/api/generate-invoice',
      { ...invoice, output: 'pdf' },
      { Authorization: `Bearer ${api_key}` },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'e2e-pdf-'));
    writeFileSync(join(dir, 'a.pdf'), new Uint8Array(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', [join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('E2E-1');
    expect(text).toContain('Consulting');
    expect(text).toContain('$360.00');

    const ubl = await post(
      '/api/generate-invoice',
      { ...invoice, output: 'ubl' },
      { Authorization: `Bearer ${api_key}` },
    );
    expect(ubl.headers.get('content-type')).toMatch(/^application\/xml/);
    writeFileSync(join(dir, 'a.xml'), await ubl.text());
    expect(execFileSync('../shared/ubl-2.1/validate', [join(dir, 'a.xml')], { encoding: 'utf8' })).toContain(
      'OK (Invoice)',
    );
    // Issue 13: the Factur-X hybrid from the bundled Worker (fonts and the sRGB profile as Data modules).
    const hybridBody = {
      ...invoice,
      from: { name: 'Acme Ltd', address: '1 High Street\nLondon EC1A 1BB', country: 'GB', tax_id: 'GB123456789' },
      to: { name: 'Client GmbH', address: 'Hauptstraße 5\n10115 Berlin', country: 'DE' },
      // Standard-rated VAT: the seller's tax id is written as its VAT number (BR-CO-26 needs a seller identifier).
      items: [{ description: 'Consulting', quantity: 3, unit_price: 120, tax_rate: 20 }],
    };
    const auth = { Authorization: `Bearer ${api_key}` };
    const hybrid = await post('/api/generate-invoice', { ...hybridBody, output: 'facturx' }, auth);
    expect(hybrid.status).toBe(200);
    expect(hybrid.headers.get('content-type')).toBe('application/pdf');
    expect(hybrid.headers.get('x-en16931-issues')).toBeNull();
    writeFileSync(join(dir, 'fx.pdf'), new Uint8Array(await hybrid.arrayBuffer()));
    const { problems, xml } = checkFacturxPdf(join(dir, 'fx.pdf'));
    expect(problems).toEqual([]);
    expect(xml).toContain('<ram:ID>E2E-1</ram:ID>');
    const hybridText = execFileSync('pdftotext', [join(dir, 'fx.pdf'), '-'], { encoding: 'utf8' });
    expect(hybridText).toContain('E2E-1');
    // The QR code (the hosted link) has its localised caption, never the bare QR type.
    expect(hybridText).toContain('Scan to view this invoice online');
    expect(hybridText).not.toMatch(/^\s*url\s*$/m);

    // E4: the same invoice's hosted link opens as a Factur-X PDF that passes the same checks.
    const { hosted_url } = (
      (await (await post('/api/generate-invoice', { ...hybridBody, output: 'json' }, auth)).json()) as Json
    ).invoice;
    const hosted = await fetch(`${hosted_url}&format=facturx`);
    expect(hosted.status).toBe(200);
    writeFileSync(join(dir, 'hosted-fx.pdf'), new Uint8Array(await hosted.arrayBuffer()));
    const opened = checkFacturxPdf(join(dir, 'hosted-fx.pdf'));
    expect(opened.problems).toEqual([]);
    expect(opened.xml).toContain('<ram:ID>E2E-1</ram:ID>');
  });
});
