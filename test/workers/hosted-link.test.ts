import { env } from 'cloudflare:workers';
import { type InvoiceRequest, parseInvoiceRequest, resolveInvoice, toInvoiceResponse } from '@invoice/model';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signHostedId, verifyHostedSignature } from '../../workers/hosted/hosted-link-signature.ts';
import { HOSTED_OPENS_PER_MINUTE } from '../../workers/hosted/hosted-open-limit.ts';
import { chooseQr } from '../../workers/hosted/qr-choice.ts';
import { revokeHostedLink } from '../../workers/hosted/revoke-hosted-link.ts';
import {
  HOSTED_LINK_TTL_SECONDS,
  type InvoiceSnapshot,
  loadSnapshot,
  snapshotKey,
} from '../../workers/hosted/snapshot-store.ts';
import { freshClientIp, workerFetch } from './accounts-fixtures.ts';
import { storeTestSnapshot } from './hosted-fixtures.ts';

type Json = Record<string, any>;
const BASE = 'https://invoices.example.com';

function request(extra: Record<string, unknown> = {}): InvoiceRequest {
  const parsed = parseInvoiceRequest({
    from: { name: 'Acme GmbH', address: 'Hauptstr. 1\nBerlin' },
    to: { name: 'Globex Ltd' },
    invoice: { number: 'INV-HOSTED-1', date: '2026-03-02', currency: 'EUR' },
    items: [{ description: 'Consulting', quantity: 3, unit_price: 120.5, tax_rate: 19 }],
    global_discount: 10,
    ...extra,
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

// Issue 24 (H17): a link is indexed only for an account that exists and is not being closed.
beforeAll(async () => {
  await env.DB.prepare(
    "INSERT OR IGNORE INTO accounts (id, email, password_hash, created_at) VALUES ('acct_test', 'hosted-link-test@example.com', 'x', 0)",
  ).run();
});

function snapshotOf(req: InvoiceRequest): InvoiceSnapshot {
  const resolved = resolveInvoice(req, { today: '2026-03-02', randomBytes: new Uint8Array(6) });
  return { request: resolved.request, account_id: 'acct_test' };
}

async function open(url: string, init?: RequestInit) {
  return workerFetch(url, init);
}

afterEach(() => vi.useRealTimers());

describe('hosted link signature (D9)', () => {
  it('D9: hosted_url = {base_url}/api/i/{22 base62}?t={base64url HMAC-SHA-256(id)}', async () => {
    const link = await storeTestSnapshot(env, snapshotOf(request()), Date.now(), BASE);
    const m = /^https:\/\/invoices\.example\.com\/api\/i\/([0-9A-Za-z]{22})\?t=([A-Za-z0-9_-]{43})$/.exec(
      link.hosted_url,
    );
    expect(m).not.toBeNull();
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode('test-hosted-link-secret'),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(m![1])));
    const b64url = btoa(String.fromCharCode(...mac))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(m![2]).toBe(b64url);
    expect(link.id).toBe(m![1]);
  });

  it('D9: a signature verifies only for its own id and only in its canonical spelling', async () => {
    const t = await signHostedId('s3cret', 'A'.repeat(22));
    expect(await verifyHostedSignature('s3cret', 'A'.repeat(22), t)).toBe(true);
    expect(await verifyHostedSignature('s3cret', 'B'.repeat(22), t)).toBe(false);
    expect(await verifyHostedSignature('other', 'A'.repeat(22), t)).toBe(false);
    expect(await verifyHostedSignature('s3cret', 'A'.repeat(22), undefined)).toBe(false);
    expect(await verifyHostedSignature('s3cret', 'A'.repeat(22), t + '=')).toBe(false);
    expect(await verifyHostedSignature('s3cret', 'A'.repeat(22), t.slice(0, -1))).toBe(false);
  });

  it('D9: the snapshot lives in KV with a 7-day TTL and its own expires_at', async () => {
    const now = Date.UTC(2026, 2, 2, 12, 0, 0);
    const put = vi.spyOn(env.SNAPSHOTS, 'put');
    const link = await storeTestSnapshot(env, snapshotOf(request()), now, BASE);
    expect(link.hosted_expires_at).toBe(now / 1000 + 7 * 24 * 3600);
    expect(put).toHaveBeenCalledWith(
      snapshotKey(link.id),
      expect.any(String),
      expect.objectContaining({ expirationTtl: HOSTED_LINK_TTL_SECONDS }),
    );
    const stored = JSON.parse((await env.SNAPSHOTS.get(snapshotKey(link.id)))!);
    expect(stored.expires_at).toBe(link.hosted_expires_at);
    expect(stored.hosted_url).toBe(link.hosted_url);
    expect(stored.request.invoice.number).toBe('INV-HOSTED-1');
    vi.restoreAllMocks();
  });
});

describe('GET /api/i/{id} (D9)', () => {
  it('D9: format=json serves the InvoiceJsonResponse, recomputed from the snapshot, without any auth header', async () => {
    const req = request();
    const snap = snapshotOf(req);
    const link = await storeTestSnapshot(env, snap, Date.now(), BASE);
    const res = await open(`${link.hosted_url}&format=json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
    const body = (await res.json()) as Json;
    const expected = toInvoiceResponse(
      resolveInvoice(snap.request, { today: '2026-03-02', randomBytes: new Uint8Array(6) }),
      {
        hosted_url: link.hosted_url,
        hosted_expires_at: link.hosted_expires_at,
        qr: { source: 'hosted_link', type: 'url' },
      },
    );
    expect(body.success).toBe(true);
    expect(body.invoice).toEqual(expected);
    // by hand: 3 × 120.50 = 361.50; −10 % = 325.35; 19 % tax = 61.8165 → 61.82; total 387.17
    expect(body.invoice.grand_total).toBe(387.17);
    expect(body.meta.request_id).toBe(res.headers.get('X-Request-Id'));
    expect(body.anonymous).toBe(false);
  });

  it('spec: invoice.qr says {source: payment} when payment.qr is given, and the hosted link otherwise', async () => {
    const withPay = request({ payment: { qr: { type: 'url', value: 'https://pay.example.com/INV-1' } } });
    const a = await storeTestSnapshot(env, snapshotOf(withPay), Date.now(), BASE);
    expect(((await (await open(`${a.hosted_url}&format=json`)).json()) as Json).invoice.qr).toEqual({
      source: 'payment',
      type: 'url',
      payload: 'https://pay.example.com/INV-1',
    });
    const noQr = request({ features: { qr: false } });
    const b = await storeTestSnapshot(env, snapshotOf(noQr), Date.now(), BASE);
    expect(((await (await open(`${b.hosted_url}&format=json`)).json()) as Json).invoice.qr).toBeUndefined();
    const resolved = (req: InvoiceRequest) =>
      resolveInvoice(req, { today: '2026-03-02', randomBytes: new Uint8Array(6) });
    expect(chooseQr(resolved(request()), 'https://x/api/i/abc?t=1')).toEqual({
      source: 'hosted_link',
      type: 'url',
      value: 'https://x/api/i/abc?t=1',
    });
    expect(chooseQr(resolved(request()), undefined)).toBeUndefined();
    // issue 23: a sepa code built for the balance due; once paid, the hosted link takes its place
    const sepa = { iban: 'DE89 3704 0044 0532 0130 00', qr: { type: 'sepa' } };
    const built = chooseQr(resolved(request({ payment: sepa })), 'https://x/api/i/abc?t=1');
    expect(built).toMatchObject({
      source: 'payment',
      type: 'sepa',
      value: expect.stringMatching(/^BCD\n002\n1\nSCT\n/),
    });
    expect(built?.value.split('\n')[7]).toBe(`EUR${toInvoiceResponse(resolved(request())).balance_due.toFixed(2)}`);
    const paid = request({ payment: { ...sepa, status: 'paid' }, amount_paid: 387.17 });
    expect(chooseQr(resolved(paid), 'https://x/api/i/abc?t=1')?.source).toBe('hosted_link');
  });

  it('D9: a wrong signature, a missing one, an unknown id and a malformed id all give the same 404 not_found', async () => {
    const link = await storeTestSnapshot(env, snapshotOf(request()), Date.now(), BASE);
    const url = new URL(link.hosted_url);
    const id = url.pathname.split('/').pop()!;
    const t = url.searchParams.get('t')!;
    const otherId = 'Z'.repeat(22);
    const variants = [
      `${BASE}/api/i/${id}?t=${t.slice(0, -2)}AA&format=json`,
      `${BASE}/api/i/${id}?format=json`,
      `${BASE}/api/i/${otherId}?t=${await signHostedId('test-hosted-link-secret', otherId)}&format=json`,
      `${BASE}/api/i/${id}x?t=${t}&format=json`,
      `${BASE}/api/i/${id}?t=${t}x`,
    ];
    const bodies = new Set<string>();
    for (const v of variants) {
      const res = await open(v);
      expect(res.status, v).toBe(404);
      const body = (await res.json()) as Json;
      expect(body.success).toBe(false);
      expect(body.error.code).toBe('not_found');
      bodies.add(JSON.stringify(body));
    }
    expect(bodies.size).toBe(1);
    expect((await open(`${link.hosted_url}&format=json`)).status).toBe(200);
  });

  it('issue 26: unknown, tampered, expired and revoked links answer a browser one HTML page and an API client one JSON body, 404, byte for byte', async () => {
    const start = Date.now();
    const live = await storeTestSnapshot(env, snapshotOf(request()), start, BASE);
    const revoked = await storeTestSnapshot(env, snapshotOf(request()), start, BASE);
    await revokeHostedLink(env, revoked.id, [BASE]);
    const t = new URL(live.hosted_url).searchParams.get('t')!;
    const causes = {
      unknown: `${BASE}/api/i/${'Z'.repeat(22)}?t=${await signHostedId('test-hosted-link-secret', 'Z'.repeat(22))}`,
      malformed: `${BASE}/api/i/${live.id}x?t=${t}`,
      tampered: `${BASE}/api/i/${live.id}?t=${t.slice(0, -2)}AA`,
      unsigned: `${BASE}/api/i/${live.id}`,
      revoked: revoked.hosted_url,
      expired: live.hosted_url,
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + (7 * 24 * 3600 + 1) * 1000);
    const pages = new Set<string>();
    const bodies = new Set<string>();
    for (const [cause, url] of Object.entries(causes)) {
      const page = await open(url, { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect([cause, page.status, page.headers.get('Content-Type')]).toEqual([cause, 404, 'text/html; charset=utf-8']);
      expect(page.headers.get('Cache-Control')).toBe('private, no-store');
      pages.add(await page.text());
      const api = await open(url);
      expect([cause, api.status]).toEqual([cause, 404]);
      bodies.add(await api.text());
    }
    expect(pages.size).toBe(1);
    expect(bodies.size).toBe(1);
    const [html] = pages;
    expect(html).toContain('This invoice link is no longer valid');
    expect(html).toContain('ask the sender');
    // No navigation, no session, nothing of the site's account pages.
    expect(html).not.toContain('site-nav');
    expect(html).not.toMatch(/href="\/(login|signup|app)/);
    expect(JSON.parse([...bodies][0]).error.code).toBe('not_found');
  });

  it('D9: after 7 days the link is expired (404), although KV still holds the snapshot', async () => {
    const start = Date.now();
    const link = await storeTestSnapshot(env, snapshotOf(request()), start, BASE);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + (7 * 24 * 3600 - 60) * 1000);
    expect((await open(`${link.hosted_url}&format=json`)).status).toBe(200);
    vi.setSystemTime(start + (7 * 24 * 3600 + 1) * 1000);
    const res = await open(`${link.hosted_url}&format=json`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as Json).error.code).toBe('not_found');
    expect(await env.SNAPSHOTS.get(snapshotKey(link.id))).not.toBeNull();
    vi.useRealTimers();
    expect(
      await loadSnapshot(env, link.id, new URL(link.hosted_url).searchParams.get('t')!, start + 8 * 24 * 3600 * 1000),
    ).toBeNull();
  });

  it('an unknown format is 400 validation_error naming the parameter; other methods are 405', async () => {
    const link = await storeTestSnapshot(env, snapshotOf(request()), Date.now(), BASE);
    const res = await open(`${link.hosted_url}&format=xml`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error.message).toMatch(/^format/);
    const post = await open(link.hosted_url, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('Allow')).toBe('GET');
  });

  it('D4: without HOSTED_LINK_SECRET links can be neither made nor opened (503 not_provisioned)', async () => {
    const bare = { ...env, HOSTED_LINK_SECRET: undefined };
    await expect(storeTestSnapshot(bare, snapshotOf(request()), Date.now(), BASE)).rejects.toMatchObject({
      status: 503,
      code: 'not_provisioned',
    });
    await expect(loadSnapshot(bare, 'A'.repeat(22), 'x', Date.now())).rejects.toMatchObject({
      status: 503,
      code: 'not_provisioned',
    });
  });

  it('issue 10.4: opens are limited per client IP, 404 probes included; another address is not affected', async () => {
    const link = await storeTestSnapshot(env, snapshotOf(request()), Date.now(), 'https://invoices.example.com');
    // Held one second into a minute, so the window cannot roll over halfway through the test.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 60_000 + 1_000);
    const probe = (ip: string) =>
      open('https://invoices.example.com/api/i/AAAAAAAAAAAAAAAAAAAAAA?t=x', { headers: { 'CF-Connecting-IP': ip } });
    const ip = freshClientIp();
    for (let i = 0; i < HOSTED_OPENS_PER_MINUTE - 1; i++) expect((await probe(ip)).status).toBe(404);
    const last = await open(`${link.hosted_url}&format=json`, { headers: { 'CF-Connecting-IP': ip } });
    expect(last.status).toBe(200);
    const refused = await open(`${link.hosted_url}&format=json`, { headers: { 'CF-Connecting-IP': ip } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    expect(
      (await open(`${link.hosted_url}&format=json`, { headers: { 'CF-Connecting-IP': freshClientIp() } })).status,
    ).toBe(200);
  });
});
