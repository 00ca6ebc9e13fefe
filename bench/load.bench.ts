// Issue 25: a bounded load test on `wrangler dev`, loopback only, that stops by itself: a burst of first opens of
// one hosted link, a webhook fan-out of large events to 10 endpoints, and a flood of refused logins. Each must
// end with 0 errors (no 5xx, no lost delivery); the rows each phase added to D1 are reported per request, read
// from the dev server's own SQLite file. (The exact statements per request type are asserted by
// test/workers/storage-ops-per-request.test.ts; docs/scale.md.)
import { readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { enterpriseAccount } from '../test/support/dev-account.ts';
import { startDevServer } from '../test/support/start-dev-server.ts';
import { summarise } from './measure.ts';

const ms = (v: number) => `${Math.round(v)} ms`;

const server = await startDevServer();
const base = server.baseUrl;

/** Rows per D1 table, read from the dev server's D1 file (read-only; workerd keeps writing). */
function d1Rows(): Map<string, number> {
  const dir = join(server.stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite'));
  const db = new DatabaseSync(join(dir, file!), { readOnly: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
      )
      .all() as { name: string }[];
    return new Map(
      tables.map(({ name }) => [name, (db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
}

/** The tables a phase added rows to, per request: `login_attempts +2.0`. */
function rowsPerRequest(before: Map<string, number>, requests: number): string {
  const after = d1Rows();
  const grew = [...after].filter(([t, n]) => n > (before.get(t) ?? 0));
  if (grew.length === 0) return 'none';
  return grew
    .map(([t, n]) => `${t}: ${n - (before.get(t) ?? 0)} (${((n - (before.get(t) ?? 0)) / requests).toFixed(2)} each)`)
    .join(', ');
}

/** Runs `total` requests, `concurrency` at a time; statuses counted, network errors counted apart. */
async function burst(total: number, concurrency: number, send: (i: number) => Promise<Response>) {
  const statuses = new Map<number, number>();
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  let firstFailure = '';
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const t0 = performance.now();
      try {
        const res = await send(i);
        const body = await res.text();
        if (res.status >= 400 && res.status !== 401 && res.status !== 429) firstFailure ||= body.slice(0, 300);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      } catch (err) {
        firstFailure ||= String(err);
        errors += 1;
      }
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (firstFailure) console.error(`first failure: ${firstFailure}`);
  const shown = [...statuses].map(([s, n]) => `${n} × ${s}`).join(', ');
  return { statuses, errors, shown, latency: summarise(times) };
}

const arrivals = new Map<string, number>();
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const id = `${req.url} ${req.headers['webhook-id']}`;
    arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
    res.writeHead(204).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const receiverBase = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;

const rows: string[] = [];
const row = (phase: string, requests: string, result: string, latency: string, d1: string, ok: boolean) =>
  rows.push(`| ${phase} | ${requests} | ${result} | ${latency} | ${d1} | ${ok ? '0 errors' : '**errors**'} |`);

try {
  const { apiKey, email } = enterpriseAccount(server, 'bench-load');
  const auth = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };
  const post = (path: string, body: unknown, headers: Record<string, string> = auth) =>
    fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

  // 1. 300 first opens of one fresh hosted PDF, 50 at a time, each from its own address (opens are limited per IP).
  const small = {
    from: { name: 'Acme' },
    to: { name: 'Client' },
    items: [{ description: 'Work', quantity: 1, unit_price: 100 }],
  };
  const link = ((await (await post('/api/generate-invoice', small)).json()) as { invoice: { hosted_url: string } })
    .invoice.hosted_url;
  let before = d1Rows();
  const opens = await burst(300, 50, (i) =>
    fetch(link, { headers: { 'CF-Connecting-IP': `10.88.${i >> 8}.${i & 255}` } }),
  );
  const opensOk = opens.errors === 0 && opens.statuses.get(200) === 300;
  row(
    'hosted PDF, 300 first opens, 50 concurrent',
    '300',
    opens.shown,
    `${ms(opens.latency.median)} / ${ms(opens.latency.p95)}`,
    rowsPerRequest(before, 300),
    opensOk,
  );

  // 2. 10 webhooks; 20 invoices whose events are about 60 KB each: 200 deliveries must all arrive.
  for (let h = 0; h < 10; h++) await post('/api/webhooks', { url: `${receiverBase}/hook-${h}` });
  const big = {
    ...small,
    items: Array.from({ length: 100 }, (_, i) => ({
      description: `Line ${i} ${'x'.repeat(340)}`,
      quantity: 1,
      unit_price: 1,
    })),
  };
  before = d1Rows();
  const t0 = performance.now();
  const generated = await burst(20, 5, () => post('/api/generate-invoice', big));
  const deadline = Date.now() + 60_000;
  const delivered = () => [...arrivals.values()].filter((n) => n > 0).length;
  while (delivered() < 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const fanOutMs = performance.now() - t0;
  const fanOk = generated.errors === 0 && generated.statuses.get(200) === 20 && delivered() === 200;
  row(
    'webhook fan-out: 20 invoices (≈60 KB events) × 10 webhooks',
    '20',
    `${generated.shown}; ${delivered()} of 200 delivered in ${ms(fanOutMs)}`,
    `${ms(generated.latency.median)} / ${ms(generated.latency.p95)}`,
    rowsPerRequest(before, 20),
    fanOk,
  );

  // 3. 600 refused logins, 50 at a time, over 60 addresses and 600 e-mails (one account's among them).
  before = d1Rows();
  const json = { 'Content-Type': 'application/json' };
  const logins = await burst(600, 50, (i) =>
    post(
      '/api/auth/login',
      { email: i % 10 === 0 ? email : `nobody-${i}@example.com`, password: 'wrong password 1' },
      {
        ...json,
        'CF-Connecting-IP': `10.99.0.${i % 60}`,
      },
    ),
  );
  const refusedOnly = [...logins.statuses.keys()].every((s) => s === 401 || s === 429);
  row(
    'refused logins, 50 concurrent over 60 addresses',
    '600',
    logins.shown,
    `${ms(logins.latency.median)} / ${ms(logins.latency.p95)}`,
    rowsPerRequest(before, 600),
    logins.errors === 0 && refusedOnly,
  );

  console.log('## Bounded load on `wrangler dev` (issue 25)\n');
  console.log('Loopback only; each phase is a fixed number of requests and stops by itself. Latency is median / p95.');
  console.log(
    "D1 is the rows each phase added per request (from the dev server's SQLite file; updates are not rows added:",
  );
  console.log('the exact statements per request type are in docs/scale.md).\n');
  console.log('| Phase | Requests | Answers | Latency | D1 rows added per request | Result |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  if (!opensOk || !fanOk || !(logins.errors === 0 && refusedOnly)) process.exitCode = 1;
} finally {
  receiver.close();
  server.stop();
}
