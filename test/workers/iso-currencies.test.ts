// Decision C-ISO (issue 23): every active ISO 4217 currency through the Worker: JSON amounts with the currency's
// minor units, invalid_currency for anything else, and the set in /openapi.json and list_options.
import { CURRENCY_CODES, SPEC_CURRENCY_CODES } from '@invoice/model';
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
});
