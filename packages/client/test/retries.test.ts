// Retries only where a repeat cannot create twice (decision S3): 429/503 (and 409 "still running") on a
// GET or on a POST carrying an Idempotency-Key, honouring Retry-After up to the cap, with the same key
// and body on every attempt. Against a real loopback HTTP server.
import { afterEach, describe, expect, it } from 'vitest';
import { InvoiceApiError, InvoiceClient } from '../src/index.ts';
import { apiError, jsonAnswer, type ScriptedAnswer, startScriptedServer } from './scripted-server.ts';

const invoice = {
  from: { name: 'Acme GmbH' },
  to: { name: 'Globex Ltd' },
  items: [{ description: 'Consulting', quantity: 2, unit_price: 150 }],
};
const totals = { success: true, invoice: { number: 'INV-1' }, meta: {}, anonymous: false };
const rateLimited = (retryAfter: string) =>
  apiError(429, 'rate_limit_hourly', 'The hourly window is full.', { 'Retry-After': retryAfter });

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

async function serve(script: (n: number) => ScriptedAnswer) {
  const server = await startScriptedServer(script);
  close = server.close;
  return server;
}

async function rejection(p: Promise<unknown>): Promise<InvoiceApiError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InvoiceApiError);
  return err as InvoiceApiError;
}

describe('InvoiceClient retries (D8 idempotency, D7 Retry-After)', () => {
  it('D8: generate after a 429 with Retry-After: 1 waits a second and sends the same Idempotency-Key and body again', async () => {
    const server = await serve((n) => (n === 0 ? rateLimited('1') : jsonAnswer(200, totals)));
    const client = new InvoiceClient({ apiKey: 'inv_sk_test', baseUrl: server.baseUrl });
    const started = Date.now();
    const result = await client.invoices.generate(invoice);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.invoice.number).toBe('INV-1');
    expect(server.received).toHaveLength(2);
    const [first, second] = server.received;
    expect(first.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    expect(second.body).toBe(first.body);
    expect(JSON.parse(first.body)).toEqual(invoice);
    expect(first.headers.authorization).toBe('Bearer inv_sk_test');
  });

  it('D8: each generate call gets its own key, and a caller-given key is sent as it is', async () => {
    const server = await serve(() => jsonAnswer(200, totals));
    const client = new InvoiceClient({ apiKey: 'inv_sk_test', baseUrl: server.baseUrl });
    await client.invoices.generate(invoice);
    await client.invoices.generate(invoice);
    await client.invoices.batch({ invoices: [invoice] }, { idempotencyKey: 'order-42' });
    const keys = server.received.map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(3);
    expect(keys[2]).toBe('order-42');
  });

  it('D7: a 503 and a 409 still-running answer are retried too; after maxRetries the last answer is the error', async () => {
    const server = await serve((n) =>
      n === 0
        ? apiError(503, 'not_provisioned', 'Not configured.', { 'Retry-After': '0' })
        : apiError(409, 'idempotency_key_conflict', 'Still in progress.', { 'Retry-After': '0' }),
    );
    const client = new InvoiceClient({ apiKey: 'inv_sk_test', baseUrl: server.baseUrl, maxRetries: 3 });
    const err = await rejection(client.invoices.generate(invoice));
    expect(server.received).toHaveLength(4);
    expect([err.status, err.code]).toEqual([409, 'idempotency_key_conflict']);
  });

  it('D7: a Retry-After beyond the cap is not waited for: the 429 comes back at once with its Retry-After', async () => {
    const server = await serve(() => rateLimited('3600'));
    const client = new InvoiceClient({ apiKey: 'inv_sk_test', baseUrl: server.baseUrl, maxRetryWaitSeconds: 30 });
    const started = Date.now();
    const err = await rejection(client.invoices.generate(invoice));
    // Well under the 30 s cap it would have waited (a loaded machine may take a second or two to answer).
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.received).toHaveLength(1);
    expect(err).toMatchObject({ status: 429, code: 'rate_limit_hourly', retryAfterSeconds: 3600 });
  });

  it('maxRetries: 0 turns retries off', async () => {
    const server = await serve(() => rateLimited('0'));
    const client = new InvoiceClient({ apiKey: 'inv_sk_test', baseUrl: server.baseUrl, maxRetries: 0 });
    await rejection(client.invoices.generate(invoice));
    expect(server.received).toHaveLength(1);
  });

  it('a POST without Idempotency-Key (webhook create, legacy render) is never retried', async () => {
    const server = await serve(() => rateLimited('0'));
    const client = new InvoiceClient({ apiKey: 'inv_sk_test', baseUrl: server.baseUrl });
    await rejection(client.webhooks.create({ url: 'https://example.com/hook' }));
    await rejection(client.legacy.render({} as never));
    expect(server.received.map((r) => [r.method, r.url, r.headers['idempotency-key']])).toEqual([
      ['POST', '/api/webhooks', undefined],
      ['POST', '/api/render', undefined],
    ]);
  });

  it('a GET is retried after a 503', async () => {
    const server = await serve((n) =>
      n === 0
        ? apiError(503, 'not_provisioned', 'Not configured.', { 'Retry-After': '0' })
        : jsonAnswer(200, { success: true, webhooks: [] }),
    );
    const client = new InvoiceClient({ apiKey: 'inv_sk_test', baseUrl: server.baseUrl });
    expect(await client.webhooks.list()).toEqual({ success: true, webhooks: [] });
    expect(server.received.map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('an abort during the Retry-After wait ends the call at once with the abort reason', async () => {
    const server = await serve(() => rateLimited('20'));
    const client = new InvoiceClient({ apiKey: 'inv_sk_test', baseUrl: server.baseUrl });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 300);
    const started = Date.now();
    await expect(client.invoices.generate(invoice, { signal: controller.signal })).rejects.toThrow('stop');
    // Long before the 20 s Retry-After (a loaded machine may be a second or two late).
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.received).toHaveLength(1);
  });

  it('other errors are not retried (400, 500)', async () => {
    const server = await serve((n) =>
      n === 0 ? apiError(400, 'validation_error', 'x: bad') : apiError(500, 'internal_error', 'boom'),
    );
    const client = new InvoiceClient({ apiKey: 'inv_sk_test', baseUrl: server.baseUrl });
    expect((await rejection(client.invoices.generate(invoice))).status).toBe(400);
    expect((await rejection(client.webhooks.list())).status).toBe(500);
    expect(server.received).toHaveLength(2);
  });
});
