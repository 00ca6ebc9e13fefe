// Issue 10.14b: CF-Connecting-IP is parsed as an IP address; IPv6 clients are keyed by their /64.
import { describe, expect, it } from 'vitest';
import { admitRequest } from '../../workers/limits/admit-request.ts';
import { clientAddressKey, INVALID_CLIENT_ADDRESS } from '../../workers/net/client-address.ts';
import { call, testEnv } from './accounts-fixtures.ts';

const INVOICE = {
  from: { name: 'Acme' },
  to: { name: 'Client' },
  items: [{ description: 'Work', quantity: 1, unit_price: 5 }],
};
const generate = (ip: string) =>
  call('/api/generate-invoice', { method: 'POST', json: INVOICE, headers: { 'CF-Connecting-IP': ip } });

describe('clientAddressKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    [' 203.0.113.9 ', '203.0.113.9'],
    ['010.000.001.002', '10.0.1.2'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    [undefined, '127.0.0.1'],
    ['', '127.0.0.1'],
  ])('%j → %s', (header, key) => {
    expect(clientAddressKey(header)).toBe(key);
  });

  it.each([
    'not-an-ip',
    '256.1.1.1',
    '1.2.3',
    '203.0.113.9, 10.0.0.1',
    '2001:db8::1::2',
    'fe80::1%eth0',
    '[2001:db8::1]',
    '2001:db8:1:2:3:4:5:6:7',
    'ip:acct:x',
    'x'.repeat(5000),
  ])('%j → the shared invalid bucket', (header) => {
    expect(clientAddressKey(header)).toBe(INVALID_CLIENT_ADDRESS);
  });
});

describe('anonymous limits by client address over HTTP', () => {
  it('two IPv6 addresses in one /64 share one window; another /64 has its own', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    await admitRequest(testEnv, { kind: 'anonymous', ip: `${prefix}::/64` }, { calls: 20, documents: 0, pdfs: 0 });
    const same = await generate(`${prefix}:dead:beef:1:2`);
    expect(same.status).toBe(429);
    const other = await generate(`${prefix.replace(/:7$/, ':8')}::1`);
    expect(other.status).toBe(200);
  });

  it('a value that is no IP address is not trusted: it answers from the shared invalid bucket', async () => {
    const res = await generate(`garbage-${crypto.randomUUID()}`);
    expect([200, 429]).toContain(res.status);
    expect(res.headers.get('X-RateLimit-Limit-Hourly')).toBe('20');
  });
});
