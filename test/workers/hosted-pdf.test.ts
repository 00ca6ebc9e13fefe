import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { parseInvoiceRequest, resolveInvoice } from '@invoice/model';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../workers/env.ts';
import { hostedPdfCacheUrl, hostedPdfKey } from '../../workers/hosted/hosted-pdf-cache.ts';
import type { InvoiceSnapshot } from '../../workers/hosted/snapshot-store.ts';
import worker from '../../workers/index.ts';
import { renderPdf } from '../../workers/pdf/render-pdf.ts';
import { withClientAddress } from './accounts-fixtures.ts';
import { storeTestSnapshot } from './hosted-fixtures.ts';
import { pngHeaderOnly, pngWithData, toBase64 } from './image-fixtures.ts';

const BASE = 'https://invoices.example.com';

/** An anonymous open of a hosted link, from this file's client address (opens are limited per address). */
const open = (url: string) => exports.default.fetch(url, { headers: withClientAddress(undefined) });

/** The hosted PDF's KV entry (bytes), or null. */
const kvPdf = async (id: string) => {
  const bytes = await env.SNAPSHOTS.get(hostedPdfKey(id, 'pdf'), 'arrayBuffer');
  return bytes ? new Uint8Array(bytes) : null;
};
/** This location's Cache API copy of a link's PDF (the key the route uses). */
const edgeUrl = (id: string) => hostedPdfCacheUrl(BASE, id, 'pdf', env.SERVICE_VERSION ?? '');

afterEach(() => vi.restoreAllMocks());

/** The QR of a hosted link as the PDF draws it: the link, and its last day in the caption (issue 26). */
const hostedQr = (link: { hosted_url: string; hosted_expires_at: number }) => ({
  text: link.hosted_url,
  kind: 'hosted_link',
  validUntil: new Date(link.hosted_expires_at * 1000).toISOString().slice(0, 10),
});

// 1×1 red PNG
const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

function snapshot(extra: Record<string, unknown> = {}, images?: InvoiceSnapshot['images']): InvoiceSnapshot {
  const parsed = parseInvoiceRequest({
    from: { name: 'Acme GmbH' },
    to: { name: 'Globex Ltd' },
    invoice: { number: 'INV-PDF-Ü1', date: '2026-03-02', currency: 'EUR', language: 'de' },
    items: [{ description: 'Beratung', quantity: 2, unit_price: 99.99, tax_rate: 19 }],
    ...extra,
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const resolved = resolveInvoice(parsed.value, { today: '2026-03-02', randomBytes: new Uint8Array(6) });
  return { request: resolved.request, images };
}

describe('GET /api/i/{id} as PDF (D9)', () => {
  it('D9: the PDF is the default format, served inline with the invoice number as file name', async () => {
    const link = await storeTestSnapshot(env, snapshot(), Date.now(), BASE);
    const res = await open(link.hosted_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toBe(
      `inline; filename="INV-PDF-_1.pdf"; filename*=UTF-8''INV-PDF-%C3%9C1.pdf`,
    );
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(Number(res.headers.get('Content-Length'))).toBe(bytes.byteLength);
    expect((await open(`${link.hosted_url}&format=pdf`)).status).toBe(200);
  });

  it('D14: the hosted PDF is byte-identical to rendering the same invoice with the hosted link as QR text', async () => {
    const snap = snapshot({}, { logo: { mime: 'image/png', base64: PNG_B64 } });
    const link = await storeTestSnapshot(env, snap, Date.now(), BASE);
    const served = new Uint8Array(await (await open(link.hosted_url)).arrayBuffer());
    const resolved = resolveInvoice(snap.request, { today: '2026-03-02', randomBytes: new Uint8Array(6) });
    const logo = Uint8Array.from(atob(PNG_B64), (ch) => ch.charCodeAt(0));
    const expected = await renderPdf(resolved, { logo }, hostedQr(link), 'req_test', 'omit');
    expect(served).toEqual(expected);
    // and the stored logo really reaches the renderer
    const withoutLogo = await renderPdf(resolved, {}, hostedQr(link), 'req_test', 'omit');
    // issue 26: the caption says until when the link works (without it, other bytes)
    expect(served).not.toEqual(await renderPdf(resolved, { logo }, { text: link.hosted_url }, 'req_test', 'omit'));
    expect(served).not.toEqual(withoutLogo);
  });

  it('spec: with payment.qr the PDF encodes the payment value, not the hosted link', async () => {
    const snap = snapshot({ payment: { qr: { type: 'url', value: 'https://pay.example.com/x' } } });
    const link = await storeTestSnapshot(env, snap, Date.now(), BASE);
    const served = new Uint8Array(await (await open(link.hosted_url)).arrayBuffer());
    const resolved = resolveInvoice(snap.request, { today: '2026-03-02', randomBytes: new Uint8Array(6) });
    expect(served).toEqual(await renderPdf(resolved, {}, { text: 'https://pay.example.com/x' }, 'req_test', 'omit'));
  });

  it('H3: a stored image that is not fit to render (a snapshot older than the limits) is left out; the link still works', async () => {
    for (const logo of [pngHeaderOnly(3000, 3000), pngWithData(8, 8, new Uint8Array([0, 0, 1, 2]))]) {
      const snap = snapshot({}, { logo: { mime: 'image/png', base64: toBase64(logo) } });
      const link = await storeTestSnapshot(env, snap, Date.now(), BASE);
      const res = await open(link.hosted_url);
      expect(res.status).toBe(200);
      const served = new Uint8Array(await res.arrayBuffer());
      const resolved = resolveInvoice(snap.request, { today: '2026-03-02', randomBytes: new Uint8Array(6) });
      expect(served).toEqual(await renderPdf(resolved, {}, hostedQr(link), 'req_test', 'omit'));
    }
  });

  it('issue 10.4: after its first render the PDF is served from KV, byte for byte, and the entry expires with the link', async () => {
    const link = await storeTestSnapshot(env, snapshot(), Date.now(), BASE);
    expect(await kvPdf(link.id)).toBeNull();
    const first = new Uint8Array(await (await open(link.hosted_url)).arrayBuffer());
    // Written after the answer (issue 25, H18).
    await expect.poll(() => kvPdf(link.id)).toEqual(first);
    // Proof the next open in another location (no Cache API copy) reads KV and renders nothing: swap the bytes.
    const marker = new TextEncoder().encode('%PDF-1.7 cached');
    await env.SNAPSHOTS.put(hostedPdfKey(link.id, 'pdf'), marker, { expiration: link.hosted_expires_at });
    await expect.poll(() => caches.default.match(edgeUrl(link.id)).then((r) => r !== undefined)).toBe(true);
    await caches.default.delete(edgeUrl(link.id));
    const second = await open(link.hosted_url);
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(marker);
    expect(second.headers.get('Content-Length')).toBe(String(marker.byteLength));
    // JSON opens are not cached PDFs, and an unsigned open never reaches the cache.
    expect((await open(`${BASE}/api/i/${link.id}?t=wrong`)).status).toBe(404);
  });

  it('issue 25: repeated opens in one location are served from the Cache API, not KV, and stay private, no-store', async () => {
    const link = await storeTestSnapshot(env, snapshot(), Date.now(), BASE);
    const first = new Uint8Array(await (await open(link.hosted_url)).arrayBuffer());
    await expect.poll(() => caches.default.match(edgeUrl(link.id)).then((r) => r !== undefined)).toBe(true);
    await expect.poll(() => kvPdf(link.id)).toEqual(first);
    const kvGet = vi.spyOn(env.SNAPSHOTS, 'get');
    const again = await open(link.hosted_url);
    expect(again.status).toBe(200);
    expect(again.headers.get('Cache-Control')).toBe('private, no-store');
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(first);
    // Only the snapshot is read (signature and expiry are checked on every open); the PDF's KV entry is not.
    expect(kvGet.mock.calls.map((call) => String(call[0]))).toEqual([`snap:${link.id}`]);
    // The copy is kept under the link's id, kind and service version: an unsigned open still gets the 404.
    expect((await open(`${BASE}/api/i/${link.id}?t=wrong`)).status).toBe(404);
  });

  it('issue 25: concurrent first opens of one link answer 200 even when every KV write of the PDF fails', async () => {
    const link = await storeTestSnapshot(env, snapshot(), Date.now(), BASE);
    const put = vi.fn(async () => {
      throw new Error('KV PUT failed: 429 Too Many Requests (test)');
    });
    // The handler with an env whose KV refuses every write (what KV's one write a second per key does to a burst).
    const failingKv = new Proxy(env.SNAPSHOTS, {
      get: (target, prop) => (prop === 'put' ? put : Reflect.get(target, prop).bind(target)),
    });
    const failingEnv = { ...env, SNAPSHOTS: failingKv } as Env;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const opens = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const ctx = createExecutionContext();
        const req = new Request(link.hosted_url, { headers: withClientAddress(undefined) });
        const res = await (worker as ExportedHandler<Env>).fetch!(req as never, failingEnv, ctx);
        const bytes = new Uint8Array(await res.arrayBuffer());
        await waitOnExecutionContext(ctx);
        return { status: res.status, bytes };
      }),
    );
    expect(opens.map((o) => o.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const o of opens) expect(new TextDecoder().decode(o.bytes.subarray(0, 5))).toBe('%PDF-');
    expect(put).toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('hosted PDF KV write failed'));
    expect(await kvPdf(link.id)).toBeNull();
  });
});
