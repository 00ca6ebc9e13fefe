// Issue 4: the compressed Worker bundle with every font stays under Cloudflare's 10 MB limit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const out = mkdtempSync(join(tmpdir(), 'bundle-'));
try {
  execFileSync('wrangler', ['deploy', '--dry-run', '--outdir', out], {
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    stdio: 'pipe',
  });
  const files = readdirSync(out, { recursive: true })
    .map(String)
    .filter((f) => statSync(join(out, f)).isFile() && !f.endsWith('.map'));
  let raw = 0;
  let gz = 0;
  const rows = files.map((f) => {
    const bytes = readFileSync(join(out, f));
    const z = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gz += z;
    return { f, raw: bytes.length, z };
  });
  rows.sort((a, b) => b.raw - a.raw);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
  console.log(`## Worker bundle (wrangler deploy --dry-run --outdir)

| file | size | gzip |
|---|---|---|
${rows
  .slice(0, 12)
  .map((r) => `| ${r.f} | ${mb(r.raw)} MB | ${mb(r.z)} MB |`)
  .join('\n')}
| **total (${rows.length} files)** | **${mb(raw)} MB** | **${mb(gz)} MB** |

Budget: compressed bundle under 10 MB (${gz < 10 * 1024 * 1024 ? 'met' : 'NOT met'}).
`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
