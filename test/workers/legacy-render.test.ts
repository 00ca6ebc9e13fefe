import { describe, expect, it } from 'vitest';
import { call, verifiedAccountWithKey } from './accounts-fixtures.ts';

type Json = Record<string, any>;

export const LEGACY = {
  title: 'Acme Ltd',
  invno: 'L-1',
  date: '2026-03-01',
  to: 'Client GmbH\nHauptstraße 1\n10115 Berlin',
  currency: 'EUR',
  lang: 'en',
  template: 'neat-pro',
  rows: [
    { desc: 'Work', qty: '2', rate: '50.25', tax: 20 },
    { desc: 'More', qty: 1, rate: 10, disc: '10' },
  ],
};

const render = (key: string | undefined, json: unknown) =>
  call('/api/render', { method: 'POST', json, headers: key === undefined ? {} : { Authorization: key } });

describe('POST /api/render (D11)', () => {
  it('D11: renders with the raw key and answers the legacy success shape', async () => {
    const { apiKey } = await verifiedAccountWithKey('legacy');
    const res = await render(apiKey, LEGACY);
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    expect(body.credits).toEqual({ remaining: 49, used: 1, userType: 'api', verified: true });
  });
});
