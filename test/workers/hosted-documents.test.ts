// Issue 13: a hosted link opens as every document generate-invoice can write, and a batch item's
// `output` picks the one its `document_url` opens (E4).
import { env } from 'cloudflare:workers';
import { type InvoiceRequest, resolveInvoice } from '@invoice/model';
import { describe, expect, it } from 'vitest';
import { hostedPdfKey } from '../../workers/hosted/hosted-pdf-cache.ts';
import { renderPdf } from '../../workers/pdf/render-pdf.ts';
import { call, verifiedAccountWithKey } from './accounts-fixtures.ts';

type Json = Record<string, any>;

const invoice = (number: string, extra: Record<string, unknown> = {}) => ({
  from: {
    name: 'Acme GmbH',
    address: 'Hauptstr. 1',
    city: 'Berlin',
    postal_code: '10115',
    country: 'DE',
    tax_id: 'DE123456789',
  },
  to: { name: 'Globex SARL', address: '2 rue de la Paix', city: 'Paris', postal_code: '75002', country: 'FR' },
  invoice: { number, date: '2026-03-02', currency: 'EUR' },
  items: [
    { description: 'Consulting <senior> & "review"', quantity: 3, unit_price: 120.5, tax_rate: 19 },
    { description: 'Travel', quantity: 1, unit_price: 80, tax_rate: 7 },
  ],
  global_discount: 10,
  ...extra,
});

const auth = (key: string) => ({ Authorization: `Bearer ${key}` });
const local = (url: string) => new URL(url).pathname + new URL(url).search;

async function generate(key: string, body: unknown): Promise<Response> {
  return call('/api/generate-invoice', { method: 'POST', json: body, headers: auth(key) });
}

describe('GET /api/i/{id}?format=ubl|cii (issue 13)', () => {
  it.each(['ubl', 'cii'] as const)(
    'issue 13: format=%s is the same document generate-invoice writes for that output, inline and private',
    async (format) => {
      const { apiKey } = await verifiedAccountWithKey(`hx${format}`);
      const json = (await (await generate(apiKey, invoice(`HX-${format}`))).json()) as Json;
      const direct = await generate(apiKey, { ...invoice(`HX-${format}`), output: format });
      expect(direct.status).toBe(200);

      const hosted = await call(`${local(json.invoice.hosted_url)}&format=${format}`);
      expect(hosted.status).toBe(200);
      expect(hosted.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
      expect(hosted.headers.get('Content-Disposition')).toBe(
        `inline; filename="HX-${format}.xml"; filename*=UTF-8''HX-${format}.xml`,
      );
      expect(hosted.headers.get('Cache-Control')).toBe('private, no-store');
      expect(hosted.headers.get('Referrer-Policy')).toBe('no-referrer');
      expect(hosted.headers.get('X-EN16931-Issues')).toBeNull();
      const xml = await hosted.text();
      expect(xml).toBe(await direct.text());
      // the numbers are the JSON's (D1): 325.35 net after the 10 % discount, grand total as answered
      expect(xml).toContain(format === 'ubl' ? '<cbc:PayableAmount currencyID="EUR">' : '<ram:DuePayableAmount>');
      expect(xml).toContain(json.invoice.grand_total.toFixed(2));
      expect(xml).toContain('Consulting &lt;senior&gt; &amp; &quot;review&quot;');
    },
  );

  it('U1: a link whose invoice names no country answers the XML with X-EN16931-Issues, as generate does', async () => {
    const { apiKey } = await verifiedAccountWithKey('hxissues');
    const body = { ...invoice('HX-NOCOUNTRY'), to: { name: 'Somebody' } };
    const json = (await (await generate(apiKey, body)).json()) as Json;
    for (const format of ['ubl', 'cii'] as const) {
      const direct = await generate(apiKey, { ...body, output: format });
      const hosted = await call(`${local(json.invoice.hosted_url)}&format=${format}`);
      expect(hosted.status).toBe(200);
      expect(hosted.headers.get('X-EN16931-Issues')).toMatch(/BR-/);
      expect(hosted.headers.get('X-EN16931-Issues')).toBe(direct.headers.get('X-EN16931-Issues'));
    }
  });

  it('D9: an XML format of a link with a wrong signature is the same 404 as every other format', async () => {
    const { apiKey } = await verifiedAccountWithKey('hx404');
    const json = (await (await generate(apiKey, invoice('HX-404'))).json()) as Json;
    const url = new URL(json.invoice.hosted_url);
    url.searchParams.set('t', `${url.searchParams.get('t')!.slice(0, -2)}AA`);
    const res = await call(`${url.pathname}${url.search}&format=cii`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as Json).error.code).toBe('not_found');
  });
});

describe('GET /api/i/{id}?format=facturx (E4)', () => {
  it('E4: format=facturx is the Factur-X PDF of the snapshot: the CII embedded, the QR the hosted link, cached apart from the PDF', async () => {
    const { apiKey } = await verifiedAccountWithKey('hxfx');
    const json = (await (await generate(apiKey, invoice('HX-FX'))).json()) as Json;
    const link = json.invoice.hosted_url as string;
    const id = new URL(link).pathname.split('/').pop()!;
    expect(await env.SNAPSHOTS.get(hostedPdfKey(id, 'facturx'))).toBeNull();

    const res = await call(`${local(link)}&format=facturx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toBe(`inline; filename="HX-FX.pdf"; filename*=UTF-8''HX-FX.pdf`);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('X-EN16931-Issues')).toBeNull();
    const served = new Uint8Array(await res.arrayBuffer());

    // D14: the same bytes as rendering the snapshot's invoice with its CII and the link as QR text
    const cii = await (await call(`${local(link)}&format=cii`)).text();
    const stored = (await env.SNAPSHOTS.get(`snap:${id}`, 'json')) as { request: InvoiceRequest; expires_at: number };
    const resolved = resolveInvoice(stored.request, { today: '2026-03-02', randomBytes: new Uint8Array(6) });
    // issue 26: the caption also says until when the link works
    const validUntil = new Date(stored.expires_at * 1000).toISOString().slice(0, 10);
    const qr = { text: link, kind: 'hosted_link', validUntil };
    expect(served).toEqual(await renderPdf(resolved, {}, qr, 'req_test', 'omit', { facturxXml: cii }));
    const plain = new Uint8Array(await (await call(local(link))).arrayBuffer());
    expect(served).not.toEqual(plain);

    // kept in KV under its own key; the plain PDF's entry is another one
    const kept = async (kind: 'pdf' | 'facturx') => {
      const bytes = await env.SNAPSHOTS.get(hostedPdfKey(id, kind), 'arrayBuffer');
      return bytes ? new Uint8Array(bytes) : null;
    };
    // written after the answer (issue 25, H18)
    await expect.poll(() => kept('facturx')).toEqual(served);
    await expect.poll(() => kept('pdf')).toEqual(plain);
    expect(new Uint8Array(await (await call(`${local(link)}&format=facturx`)).arrayBuffer())).toEqual(served);
  });

  it('U1: a Factur-X link whose invoice names no country carries X-EN16931-Issues like the CII link', async () => {
    const { apiKey } = await verifiedAccountWithKey('hxfxissues');
    const json = (await (await generate(apiKey, { ...invoice('HX-FX-NC'), to: { name: 'Somebody' } })).json()) as Json;
    const fx = await call(`${local(json.invoice.hosted_url)}&format=facturx`);
    const cii = await call(`${local(json.invoice.hosted_url)}&format=cii`);
    expect(fx.status).toBe(200);
    expect(fx.headers.get('X-EN16931-Issues')).toMatch(/BR-/);
    expect(fx.headers.get('X-EN16931-Issues')).toBe(cii.headers.get('X-EN16931-Issues'));
  });
});

describe('POST /api/batch: document_url (E4)', () => {
  it("E4: each item's document_url opens as the output it asked for; json items have none", async () => {
    const { apiKey } = await verifiedAccountWithKey('hxbatch');
    const outputs = ['json', 'pdf', 'ubl', 'cii', 'facturx'] as const;
    const res = await call('/api/batch', {
      method: 'POST',
      headers: auth(apiKey),
      json: { invoices: outputs.map((output, i) => ({ ...invoice(`HXB-${i}`), output })) },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.meta.generated).toBe(5);
    expect(body.results[0].document_url).toBeUndefined();
    const types = [
      'application/pdf',
      'application/xml; charset=utf-8',
      'application/xml; charset=utf-8',
      'application/pdf',
    ];
    for (const [i, output] of outputs.entries()) {
      if (output === 'json') continue;
      const { document_url, invoice: inv } = body.results[i];
      expect(document_url).toBe(`${inv.hosted_url}&format=${output}`);
      const opened = await call(local(document_url));
      expect(opened.status).toBe(200);
      expect(opened.headers.get('Content-Type')).toBe(types[i - 1]);
      const bytes = new Uint8Array(await opened.arrayBuffer());
      if (output === 'pdf' || output === 'facturx') expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      else expect(new TextDecoder().decode(bytes)).toContain(`HXB-${i}`);
    }
    // the CII of a batch item names the same grand total as its JSON
    const cii = await (await call(local(body.results[3].document_url))).text();
    expect(cii).toContain(
      `<ram:GrandTotalAmount>${body.results[3].invoice.grand_total.toFixed(2)}</ram:GrandTotalAmount>`,
    );
  });

  it('E4: a batch without the hosted-link feature has neither hosted_url nor document_url', async () => {
    const { apiKey } = await verifiedAccountWithKey('hxbatchoff');
    const res = await call('/api/batch', {
      method: 'POST',
      headers: auth(apiKey),
      json: { invoices: [{ ...invoice('HXB-OFF'), output: 'cii', features: { hosted_link: false } }] },
    });
    const body = (await res.json()) as Json;
    expect(body.results[0].success).toBe(true);
    expect(body.results[0].invoice.hosted_url).toBeUndefined();
    expect(body.results[0].document_url).toBeUndefined();
  });
});
