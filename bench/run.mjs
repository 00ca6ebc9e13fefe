// `npm run bench [name...]`: runs bench/*.bench.ts (each prints a markdown section on stdout) and
// writes every section into docs/benchmarks.md, keeping sections of benches not run this time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

const only = process.argv.slice(2);
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)));
const target = 'docs/benchmarks.md';
const old = existsSync(target) ? readFileSync(target, 'utf8') : '';
const sections = new Map();
for (const m of old.matchAll(/<!-- bench:(\S+) -->\n([\s\S]*?)<!-- \/bench:\1 -->/g)) sections.set(m[1], m[2]);

for (const f of files) {
  const name = f.replace(/\.bench\.ts$/, '');
  console.log(`bench: ${name}`);
  const r = spawnSync('tsx', [`bench/${f}`], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    maxBuffer: 64 << 20,
  });
  process.stderr.write(r.stderr);
  if (r.status !== 0) {
    console.error(`bench ${name} failed`);
    process.exitCode = 1;
    continue;
  }
  process.stdout.write(r.stdout);
  sections.set(
    name,
    r.stdout.trimEnd()
      + `\n\n_Run ${new Date().toISOString().slice(0, 10)} on Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}._\n`,
  );
}

const body = [...sections.keys()]
  .sort()
  .map((k) => `<!-- bench:${k} -->\n${sections.get(k)}<!-- /bench:${k} -->`)
  .join('\n\n');
writeFileSync(
  target,
  `# Benchmarks\n\nProduced by \`npm run bench\` (bench/*.bench.ts); each section is replaced when its bench runs again.\nBudgets come from the issues; medians over many runs after warm-up.\n\n${body}\n`,
);
