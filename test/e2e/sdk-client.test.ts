// The SDK (packages/client, issue 14) against a real `wrangler dev`: every method once, the typed
// errors for 400, 401, 402 and 429, the idempotent retry through a proxy that loses the first answer,
// and verifyWebhook on real deliveries (D10). Imports the package's source; sdk-examples.test.ts runs
// the built package the way a user installs it.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  InvoiceApiError,
  InvoiceClient,
  type InvoiceOutput,
  type LegacyRenderRequest,
  verifyWebhook,
} from '../../packages/client/src/index.ts';
import { startLossyProxy } from './lossy-proxy.ts';
import { type Delivery, startReceiver, waitFor } from './webhooks-fixtures.ts';

const baseUrl = inject('baseUrl');

/** A complete invoice, so every output of the contract (EN 16931 ones included) can be produced from it. */
const invoice = {
  from: {
    name: 'Acme GmbH',
    street: 'Hauptstr. 1',
    postal_code: '10115',
    city: 'Berlin',
    country: 'DE',
    tax_id: 'DE123456789',
  },
  to: {
    name: 'Globex SARL',
    street: '1 rue de la Paix',
    postal_code: '75002',
    city: 'Paris',
    country: 'FR',
    tax_id: 'FR12345678901',
  },
  invoice: { currency: 'EUR' as const, date: '2026-03-02', due_date: '2026-04-01' },
  items: [{ description: 'Consulting', quantity: 2, unit_price: 150.25, tax_rate: 19 }],
};
const legacyRequest: LegacyRenderRequest = {
  title: 'Acme Ltd',
  invno: 'L-SDK-1',
  date: '2026-03-01',
  to: 'Client GmbH\nHauptstraße 1\n10115 Berlin',
  currency: 'EUR',
  lang: 'en',
  template: 'neat-pro',
  rows: [{ desc: 'Consulting', qty: '2', rate: '1250.25', tax: 20 }],
};

const isPdf = (b: Uint8Array) => new TextDecoder().decode(b.subarray(0, 5)) === '%PDF-';

async function apiError(p: Promise<unknown>): Promise<InvoiceApiError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InvoiceApiError);
  return err as InvoiceApiError;
}

/** Made over HTTP by the e2e global setup, on the plans (and with the legacy credits) these tests need. */
const all = inject('accounts');
const accounts = {
  main: all.sdk,
  invalid: all['sdk-400'],
  /** 1 legacy credit (D11). */
  credits: all['sdk-402'],
  free: all['sdk-429'],
  pro: all['sdk-idem'],
  webhooks: all['sdk-wh'],
};

describe('InvoiceClient against wrangler dev: invoices, hosted links, legacy', () => {
  const client = new InvoiceClient({ apiKey: accounts.main.apiKey, baseUrl });

  it('invoices.generate: JSON totals typed from the contract, exact D1 figures', async () => {
    const res = await client.invoices.generate(invoice);
    expect(res.success).toBe(true);
    // 2 × 150.25 = 300.50; 19 % = 57.095 → 57.10 (D1: half up, once per tax group); 357.60.
    expect(res.invoice).toMatchObject({ subtotal: 300.5, total_tax: 57.1, grand_total: 357.6 });
    expect(res.meta.request_id).toMatch(/^req_[0-9A-Za-z]{20}$/);
  });

  it('invoices.generate: every output the contract lists gives a PDF as bytes or an XML document as text', async () => {
    const doc = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as any;
    const outputs = doc.components.schemas.InvoiceRequest.properties.output.enum as InvoiceOutput[];
    expect(outputs).toEqual(expect.arrayContaining(['json', 'pdf', 'ubl', 'cii']));
    for (const output of outputs.filter((o) => o !== 'json')) {
      const result: Uint8Array | string = await client.invoices.generate({ ...invoice, output });
      if (typeof result === 'string')
        expect(result, output).toMatch(/^<\?xml[^>]*>\s*<[A-Za-z:]*(Invoice|CrossIndustryInvoice)\b/);
      else expect(isPdf(result), output).toBe(true);
    }
    const pdf = await client.invoices.generate({ ...invoice, output: 'pdf' });
    expect(isPdf(pdf)).toBe(true);
    const ubl = await client.invoices.generate({ ...invoice, output: 'ubl' });
    expect(ubl).toContain('<cbc:PayableAmount currencyID="EUR">357.60</cbc:PayableAmount>');
  });

  it('issue 22: invoices.validate: the verdict and each issue’s field, with a key or without one', async () => {
    const body = { ...invoice, output: 'ubl' as const, einvoice_profile: 'peppol' as const };
    const verdict = await client.invoices.validate(body);
    expect(verdict).toMatchObject({ success: true, valid: false, profile: 'peppol', document: 'ubl' });
    expect(verdict.issues.map((i) => i.path)).toContain('from.electronic_address');
    const anonymous = await new InvoiceClient({ baseUrl }).invoices.validate(body);
    expect(anonymous.issues).toEqual(verdict.issues);
  });

  it('invoices.batch: per-item results, a failing item reported in place', async () => {
    const res = await client.invoices.batch({
      invoices: [invoice, { ...invoice, items: [{ description: 'Bad', quantity: 1, unit_price: -1 }] }],
    });
    expect(res.count).toBe(2);
    expect(res.results.map((r) => r.success)).toEqual([true, false]);
    expect(res.results[1].error?.code).toBe('validation_error');
  });

  it('hostedLinks.open: the PDF bytes by default, the invoice as generated with format json, UBL as text', async () => {
    const { invoice: generated } = await client.invoices.generate(invoice);
    expect(generated.hosted_url).toMatch(/\/api\/i\/[0-9A-Za-z]{22}\?t=/);
    const anonymous = new InvoiceClient({ baseUrl });
    expect(isPdf(await anonymous.hostedLinks.open(generated.hosted_url!))).toBe(true);
    const json = await anonymous.hostedLinks.open(generated.hosted_url!, { format: 'json' });
    expect(json.invoice).toEqual(generated);
    const ubl = await anonymous.hostedLinks.open(generated.hosted_url!, { format: 'ubl' });
    expect(ubl).toContain(`<cbc:ID>${generated.number}</cbc:ID>`);
    const forged = generated.hosted_url!.replace(/t=[^&]+/, 't=AAAA');
    expect((await apiError(anonymous.hostedLinks.open(forged))).code).toBe('not_found');
  });

  it('legacy.render: its own auth (the raw key), the PDF decoded, credits counted (D11)', async () => {
    const res = await client.legacy.render(legacyRequest);
    expect(res.credits).toMatchObject({ used: 1, remaining: 49 });
    expect(isPdf(res.pdfBytes)).toBe(true);
    expect(res.pdfBytes.length).toBe(res.metadata.fileSize);
  });
});

describe('InvoiceApiError for the statuses a client meets (400, 401, 402, 429)', () => {
  it('400 validation_error names the field path and carries the request id', async () => {
    const client = new InvoiceClient({ apiKey: accounts.invalid.apiKey, baseUrl });
    const err = await apiError(
      client.invoices.generate({ ...invoice, items: [{ description: 'x', quantity: 1, unit_price: -5 }] }),
    );
    expect(err).toMatchObject({ status: 400, code: 'validation_error', field: 'items[0].unit_price' });
    expect(err.requestId).toMatch(/^req_[0-9A-Za-z]{20}$/);
  });

  it('401 invalid_api_key for an unknown key, and legacy INVALID_API_KEY on /api/render', async () => {
    const client = new InvoiceClient({ apiKey: `inv_sk_${'x'.repeat(40)}`, baseUrl });
    expect(await apiError(client.webhooks.list())).toMatchObject({ status: 401, code: 'invalid_api_key' });
    expect(await apiError(client.legacy.render(legacyRequest))).toMatchObject({ status: 401, code: 'INVALID_API_KEY' });
  });

  // monthly_limit_reached cannot be reached over HTTP within an hour (free: 40 calls an hour, 50 PDFs a month);
  // it is covered in workerd (test/workers/limits*.test.ts). The legacy 402 maps into the same error type.
  it('402 INSUFFICIENT_CREDITS when the legacy credits are used up (D11)', async () => {
    const { apiKey } = accounts.credits;
    const client = new InvoiceClient({ apiKey, baseUrl });
    await client.legacy.render(legacyRequest);
    const err = await apiError(client.legacy.render(legacyRequest));
    expect(err).toMatchObject({ status: 402, code: 'INSUFFICIENT_CREDITS' });
    expect(err.message).toMatch(/No render credits left/);
  });

  it('429 rate_limit_hourly once a free plan’s 40 calls of the hour are used, with Retry-After (D7)', async () => {
    const { apiKey } = accounts.free;
    // No retries: near the end of an hour the wait would fit under the cap and the retry would succeed.
    const client = new InvoiceClient({ apiKey, baseUrl, maxRetries: 0 });
    const batch = await client.invoices.batch({ invoices: Array.from({ length: 40 }, () => invoice) });
    expect(batch.results.every((r) => r.success)).toBe(true);
    const err = await apiError(client.invoices.generate(invoice));
    expect(err).toMatchObject({ status: 429, code: 'rate_limit_hourly' });
    expect(err.retryAfterSeconds).toBeGreaterThan(0);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(3600);
  });
});

describe('the idempotent retry (D8): an answer lost on the way never makes a second invoice', () => {
  it('D8: a lost answer turned into 429 Retry-After: 1 is retried with the same key and replayed: one document', async () => {
    const { apiKey } = accounts.pro;
    const proxy = await startLossyProxy(
      baseUrl,
      (method, path) => method === 'POST' && path === '/api/generate-invoice',
    );
    try {
      const client = new InvoiceClient({ apiKey, baseUrl: proxy.url });
      const res = await client.invoices.generate(invoice);
      const [first, second, ...rest] = proxy.exchanges;
      expect(rest).toEqual([]);
      expect(first.lost).toBe(true);
      expect(first.status).toBe(200);
      expect(second.requestHeaders['idempotency-key']).toBe(first.requestHeaders['idempotency-key']);
      expect(second.responseHeaders.get('Idempotent-Replayed')).toBe('true');
      // The invoice the service made the first time is the one the client gets.
      expect(res.invoice.number).toBe(JSON.parse(first.responseBody).invoice.number);
      // One document counted: the replay's current counters equal those right after the first call.
      const remaining = (h: Headers) => [h.get('X-RateLimit-Remaining-Hourly'), h.get('X-RateLimit-Remaining-Monthly')];
      expect(remaining(second.responseHeaders)).toEqual(remaining(first.responseHeaders));
      const next = await new InvoiceClient({ apiKey, baseUrl }).invoices.generate(invoice);
      expect(next.meta.rate_limits.hourly?.used).toBe(2);
    } finally {
      await proxy.close();
    }
  });
});

describe('webhooks through the SDK, verified with verifyWebhook on real deliveries (D10)', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver?.close());

  it('create, list, get, test, deliveries, redeliver, update, delete; each delivery passes verifyWebhook, tampered or stale ones fail', async () => {
    const client = new InvoiceClient({ apiKey: accounts.webhooks.apiKey, baseUrl });
    const { webhook } = await client.webhooks.create({ url: receiver.url('/sdk'), events: ['invoice.generated'] });
    expect(webhook.secret).toMatch(/^whsec_/);
    expect((await client.webhooks.list()).webhooks.map((w) => w.id)).toEqual([webhook.id]);
    expect((await client.webhooks.get(webhook.id)).webhook).toMatchObject({
      id: webhook.id,
      secret_hint: webhook.secret.slice(-4),
    });

    const queued = await client.webhooks.test(webhook.id);
    const testDelivery = await waitFor('webhook.test', () =>
      receiver.deliveries.find((d) => d.path === '/sdk' && JSON.parse(d.raw).id === queued.event_id),
    );
    const event = await verifyWebhook(testDelivery.raw, testDelivery.headers, webhook.secret);
    expect(event.type === 'webhook.test' && event.data.webhook_id).toBe(webhook.id);

    const { invoice: generated } = await client.invoices.generate(invoice);
    const generatedDelivery = await waitFor('invoice.generated', () =>
      receiver.deliveries.find((d) => d.path === '/sdk' && JSON.parse(d.raw).type === 'invoice.generated'),
    );
    const invoiceEvent = await verifyWebhook(generatedDelivery.raw, generatedDelivery.headers, webhook.secret);
    expect(invoiceEvent.type === 'invoice.generated' && invoiceEvent.data.invoice).toEqual(generated);

    await expectRefused(generatedDelivery, webhook.secret);

    const log = await client.webhooks.deliveries(webhook.id, { limit: 10 });
    const attempt = log.deliveries.find((d) => d.event_id === queued.event_id);
    expect(attempt).toMatchObject({ event_type: 'webhook.test', status: 200 });
    const again = await client.webhooks.redeliver(webhook.id, attempt!.id);
    expect(again.event_id).toBe(queued.event_id);
    await waitFor(
      'the redelivery',
      () =>
        receiver.deliveries.filter((d) => d.path === '/sdk' && JSON.parse(d.raw).id === queued.event_id).length === 2
        || undefined,
    );
    const redelivered = receiver.deliveries.filter((d) => JSON.parse(d.raw).id === queued.event_id)[1];
    expect((await verifyWebhook(redelivered.raw, redelivered.headers, webhook.secret)).id).toBe(queued.event_id);

    // Issue 27 (W10): paused and resumed through PATCH, the secret unchanged.
    expect((await client.webhooks.update(webhook.id, { is_active: false })).webhook).toMatchObject({
      is_active: false,
      secret_hint: webhook.secret.slice(-4),
    });
    expect((await client.webhooks.update(webhook.id, { is_active: true })).webhook.is_active).toBe(true);

    expect(await client.webhooks.delete(webhook.id)).toEqual({ success: true, deleted: true, id: webhook.id });
    expect(await apiError(client.webhooks.get(webhook.id))).toMatchObject({ status: 404, code: 'not_found' });
  });
});

/** The same real delivery with one byte of the body changed, checked 6 minutes later, or with another secret. */
async function expectRefused(d: Delivery, secret: string) {
  const reason = (p: Promise<unknown>) =>
    p.then(
      () => 'accepted',
      (e: { reason: string }) => e.reason,
    );
  expect(await reason(verifyWebhook(d.raw.replace('Consulting', 'Consultinq'), d.headers, secret))).toBe(
    'invalid_signature',
  );
  expect(await reason(verifyWebhook(d.raw, d.headers, secret, { now: Date.now() + 6 * 60_000 }))).toBe(
    'timestamp_out_of_tolerance',
  );
  expect(await reason(verifyWebhook(d.raw, d.headers, `whsec_${btoa('another secret of 32 bytes length')}`))).toBe(
    'invalid_signature',
  );
}
