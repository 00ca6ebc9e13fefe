// Every refusal becomes one InvoiceApiError: the current body, the legacy body (D11) and an answer that
// is neither; the field path is read off the message (D4: the message names the field and the rule).
import { afterEach, describe, expect, it } from 'vitest';
import { InvoiceApiError, InvoiceClient } from '../src/index.ts';
import { apiError, jsonAnswer, type ScriptedAnswer, startScriptedServer } from './scripted-server.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

async function errorFor(answer: ScriptedAnswer, call: (c: InvoiceClient) => Promise<unknown>) {
  const server = await startScriptedServer(() => answer);
  close = server.close;
  const err = await call(new InvoiceClient({ apiKey: 'inv_sk_test', baseUrl: server.baseUrl })).catch(
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InvoiceApiError);
  return err as InvoiceApiError;
}

const invoice = { from: { name: 'A' }, to: { name: 'B' }, items: [{ description: 'x', quantity: 1, unit_price: 1 }] };

describe('InvoiceApiError', () => {
  it('D4: the current error body gives status, code, message, field path and request id', async () => {
    const err = await errorFor(apiError(400, 'validation_error', 'items[0].unit_price: must be at least 0'), (c) =>
      c.invoices.generate(invoice),
    );
    expect(err).toMatchObject({
      status: 400,
      code: 'validation_error',
      message: 'items[0].unit_price: must be at least 0',
      field: 'items[0].unit_price',
      requestId: 'req_00000000000000000001',
    });
  });

  it('D11: the legacy body maps into the same error, its code and field in legacy terms', async () => {
    const body = { success: false, error: 'rows[2].qty: must be a number', code: 'VALIDATION_ERROR' };
    const err = await errorFor(jsonAnswer(400, body), (c) => c.legacy.render({} as never));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', field: 'rows[2].qty' });
  });

  it('a message that names no field has no field', async () => {
    const err = await errorFor(apiError(401, 'invalid_api_key', 'The API key is not recognised.'), (c) =>
      c.webhooks.list(),
    );
    expect(err.field).toBeUndefined();
  });

  it('an answer without a contract error body is unexpected_response, with status and an excerpt', async () => {
    const err = await errorFor(
      { status: 502, headers: { 'Content-Type': 'text/html' }, body: '<h1>Bad gateway</h1>' },
      (c) => c.webhooks.list(),
    );
    expect(err).toMatchObject({
      status: 502,
      code: 'unexpected_response',
      message: expect.stringContaining('Bad gateway'),
    });
  });
});
