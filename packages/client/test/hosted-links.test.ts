// hostedLinks.open takes the link as the service returned it (`invoice.hosted_url`): it is opened on the
// host and path prefix that issued it, with its signature `t`, and without the API key (D9: the link is
// its own credential).
import { afterEach, describe, expect, it } from 'vitest';
import { InvoiceClient } from '../src/index.ts';
import { startScriptedServer } from './scripted-server.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

describe('hostedLinks.open', () => {
  it('D9: calls the link’s own origin and prefix with its t and the format, without Authorization', async () => {
    const server = await startScriptedServer((_, req) =>
      req.url.endsWith('format=json')
        ? { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{"success":true}' }
        : {
            status: 200,
            headers: { 'Content-Type': 'application/pdf' },
            body: new Uint8Array([0x25, 0x50, 0x44, 0x46]),
          },
    );
    close = server.close;
    const client = new InvoiceClient({ apiKey: 'inv_sk_secret', baseUrl: 'https://elsewhere.invalid' });
    const link = `${server.baseUrl}/billing/api/i/AbCdEfGhIjKlMnOpQrStUv?t=sig-123`;
    const bytes = await client.hostedLinks.open(link);
    expect([...bytes]).toEqual([0x25, 0x50, 0x44, 0x46]);
    expect(await client.hostedLinks.open(link, { format: 'json' })).toEqual({ success: true });
    expect(server.received.map((r) => r.url)).toEqual([
      '/billing/api/i/AbCdEfGhIjKlMnOpQrStUv?t=sig-123',
      '/billing/api/i/AbCdEfGhIjKlMnOpQrStUv?t=sig-123&format=json',
    ]);
    expect(server.received[0].headers.authorization).toBeUndefined();
  });

  it('refuses a URL that is not a hosted link, before any request', async () => {
    const client = new InvoiceClient({ baseUrl: 'https://invoices.example.com' });
    await expect(client.hostedLinks.open('https://invoices.example.com/api/webhooks')).rejects.toThrow(TypeError);
  });
});
