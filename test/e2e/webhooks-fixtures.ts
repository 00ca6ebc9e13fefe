// Shared by the webhook and hosted-link end-to-end tests: an account made through the real HTTP
// interface of `wrangler dev`, and a loopback HTTP receiver that records webhook deliveries.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  receivedAt: number;
  answered: number;
}

export async function verifiedAccount(
  baseUrl: string,
  tag: string,
): Promise<{ apiKey: string; cookie: string; email: string }> {
  const email = `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct horse battery';
  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const reg = await fetch(`${baseUrl}/api/auth/register`, json({ email, password }));
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const mails = (await (await fetch(`${baseUrl}/api/dev/emails?to=${encodeURIComponent(email)}`)).json()) as {
    emails: { links: string[] }[];
  };
  const verify = await fetch(mails.emails[0].links[0]);
  if (verify.status !== 200) throw new Error(`verify: ${verify.status}`);
  const login = await fetch(`${baseUrl}/api/auth/login`, json({ email, password }));
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const key = await fetch(`${baseUrl}/api/auth/generate-api-key`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
  });
  const { api_key } = (await key.json()) as { api_key: string };
  if (!api_key) throw new Error('no api key');
  return { apiKey: api_key, cookie, email };
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
