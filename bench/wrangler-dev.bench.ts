// Issue 2 and 6 budgets on a real `wrangler dev`: anonymous JSON requests under 50 concurrent connections
// (autocannon on loopback, 0 errors expected), and a 50-invoice batch (under 2 s).
import autocannon, { type Request as CannonRequest } from 'autocannon';
import { enterpriseAccount } from '../test/support/dev-account.ts';
import { startDevServer } from '../test/support/start-dev-server.ts';
import { summarise } from './measure.ts';

const server = await startDevServer();
const base = server.baseUrl;
const invoice = (n: number, lines = 20) => ({
  from: { name: 'Acme Ltd', address: '1 Main St\nSpringfield' },
  to: { name: `Client ${n}` },
  global_tax: 20,
  global_discount: 5,
  items: Array.from({ length: lines }, (_, i) => ({
    description: `Line ${i + 1}`,
    quantity: (i % 5) + 1,
    unit_price: (999 + i * 100) / 100,
    discount: i % 3 === 0 ? 10 : 0,
    ...(i % 4 === 0 ? { tax_rate: 7 } : {}),
  })),
});

try {
  // Anonymous windows are per client IP (D3: 20 an hour). Requests rotate over a pool of 2,000 addresses,
  // each first touched once in a warm-up, so the measured run sees warm limiter objects and no refusals.
  const body = JSON.stringify(invoice(1));
  const POOL = 2000;
  let n = 0;
  const ipRequest: CannonRequest[] = [
    {
      method: 'POST',
      setupRequest: (req: CannonRequest) => {
        const i = n++ % POOL;
        return {
          ...req,
          body,
          headers: { 'content-type': 'application/json', 'cf-connecting-ip': `10.77.${i >> 8}.${i & 255}` },
        };
      },
    },
  ];
  await autocannon({ url: `${base}/api/generate-invoice`, connections: 50, amount: POOL, requests: ipRequest });
  const result = await autocannon({
    url: `${base}/api/generate-invoice`,
    connections: 50,
    duration: 10,
    requests: ipRequest,
  });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  // For scale: what wrangler dev's own proxy layers allow on this machine for the cheapest route.
  const health = await autocannon({ url: `${base}/api/health`, connections: 50, duration: 5 });

  // Batch: an enterprise account made by the admin command (as an operator would), so plan limits don't cut the batch.
  const { apiKey } = enterpriseAccount(server);
  const batchBody = JSON.stringify({ invoices: Array.from({ length: 50 }, (_, i) => invoice(i)) });
  const batchTimes: number[] = [];
  let generated = 0;
  for (let run = 0; run < 7; run++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: batchBody,
    });
    const json = (await res.json()) as { meta: { generated: number } };
    batchTimes.push(performance.now() - t0);
    generated = json.meta.generated;
  }
  const batch = summarise(batchTimes.slice(1)); // the first call warms the isolate

  console.log(`## wrangler dev: anonymous JSON and batch

| measure | value |
|---|---|
| anonymous JSON, 20 lines, 50 connections, 10 s | ${result.requests.average.toFixed(0)} req/s, median latency ${result.latency.p50} ms, p99 ${result.latency.p99} ms |
| requests / non-2xx + errors + timeouts | ${result.requests.total} / ${non2xx} |
| for scale: GET /api/health, 50 connections, 5 s | ${health.requests.average.toFixed(0)} req/s, median latency ${health.latency.p50} ms |
| batch of 50 × 20-line invoices with hosted links (${generated} generated), 6 runs after a warm-up | median ${batch.median.toFixed(0)} ms, max ${batch.max.toFixed(0)} ms |

Budgets: 0 errors under 50 connections (${non2xx === 0 ? 'met' : 'NOT met'}); 50 invoices under 2 s (${batch.median < 2000 ? 'met' : 'NOT met'}).
`);
} finally {
  server.stop();
}
