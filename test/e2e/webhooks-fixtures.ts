// Shared by the webhook and hosted-link end-to-end tests: an account made through the real HTTP
// interface of `wrangler dev`, and a loopback HTTP receiver that records webhook deliveries.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { httpAccount } from '../support/http-account.ts';

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  receivedAt: number;
  answered: number;
}

/**
 * A verified free account with a key, made over HTTP (test/support/http-account.ts) from a client address of its
 * own in 198.19.128.0/17: registrations are limited per address (H6), and every e2e file shares the server.
 */
export async function verifiedAccount(
  baseUrl: string,
  tag: string,
): Promise<{ apiKey: string; cookie: string; email: string }> {
  const [a, b] = randomBytes(2);
  return httpAccount(baseUrl, tag, `198.19.${128 + (a % 128)}.${1 + (b % 254)}`);
}

/**
 * A receiver on 127.0.0.1. `plan(path, n)` gives the status to answer the n-th (0-based) delivery
 * to that path, and optionally a delay before answering.
 */
export async function startReceiver(
  plan: (path: string, n: number) => { status: number; delayMs?: number } = () => ({ status: 200 }),
) {
  const deliveries: Delivery[] = [];
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const n = counts.get(path) ?? 0;
      counts.set(path, n + 1);
      const { status, delayMs = 0 } = plan(path, n);
      const d: Delivery = {
        path,
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
        answered: status,
      };
      deliveries.push(d);
      setTimeout(() => {
        res.writeHead(status, { 'Content-Type': 'text/plain' });
        res.end(String(status));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function sampleInvoice(extra: Record<string, unknown> = {}) {
  return {
    from: { name: 'Acme GmbH', address: 'Hauptstr. 1\n10115 Berlin' },
    to: { name: 'Globex Ltd' },
    invoice: { currency: 'EUR', date: '2026-03-02' },
    items: [{ description: 'Consulting', quantity: 2, unit_price: 150, tax_rate: 19 }],
    ...extra,
  };
}
