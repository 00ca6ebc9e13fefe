// Issue 12 budgets: time to first byte of the pages on `wrangler dev`, and what each page transfers with
// its assets (HTML, stylesheet, its script and every chunk that script imports, the viewer on /docs),
// gzip-compressed as a CDN would send them. Aim: under 150 KB compressed for the app pages, the API
// reference viewer excluded.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { startDevServer } from '../test/support/start-dev-server.ts';
import { ms, summarise } from './measure.ts';

const RUNS = 150;
const WARMUP = 15;
const BUDGET_KB = 150;
const PAGES = [
  { path: '/', signedIn: false },
  { path: '/docs', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/app', signedIn: true },
  { path: '/app/webhooks', signedIn: true },
  { path: '/app/playground', signedIn: true },
];

/** Every file a page loads: its stylesheet and script tags, then the chunks those scripts import, transitively. */
async function pageFiles(base: string, html: string): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  const queue = [...html.matchAll(/<(?:script[^>]*src|link[^>]*href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (files.has(path)) continue;
    const res = await fetch(`${base}${path}`);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    files.set(path, bytes);
    if (path.endsWith('.js')) {
      const dir = path.slice(0, path.lastIndexOf('/') + 1);
      const text = new TextDecoder().decode(bytes);
      for (const m of text.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g))
        queue.push(new URL(m[1], `http://x${dir}`).pathname);
      // Scripts a page adds at run time by absolute path (the viewer on /docs).
      for (const m of text.matchAll(/"(\/assets\/[^"]+\.js)"/g)) queue.push(m[1]);
    }
    if (path.endsWith('.css'))
      for (const m of new TextDecoder().decode(bytes).matchAll(/url\((?:"|')?(\/assets\/[^"')]+)/g)) queue.push(m[1]);
  }
  return files;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const server = await startDevServer();
try {
  const base = server.baseUrl;
  const email = `bench-web-${Date.now()}@example.com`;
  const password = 'bench web passphrase';
  execFileSync(
    process.execPath,
    ['scripts/admin.ts', 'create-account', '--email', email, '--password', password, '--persist-to', server.stateDir],
    { encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
  );
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = (login.headers.get('Set-Cookie') ?? '').split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`login ${login.status}`);

  const open = async (path: string, signedIn: boolean) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers: signedIn ? { Cookie: cookie } : {}, redirect: 'manual' });
    const ttfb = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return { ttfb, html: await res.text() };
  };

  for (let i = 0; i < WARMUP; i++) for (const p of PAGES) await open(p.path, p.signedIn);
  const times = new Map<string, number[]>(PAGES.map((p) => [p.path, []]));
  for (let i = 0; i < RUNS; i++) for (const p of PAGES) times.get(p.path)!.push((await open(p.path, p.signedIn)).ttfb);

  const rows: string[] = [];
  const sizes: string[] = [];
  for (const p of PAGES) {
    const t = summarise(times.get(p.path)!);
    rows.push(`| \`${p.path}\` | ${t.runs} | ${ms(t.median)} | ${ms(t.p95)} | ${ms(t.max)} |`);
    const { html } = await open(p.path, p.signedIn);
    const files = await pageFiles(base, html);
    const htmlBytes = new TextEncoder().encode(html);
    let raw = htmlBytes.byteLength;
    let gz = gzipSync(htmlBytes).byteLength;
    let viewer = 0;
    for (const [path, bytes] of files) {
      raw += bytes.byteLength;
      const z = gzipSync(bytes).byteLength;
      gz += z;
      if (path.includes('/vendor/')) viewer += z;
    }
    const counted = gz - viewer;
    const verdict =
      p.path === '/docs' ? 'viewer excluded from the budget' : counted <= BUDGET_KB * 1024 ? 'within' : 'OVER';
    sizes.push(
      `| \`${p.path}\` | ${files.size + 1} | ${kb(raw)} | ${kb(gz)} | ${viewer ? kb(viewer) : '–'} | ${kb(counted)} (${verdict}) |`,
    );
  }

  console.log(`## Web pages: time to first byte and transferred size (issue 12)

\`wrangler dev\` on loopback; each page opened ${RUNS} times in turn after ${WARMUP} warm-up rounds (signed-in pages
with a session cookie; \`/app\` reads the account's windows from its RateLimiter and its credits).

| Page | Runs | Median TTFB | p95 | Max |
|---|---|---|---|---|
${rows.join('\n')}

What a first visit transfers: the HTML, the stylesheet, the page's script and every chunk it imports (and the
API reference viewer on \`/docs\`), each gzip-compressed (level 6). Budget: ${BUDGET_KB} KB compressed per app page,
the viewer excluded.

| Page | Files | Raw | gzip | of which the viewer | Counted against the budget |
|---|---|---|---|---|---|
${sizes.join('\n')}

Load average at the end of the run: ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ')} (the machine is shared; medians rise with load).`);
} finally {
  server.stop();
}
