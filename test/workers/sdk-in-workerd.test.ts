// The SDK runs inside workerd as it would in a customer's Worker (issue 14: Node, browsers, Deno and
// Workers), with the Worker's own fetch handler as its `fetch`; and verifyWebhook accepts exactly what
// the Worker's signing code (D10) produces, since both live in this runtime.
import { describe, expect, it } from 'vitest';
import { InvoiceApiError, InvoiceClient, verifyWebhook } from '../../packages/client/src/index.ts';
import { newWebhookSecret } from '../../workers/webhooks/webhook-secret.ts';
import { deliveryHeaders } from '../../workers/webhooks/webhook-signature.ts';
import { BASE, verifiedAccountWithKey, workerFetch } from './accounts-fixtures.ts';

const invoice = {
  from: { name: 'Acme GmbH', country: 'DE' },
  to: { name: 'Globex Ltd', country: 'GB' },
  invoice: { currency: 'EUR' as const, number: 'SDK-1', date: '2026-03-02' },
  items: [{ description: 'Work', quantity: 2, unit_price: 50, tax_rate: 19 }],
};

describe('@invoice/client in workerd', () => {
  it('generate answers JSON totals, PDF bytes and UBL text through the Worker; a bad key is a typed 401', async () => {
    const { apiKey } = await verifiedAccountWithKey('sdk-workerd');
    const client = new InvoiceClient({ apiKey, baseUrl: BASE, fetch: (r) => workerFetch(r) });
    const json = await client.invoices.generate(invoice);
    expect(json.invoice).toMatchObject({ number: 'SDK-1', subtotal: 100, total_tax: 19, grand_total: 119 });
    const pdf = await client.invoices.generate({ ...invoice, output: 'pdf' });
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    const ubl = await client.invoices.generate({ ...invoice, output: 'ubl' });
    expect(ubl).toContain('<cbc:ID>SDK-1</cbc:ID>');

    const stranger = new InvoiceClient({
      apiKey: `inv_sk_${'0'.repeat(40)}`,
      baseUrl: BASE,
      fetch: (r) => workerFetch(r),
    });
    const err = await stranger.invoices.generate(invoice).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvoiceApiError);
    expect(err).toMatchObject({ status: 401, code: 'invalid_api_key' });
  });

  it('issue 26: keys.list with the key; keys.create and keys.delete with the session; a test key answers livemode false', async () => {
    const { apiKey, cookie } = await verifiedAccountWithKey('sdk-keys');
    const byKey = new InvoiceClient({ apiKey, baseUrl: BASE, fetch: (r) => workerFetch(r) });
    const bySession = new InvoiceClient({
      baseUrl: BASE,
      fetch: (r) => {
        const withCookie = new Request(r);
        withCookie.headers.set('Cookie', cookie);
        return workerFetch(withCookie);
      },
    });
    const made = await bySession.keys.create({ name: 'SDK sandbox', mode: 'test' });
    expect(made.api_key).toMatch(/^inv_test_/);
    expect((await byKey.keys.list()).keys.map((k) => [k.name, k.mode])).toEqual([
      ['Primary key', 'live'],
      ['SDK sandbox', 'test'],
    ]);
    const refused = await byKey.keys.create({ name: 'Nope', mode: 'live' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 403, code: 'session_required' });

    const sandbox = new InvoiceClient({ apiKey: made.api_key, baseUrl: BASE, fetch: (r) => workerFetch(r) });
    expect((await sandbox.invoices.generate(invoice)).livemode).toBe(false);
    expect((await bySession.keys.delete(made.key.id)).deleted).toBe(true);
    const gone = await sandbox.invoices.generate(invoice).catch((e: unknown) => e);
    expect(gone).toMatchObject({ status: 401, code: 'invalid_api_key' });
  });

  it('issue 26: documents.list finds a generated document by number and livemode, get reads it, revoke ends its link', async () => {
    const { apiKey } = await verifiedAccountWithKey('sdk-docs');
    const client = new InvoiceClient({ apiKey, baseUrl: BASE, fetch: (r) => workerFetch(r) });
    const made = await client.invoices.generate({ ...invoice, invoice: { ...invoice.invoice, number: 'SDK-DOC-7' } });
    const page = await client.documents.list({ number: 'sdk-doc', livemode: true, limit: 5 });
    expect(page.documents.map((d) => [d.number, d.hosted_url])).toEqual([['SDK-DOC-7', made.invoice.hosted_url]]);
    expect((await client.documents.list({ livemode: false })).documents).toEqual([]);
    const id = page.documents[0].id;
    expect((await client.documents.get(id)).document.revoked).toBe(false);
    expect((await client.documents.revoke(id)).document.revoked).toBe(true);
    expect((await workerFetch(made.invoice.hosted_url!)).status).toBe(404);
  });

  it("D10: verifyWebhook accepts the Worker's deliveryHeaders for the body, and refuses another body", async () => {
    const secret = newWebhookSecret();
    const event = {
      id: 'evt_workerd',
      type: 'webhook.test' as const,
      created: 1767312000,
      data: { webhook_id: 'wh_1', message: 'm' },
    };
    const raw = JSON.stringify(event);
    const headers = new Headers(await deliveryHeaders(secret, event, raw, Math.floor(Date.now() / 1000)));
    expect(await verifyWebhook(raw, headers, secret)).toEqual(event);
    const refused = await verifyWebhook(raw.replace('"m"', '"n"'), headers, secret).catch(
      (e: { reason: string }) => e.reason,
    );
    expect(refused).toBe('invalid_signature');
  });
});
