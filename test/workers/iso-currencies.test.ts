// Decision C-ISO (issue 23): every active ISO 4217 currency through the Worker: JSON amounts with the currency's
// minor units, invalid_currency for anything else, and the set in /openapi.json and list_options.
import { CURRENCY_CODES, SPEC_CURRENCY_CODES } from '@invoice/model';
import { BE_BUYER, BE_SELLER } from '@invoice/ubl/test/profile-parties';
import { describe, expect, it } from 'vitest';
import { call, freshClientIp, verifiedAccountWithKey } from './accounts-fixtures.ts';

type Json = Record<string, any>;

const invoice = (currency: string) => ({
  from: { name: 'Al Noor Trading' },
  to: { name: 'Gulf Client' },
  invoice: { currency, language: 'ar' },
  items: [{ description: 'x', quantity: 3, unit_price: 0.3335 }],
  global_tax: 5,
});

const anonymous = (json: unknown) =>
  call('/api/generate-invoice', { method: 'POST', json, headers: { 'CF-Connecting-IP': freshClientIp() } });

describe('C-ISO: every ISO 4217 currency (issue 23)', () => {
  it('C-ISO/D1: a KWD invoice answers 3-decimal amounts, an ISK one whole krónur', async () => {
    const kwd = (await (await anonymous(invoice('KWD'))).json()) as Json;
    expect(kwd.invoice).toMatchObject({ currency: 'KWD', subtotal: 1.001, total_tax: 0.05, grand_total: 1.051 });
    const isk = (await (await anonymous(invoice('ISK'))).json()) as Json;
    expect(isk.invoice).toMatchObject({ currency: 'ISK', subtotal: 1, total_tax: 0, grand_total: 1 });
  });

  it('C-ISO: invalid_currency for a code that is not an active ISO 4217 currency', async () => {
    for (const code of ['XYZ', 'XAU', 'BGN']) {
      const res = await anonymous(invoice(code));
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).error.code).toBe('invalid_currency');
    }
  });

  it('C-ISO: /openapi.json and list_options show the 155 codes, the spec’s 21 first', async () => {
    const doc = (await (await call('/openapi.json')).json()) as Json;
    const currency = doc.components.schemas.InvoiceMeta.properties.currency;
    expect(currency.enum).toEqual(CURRENCY_CODES);
    expect(currency.enum.slice(0, 21)).toEqual([...SPEC_CURRENCY_CODES]);
    expect(currency.description).toMatch(/ISO 4217/);

    const { apiKey } = await verifiedAccountWithKey('iso-currencies');
    const res = await call('/mcp', {
      method: 'POST',
      json: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_options', arguments: {} } },
      headers: { Accept: 'application/json, text/event-stream', Authorization: `Bearer ${apiKey}` },
    });
    const options = ((await res.json()) as Json).result.structuredContent;
    expect(options.currencies).toEqual(CURRENCY_CODES);
    expect(options.currencies).toHaveLength(155);
  });

  it('C-ISO: a KWD peppol UBL names the BR-DEC rules in its header and in /api/validate-invoice, at invoice.currency', async () => {
    const { apiKey } = await verifiedAccountWithKey('iso-kwd-peppol');
    const body = {
      from: BE_SELLER,
      to: BE_BUYER,
      invoice: { number: 'KW-1', date: '2026-03-02', due_date: '2026-04-01', po_number: 'PO-77', currency: 'KWD' },
      items: [{ description: 'Design', quantity: 3, unit_price: 0.3335, tax_rate: 21 }],
      payment: { iban: 'BE68539007547034', swift: 'BBRUBEBB' },
      einvoice_profile: 'peppol',
      features: { qr: false },
      output: 'ubl',
    };
    const headers = { Authorization: `Bearer ${apiKey}` };
    // every amount element of this document carries a third decimal (the EN 16931 rules of each, as the CEN
    // Schematron names them: packages/ubl/test/iso-currency-issues.test.ts)
    const rules = [
      'UBL-DT-01',
      ...[9, 10, 11, 12, 14, 16, 17, 18, 19, 20, 23].map((n) => `BR-DEC-${String(n).padStart(2, '0')}`),
    ];
    const res = await call('/api/generate-invoice', { method: 'POST', json: body, headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-EInvoice-Issues')).toBe(rules.join(', '));
    expect(res.headers.has('X-EN16931-Issues')).toBe(false);
    // the default profile names the same rules in X-EN16931-Issues
    const { einvoice_profile: _p, ...plain } = body;
    const en = await call('/api/generate-invoice', { method: 'POST', json: plain, headers });
    expect(en.headers.get('X-EN16931-Issues')).toBe(rules.join(', '));
    const dry = await call('/api/validate-invoice', { method: 'POST', json: body, headers });
    const verdict = (await dry.json()) as Json;
    expect([dry.status, verdict.valid, verdict.profile]).toEqual([200, false, 'peppol']);
    expect(verdict.issues.map((i: Json) => i.rule)).toEqual(rules);
    for (const issue of verdict.issues) {
      expect(issue.path).toBe('invoice.currency');
      expect(issue.message).toMatch(/at most 2 decimals/);
    }
  });
});
