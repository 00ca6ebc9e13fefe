import { BE_BUYER, BE_SELLER } from '@invoice/ubl/test/profile-parties';
import { describe, expect, it } from 'vitest';
import { call, verifiedAccountWithKey } from './accounts-fixtures.ts';

type Json = Record<string, any>;
const INVOICE = {
  from: { name: 'Acme' },
  to: { name: 'Client' },
  items: [{ description: 'Work', quantity: 1, unit_price: 99 }],
};

describe('D8 on POST /api/generate-invoice', () => {
  it('20 concurrent requests with one key: exactly one generation, 19 conflicts or replays, never two documents', async () => {
    const { apiKey } = await verifiedAccountWithKey('idem');
    const headers = { Authorization: `Bearer ${apiKey}`, 'Idempotency-Key': `order-${crypto.randomUUID()}` };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => call('/api/generate-invoice', { method: 'POST', json: INVOICE, headers })),
    );
    const ok = responses.filter((r) => r.status === 200);
    const fresh = ok.filter((r) => r.headers.get('Idempotent-Replayed') === null);
    const conflicts = responses.filter((r) => r.status === 409);
    expect(fresh).toHaveLength(1);
    expect(ok.length - fresh.length + conflicts.length).toBe(19);
    const numbers = new Set(await Promise.all(ok.map(async (r) => ((await r.json()) as Json).invoice.number)));
    expect(numbers.size).toBe(1);
    // One document and one call counted, whatever the others got.
    const me = await call('/api/generate-invoice', {
      method: 'POST',
      json: { ...INVOICE, items: [] },
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(me.headers.get('X-RateLimit-Remaining-Monthly')).toBe('99');
    expect(me.headers.get('X-RateLimit-Remaining-Hourly')).toBe('38');
  });

  it('a replay is byte for byte with Idempotent-Replayed: true and current rate-limit headers; a different body is 422', async () => {
    const { apiKey } = await verifiedAccountWithKey('idem2');
    const headers = { Authorization: `Bearer ${apiKey}`, 'Idempotency-Key': 'k-1' };
    const first = await call('/api/generate-invoice', { method: 'POST', json: { ...INVOICE, output: 'pdf' }, headers });
    expect(first.status).toBe(200);
    const firstBytes = new Uint8Array(await first.arrayBuffer());
    const replay = await call('/api/generate-invoice', {
      method: 'POST',
      json: { ...INVOICE, output: 'pdf' },
      headers,
    });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.headers.get('Content-Disposition')).toBe(first.headers.get('Content-Disposition'));
    expect(new Uint8Array(await replay.arrayBuffer())).toEqual(firstBytes);
    expect(replay.headers.get('X-RateLimit-Remaining-Hourly')).toBe('39');
    const other = await call('/api/generate-invoice', { method: 'POST', json: INVOICE, headers });
    expect(other.status).toBe(422);
    expect(((await other.json()) as Json).error.code).toBe('idempotency_key_conflict');
  });
});

describe('D8 replays keep the document issue headers (P-IDEM1)', () => {
  it('issue 22: a replayed profile UBL carries the same X-EInvoice-Issues, a replayed default UBL the same X-EN16931-Issues', async () => {
    const { apiKey } = await verifiedAccountWithKey('idem-issues');
    const { electronic_address: _b, ...to } = BE_BUYER;
    const bodies = {
      'X-EInvoice-Issues': {
        from: BE_SELLER,
        to,
        invoice: { number: 'IDEM-1', date: '2026-03-02', due_date: '2026-04-01', po_number: 'PO-1' },
        items: [{ description: 'Design', quantity: 2, unit_price: 49.95, tax_rate: 21 }],
        payment: { iban: 'BE68539007547034' },
        einvoice_profile: 'peppol',
        output: 'ubl',
      },
      'X-EN16931-Issues': { ...INVOICE, items: [{ description: 'x', unit_price: 5, tax_rate: 20 }], output: 'ubl' },
    };
    for (const [header, json] of Object.entries(bodies)) {
      const headers = { Authorization: `Bearer ${apiKey}`, 'Idempotency-Key': `issues-${header}` };
      const first = await call('/api/generate-invoice', { method: 'POST', json, headers });
      expect(first.status).toBe(200);
      const issues = first.headers.get(header);
      expect(issues, header).toMatch(/\S/);
      const replay = await call('/api/generate-invoice', { method: 'POST', json, headers });
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      expect(replay.headers.get(header)).toBe(issues);
      expect(await replay.text()).toBe(await first.text());
    }
  });
});
