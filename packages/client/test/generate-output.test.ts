// The result of invoices.generate follows `output` (and hostedLinks.open its `format`): at run time by the answer's Content-Type, in the
// types by the generated InvoiceRequest enum (tsc checks the expectTypeOf lines: `npm run typecheck`).
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ApiErrorCode,
  type GenerateResult,
  type HostedInvoiceJson,
  type HostedLinkResult,
  type InvoiceApiErrorCode,
  InvoiceClient,
  type InvoiceJsonResponse,
  type InvoiceOutput,
  type LegacyErrorCode,
} from '../src/index.ts';
import { startScriptedServer } from './scripted-server.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

const invoice = { from: { name: 'A' }, to: { name: 'B' }, items: [{ description: 'x', quantity: 1, unit_price: 1 }] };
const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0x00]);

describe('invoices.generate by output', () => {
  it('PDF answers resolve to the exact bytes, XML answers to text, JSON answers to the parsed body', async () => {
    const server = await startScriptedServer((_, req) => {
      const output = JSON.parse(req.body).output;
      if (output === 'pdf') return { status: 200, headers: { 'Content-Type': 'application/pdf' }, body: pdf };
      if (output === 'ubl')
        return { status: 200, headers: { 'Content-Type': 'application/xml; charset=utf-8' }, body: '<Invoice/>' };
      return { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{"success":true}' };
    });
    close = server.close;
    const client = new InvoiceClient({ baseUrl: server.baseUrl });
    const bytes = await client.invoices.generate({ ...invoice, output: 'pdf' });
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...bytes]).toEqual([...pdf]);
    expect(await client.invoices.generate({ ...invoice, output: 'ubl' })).toBe('<Invoice/>');
    expect(await client.invoices.generate(invoice)).toEqual({ success: true });
    expectTypeOf(bytes).toEqualTypeOf<Uint8Array>();
  });

  it('the types follow the generated contract: outputs, results and error codes', () => {
    expectTypeOf<'json' | 'pdf' | 'ubl' | 'cii'>().toExtend<InvoiceOutput>();
    expectTypeOf<GenerateResult<'json'>>().toEqualTypeOf<InvoiceJsonResponse>();
    expectTypeOf<GenerateResult<'pdf'>>().toEqualTypeOf<Uint8Array>();
    expectTypeOf<GenerateResult<'ubl' | 'cii'>>().toEqualTypeOf<string>();
    expectTypeOf<HostedLinkResult<'json'>>().toEqualTypeOf<HostedInvoiceJson>();
    expectTypeOf<HostedLinkResult<'pdf'>>().toEqualTypeOf<Uint8Array>();
    expectTypeOf<HostedLinkResult<'ubl'>>().toEqualTypeOf<string>();
    expectTypeOf<'validation_error' | 'monthly_limit_reached' | 'rate_limit_hourly'>().toExtend<ApiErrorCode>();
    expectTypeOf<'INSUFFICIENT_CREDITS' | 'API_SECURITY_LIMIT_EXCEEDED'>().toExtend<LegacyErrorCode>();
    // A closed union, not string: a made-up code does not type-check.
    expectTypeOf<'no_such_code'>().not.toExtend<InvoiceApiErrorCode>();
  });
});
