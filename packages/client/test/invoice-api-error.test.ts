// Every refusal becomes one InvoiceApiError: the current body, the legacy body (D11) and an answer that
// is neither; the fields and rules come from the body's `details` (issue 21), never from the prose.
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
  it('D4 / issue 21: the current error body gives status, code, message, details, field and request id', async () => {
    const details = [
      { path: 'items[0].unit_price', rule: 'minimum', message: 'must be at least 0' },
      { path: 'items[0].price', rule: 'unknown_field', message: 'unknown field (did you mean unit_price?)' },
    ];
    const message = 'items[0].unit_price: must be at least 0; items[0].price: unknown field (did you mean unit_price?)';
    const err = await errorFor(apiError(400, 'validation_error', message, {}, details), (c) =>
      c.invoices.generate(invoice),
    );
    expect(err).toMatchObject({
      status: 400,
      code: 'validation_error',
      message,
      details,
      field: 'items[0].unit_price',
      requestId: 'req_00000000000000000001',
    });
  });

  it('issue 21: the field comes from details, not from the prose', async () => {
    // A message that looks like `path: rule` but no details: no field is guessed.
    const err = await errorFor(apiError(400, 'validation_error', 'items[0].unit_price: must be at least 0'), (c) =>
      c.invoices.generate(invoice),
    );
    expect([err.field, err.details]).toEqual([undefined, []]);
    // Malformed entries are left out.
    const odd = await errorFor(
      apiError(400, 'validation_error', 'x', {}, [
        { path: 1, rule: 'type' } as never,
        { path: 'a', rule: 'type', message: 'm' },
      ]),
      (c) => c.invoices.generate(invoice),
    );
    expect(odd.details).toEqual([{ path: 'a', rule: 'type', message: 'm' }]);
  });

  it('D11: the legacy body maps into the same error, its code and details in legacy terms', async () => {
    const details = [{ path: 'rows[2].qty', rule: 'type', message: 'must be a number' }];
    const body = { success: false, error: 'rows[2].qty: must be a number', code: 'VALIDATION_ERROR', details };
    const err = await errorFor(jsonAnswer(400, body), (c) => c.legacy.render({} as never));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', field: 'rows[2].qty', details });
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
