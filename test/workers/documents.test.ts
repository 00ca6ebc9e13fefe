// Issue 26 (decisions H20, H21): the document list, one document, and revoking its hosted link.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { hostedPdfCacheUrl, hostedPdfKey } from '../../workers/hosted/hosted-pdf-cache.ts';
import { snapshotKey } from '../../workers/hosted/snapshot-store.ts';
import { call, verifiedAccountWithKey, workerFetch } from './accounts-fixtures.ts';

type Json = Record<string, any>;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

const invoice = (number: string, extra: Record<string, unknown> = {}) => ({
  from: { name: 'Acme GmbH' },
  to: { name: 'Globex Ltd' },
  invoice: { number, currency: 'EUR' },
  items: [{ description: 'Work', quantity: 2, unit_price: 10.005, tax_rate: 19 }],
  ...extra,
});

async function generate(key: string, body: unknown): Promise<Json> {
  const res = await call('/api/generate-invoice', { method: 'POST', json: body, headers: bearer(key) });
  expect(res.status).toBe(200);
  return ((await res.json()) as Json).invoice;
}

async function list(key: string, query = ''): Promise<Json> {
  const res = await call(`/api/documents${query}`, { headers: bearer(key) });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

const idOf = (hostedUrl: string) => new URL(hostedUrl).pathname.split('/').pop()!;

describe('GET /api/documents (issue 26)', () => {
  it('issue 26: generated documents and batch items are listed newest first with what generate answered; pages follow the cursor; number and livemode filter', async () => {
    const { apiKey, cookie } = await verifiedAccountWithKey('docs');
    const single = await generate(
      apiKey,
      invoice('DOC-A1', { invoice: { number: 'DOC-A1', currency: 'EUR', type: 'credit_note' } }),
    );
    const batch = await call('/api/batch', {
      method: 'POST',
      json: { invoices: [invoice('doc-b1', { output: 'pdf' }), invoice('DOC-B2')] },
      headers: bearer(apiKey),
    });
    expect(batch.status).toBe(200);
    const items = ((await batch.json()) as Json).results.map((r: Json) => r.invoice);

    const all = await list(apiKey);
    expect(all.documents).toHaveLength(3);
    expect(all.next_cursor).toBeNull();
    const keys = all.documents.map((d: Json) => [d.created_at, d.id]);
    expect(keys).toEqual([...keys].sort((a, b) => b[0] - a[0] || (b[1] < a[1] ? -1 : 1)));
    const a1 = all.documents.find((d: Json) => d.number === 'DOC-A1');
    expect(a1).toEqual({
      id: idOf(single.hosted_url),
      number: 'DOC-A1',
      type: 'credit_note',
      output: 'json',
      einvoice_profile: 'en16931',
      currency: 'EUR',
      grand_total: single.grand_total,
      created_at: single.hosted_expires_at - 7 * 24 * 3600,
      expires_at: single.hosted_expires_at,
      hosted_url: single.hosted_url,
      revoked: false,
      livemode: true,
    });
    expect(all.documents.find((d: Json) => d.number === 'doc-b1').output).toBe('pdf');
    const listedUrls = all.documents.map((d: Json) => d.hosted_url).sort();
    expect(listedUrls).toEqual([single.hosted_url, ...items.map((i: Json) => i.hosted_url)].sort());

    // Two pages of 2 and 1, in the same order as the one page; the session sees what the key sees.
    const first = await list(apiKey, '?limit=2');
    expect(first.documents).toHaveLength(2);
    const second = (await (
      await call(`/api/documents?limit=2&cursor=${first.next_cursor}`, { headers: { Cookie: cookie } })
    ).json()) as Json;
    expect(second.next_cursor).toBeNull();
    expect([...first.documents, ...second.documents]).toEqual(all.documents);

    // A prefix of the number, case-insensitive; LIKE's wildcards are literal.
    expect((await list(apiKey, '?number=DOC-B')).documents.map((d: Json) => d.number).sort()).toEqual([
      'DOC-B2',
      'doc-b1',
    ]);
    expect((await list(apiKey, '?number=DOC-A1')).documents.map((d: Json) => d.number)).toEqual(['DOC-A1']);
    expect((await list(apiKey, '?number=DOC_')).documents).toEqual([]);
    expect((await list(apiKey, '?number=%25')).documents).toEqual([]);

    // Test-mode documents (issue 26's keys) are told apart by livemode.
    await env.DB.prepare('UPDATE hosted_links SET livemode = 0 WHERE id = ?').bind(a1.id).run();
    expect((await list(apiKey, '?livemode=false')).documents.map((d: Json) => d.id)).toEqual([a1.id]);
    expect((await list(apiKey, '?livemode=true')).documents).toHaveLength(2);

    const bad = await call('/api/documents?cursor=nope', { headers: bearer(apiKey) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).error.details[0].path).toBe('cursor');
    expect((await call('/api/documents?livemode=yes', { headers: bearer(apiKey) })).status).toBe(400);
  });

  it("issue 26: only the owner sees or revokes a document: another account's id is the 404 of an unknown one", async () => {
    const owner = await verifiedAccountWithKey('docs-own');
    const other = await verifiedAccountWithKey('docs-other');
    const doc = await generate(owner.apiKey, invoice('OWN-1'));
    const id = idOf(doc.hosted_url);
    expect((await list(other.apiKey)).documents).toEqual([]);
    const unknown = 'Z'.repeat(22);
    for (const method of ['GET', 'DELETE']) {
      const theirs = await call(`/api/documents/${id}`, { method, headers: bearer(other.apiKey) });
      const none = await call(`/api/documents/${unknown}`, { method, headers: bearer(other.apiKey) });
      expect([theirs.status, none.status]).toEqual([404, 404]);
      expect(((await theirs.json()) as Json).error.code).toBe('not_found');
    }
    expect((await workerFetch(`${doc.hosted_url}&format=json`)).status).toBe(200);
    const mine = (await (await call(`/api/documents/${id}`, { headers: bearer(owner.apiKey) })).json()) as Json;
    expect(mine.document).toMatchObject({ id, number: 'OWN-1', revoked: false });
    expect((await call('/api/documents')).status).toBe(401);
  });

  it('issue 26: revoking a link makes its next open a 404 and deletes its snapshot and cached PDFs (KV and this location)', async () => {
    const { apiKey, cookie } = await verifiedAccountWithKey('docs-rev');
    const doc = await generate(apiKey, invoice('REV-1'));
    const id = idOf(doc.hosted_url);
    const origin = new URL(doc.hosted_url).origin;
    const edge = hostedPdfCacheUrl(origin, id, 'pdf', env.SERVICE_VERSION ?? '');
    expect((await workerFetch(doc.hosted_url)).status).toBe(200);
    await expect.poll(() => env.SNAPSHOTS.get(hostedPdfKey(id, 'pdf'))).not.toBeNull();
    await expect.poll(() => caches.default.match(edge).then((r) => r !== undefined)).toBe(true);

    const res = await call(`/api/documents/${id}`, {
      method: 'DELETE',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).document).toMatchObject({ id, revoked: true });

    const again = await workerFetch(doc.hosted_url);
    expect(again.status).toBe(404);
    expect(((await again.json()) as Json).error.code).toBe('not_found');
    expect(await env.SNAPSHOTS.get(snapshotKey(id))).toBeNull();
    expect(await env.SNAPSHOTS.get(hostedPdfKey(id, 'pdf'))).toBeNull();
    expect(await caches.default.match(edge)).toBeUndefined();
    // Listed as revoked until it would have expired; revoking again answers the same.
    expect((await list(apiKey, '?number=REV-1')).documents[0]).toMatchObject({ id, revoked: true });
    const repeat = await call(`/api/documents/${id}`, { method: 'DELETE', headers: bearer(apiKey) });
    expect(repeat.status).toBe(200);
    // A cookie write without JSON is refused (D6, issue 10.8), as every session write.
    expect((await call(`/api/documents/${id}`, { method: 'DELETE', headers: { Cookie: cookie } })).status).toBe(415);
  });
});
