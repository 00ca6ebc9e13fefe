// D10 end to end: a real receiver on loopback, a real `wrangler dev` with its local Queue.
// The e2e setup passes WEBHOOK_RETRY_DELAYS_SECONDS=1 (honoured only with DEV_MODE=true), so the
// retry happens after seconds instead of the production minute; the schedule itself is unit-tested.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Delivery, sampleInvoice, startReceiver, verifiedAccount, waitFor } from './webhooks-fixtures.ts';

const baseUrl = inject('baseUrl');
type Json = Record<string, any>;

/** What a receiver does by hand with nothing but the secret from the creation response. */
function verifyByHand(secret: string, d: Delivery): boolean {
  const header = String(d.headers['x-service-signature'] ?? '');
  const expected = 'sha256=' + createHmac('sha256', secret).update(d.raw, 'utf8').digest('hex');
  return header.length === expected.length && timingSafeEqual(Buffer.from(header), Buffer.from(expected));
}

function verifyStandard(secret: string, d: Delivery): Json {
  return new Webhook(secret).verify(d.raw, d.headers as Record<string, string>) as Json;
}

describe('webhook deliveries over a real queue (D10)', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let auth: Record<string, string>;
  let secret: string;
  let hookId: string;
  let flakySecret: string;
  let flakyId: string;

  beforeAll(async () => {
    receiver = await startReceiver((path, n) =>
      path === '/flaky' && n === 0
        ? { status: 500 }
        : path === '/slow'
          ? { status: 200, delayMs: 2500 }
          : { status: 200 },
    );
    const { apiKey } = await verifiedAccount(baseUrl, 'wh-e2e');
    auth = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };
    const create = async (path: string, events: string[]) => {
      const res = await fetch(`${baseUrl}/api/webhooks`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ url: receiver.url(path), events }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as Json).webhook;
    };
    const main = await create('/main', ['invoice.generated', 'batch.generated']);
    secret = main.secret;
    hookId = main.id;
    const flaky = await create('/flaky', ['invoice.generated']);
    flakySecret = flaky.secret;
    flakyId = flaky.id;
    await create('/slow', ['invoice.generated']);
  });

  afterAll(async () => receiver?.close());

  it('D10: invoice.generated arrives once per webhook, signed both ways; the response does not wait for delivery', async () => {
    const started = Date.now();
    const res = await fetch(`${baseUrl}/api/generate-invoice`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(sampleInvoice()),
    });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    const invoice = ((await res.json()) as Json).invoice;
    // the /slow receiver holds its answer 2.5 s: a response that waited for deliveries would take longer
    expect(elapsed).toBeLessThan(2000);

    const main = await waitFor('invoice.generated on /main', () => receiver.deliveries.find((d) => d.path === '/main'));
    const event = JSON.parse(main.raw) as Json;
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'invoice.generated',
      created: expect.any(Number),
      livemode: true,
      data: { invoice },
    });
    expect(main.headers['content-type']).toBe('application/json');
    expect(main.headers['x-service-event']).toBe('invoice.generated');
    expect(main.headers['x-service-delivery']).toBe(event.id);
    expect(main.headers['webhook-id']).toBe(event.id);
    expect(verifyByHand(secret, main)).toBe(true);
    expect(verifyByHand(flakySecret, main)).toBe(false);
    expect(verifyStandard(secret, main)).toEqual(event);
    expect(() => verifyStandard(flakySecret, main)).toThrow();

    // the flaky receiver answered 500 first: the same event comes again (D10 retry) and is then recorded as 200
    const flaky = await waitFor('retry on /flaky', () => {
      const got = receiver.deliveries.filter((d) => d.path === '/flaky');
      return got.length >= 2 ? got : undefined;
    });
    expect(flaky.map((d) => d.answered)).toEqual([500, 200]);
    expect(flaky.map((d) => JSON.parse(d.raw).id)).toEqual([event.id, event.id]);
    expect(flaky[1].receivedAt - flaky[0].receivedAt).toBeGreaterThanOrEqual(900);
    // a retry is a new attempt: new webhook-timestamp, still verifiable
    for (const d of flaky) {
      expect(verifyByHand(flakySecret, d)).toBe(true);
      expect(verifyStandard(flakySecret, d).id).toBe(event.id);
    }
    // bookkeeping is written after the receiver answers: poll the record until it shows the 200
    let hook: Json = {};
    for (let i = 0; i < 50 && hook.last_status !== 200; i++) {
      hook = ((await (await fetch(`${baseUrl}/api/webhooks/${flakyId}`, { headers: auth })).json()) as Json).webhook;
      if (hook.last_status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(hook.last_status).toBe(200);
    expect(Math.abs(hook.last_delivery_at - Date.now() / 1000)).toBeLessThan(60);

    // once each: give the queue time to (wrongly) deliver again
    await new Promise((r) => setTimeout(r, 3000));
    expect(receiver.deliveries.filter((d) => d.path === '/main' && JSON.parse(d.raw).id === event.id)).toHaveLength(1);
    expect(receiver.deliveries.filter((d) => d.path === '/flaky')).toHaveLength(2);
  });

  it('D10: a batch with at least one success emits one batch.generated with per-item results', async () => {
    const res = await fetch(`${baseUrl}/api/batch`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        invoices: [
          sampleInvoice(),
          { from: { name: 'x' }, items: [] },
          sampleInvoice({ invoice: { number: 'INV-E2E-3', currency: 'EUR' } }),
        ],
      }),
    });
    expect(res.status).toBe(200);
    const batch = (await res.json()) as Json;
    const d = await waitFor('batch.generated', () =>
      receiver.deliveries.find((x) => x.path === '/main' && JSON.parse(x.raw).type === 'batch.generated'),
    );
    const event = verifyStandard(secret, d);
    expect(verifyByHand(secret, d)).toBe(true);
    expect(d.headers['x-service-event']).toBe('batch.generated');
    expect(event.data.count).toBe(3);
    expect(event.data.generated).toBe(2);
    expect(event.data.results).toHaveLength(3);
    expect(event.data.results[1]).toMatchObject({ index: 1, success: false });
    expect(event.data.results[2]).toMatchObject({ index: 2, success: true, number: 'INV-E2E-3' });
    expect(event.data.results[0].number).toBe(batch.results[0].invoice.number);
    expect(event.data.results[0].hosted_url).toBe(batch.results[0].invoice.hosted_url);
    await new Promise((r) => setTimeout(r, 2000));
    expect(
      receiver.deliveries.filter((x) => x.path === '/main' && JSON.parse(x.raw).type === 'batch.generated'),
    ).toHaveLength(1);
    // only /main subscribed to batch.generated
    expect(
      receiver.deliveries.filter((x) => x.path !== '/main' && JSON.parse(x.raw).type === 'batch.generated'),
    ).toHaveLength(0);
  });

  it('spec: deleting a webhook stops its deliveries', async () => {
    for (const id of [hookId, flakyId]) {
      expect((await fetch(`${baseUrl}/api/webhooks/${id}`, { method: 'DELETE', headers: auth })).status).toBe(200);
    }
    const before = receiver.deliveries.filter((d) => d.path !== '/slow').length;
    const res = await fetch(`${baseUrl}/api/generate-invoice`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(sampleInvoice()),
    });
    expect(res.status).toBe(200);
    // the still-registered /slow webhook proves an event was emitted and delivered…
    const number = ((await res.json()) as Json).invoice.number;
    await waitFor('delivery to the remaining webhook', () =>
      receiver.deliveries.find((d) => d.path === '/slow' && JSON.parse(d.raw).data.invoice.number === number),
    );
    await new Promise((r) => setTimeout(r, 2000));
    // …while the deleted ones got nothing
    expect(receiver.deliveries.filter((d) => d.path !== '/slow')).toHaveLength(before);
  });
});
