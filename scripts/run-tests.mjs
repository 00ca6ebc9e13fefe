// `npm test`: the static checks and every test, in four lanes at once.
//
// Measured on the 2-core CI machine (docs/decisions.md, P9): one `vitest run` of the three projects kept the
// cores busy only 1.3 of 2 on average, because the e2e files spend most of their time waiting on one wrangler
// dev and Chromium, and the Worker files on timers and the queue consumer, while the package files, which do
// use the CPU, queued behind them. So each project runs in a vitest of its own, the Worker project on one test
// worker, and the static checks beside them, the computing lanes at a lower priority. The package lane is
// streamed; the others are printed whole when they end, so no two lanes' lines interleave. Any lane failing
// fails the run, after all have finished.
//
// `npm test -- <vitest arguments>` (a file, `--project e2e`, ...) skips the lanes: the static checks, then
// one `vitest run` with those arguments.
import { spawn } from 'node:child_process';
import path from 'node:path';

// NODE_COMPILE_CACHE: Node 22 keeps V8's compiled code of the modules it loads on disk, so the dozen wrangler starts
// of a run (its CLI is about 10 MB of JavaScript), vitest and its workers compile each module once, not once a
// process (about 0.7 CPU seconds a wrangler start, 1 a vitest run; P9).
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  FORCE_COLOR: process.env.FORCE_COLOR ?? '1',
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.resolve('node_modules/.cache/node-compile-cache'),
};

/** Runs one command; its output is streamed (`stream`) or kept and returned. */
function run(cmd, args, { stream = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    if (!stream) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('close', (code, signal) =>
      resolve({ ok: code === 0, output: Buffer.concat(chunks).toString(), status: signal ?? code }),
    );
  });
}

/** Commands one after another, stopping at the first that fails. */
async function chain(steps, options) {
  let output = '';
  for (const [cmd, ...args] of steps) {
    const started = Date.now();
    const result = await run(cmd, args, options);
    output += `${result.output}$ ${cmd} ${args.join(' ')}: ${result.ok ? 'ok' : `failed (${result.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`;
    if (!result.ok) return { ok: false, output };
  }
  return { ok: true, output };
}

const npm = (script) => ['npm', 'run', '--silent', script];
const STATIC = [npm('typecheck'), npm('lint:deps'), npm('lint:unused')];

// Fast failures first, alone: formatting and lint (2 s), then the generated assets every lane reads.
const first = await chain([npm('lint'), ['node', 'scripts/prepare-assets.mjs']], { stream: true });
if (!first.ok) process.exit(1);

const extra = process.argv.slice(2);
if (extra.length > 0) {
  const checks = await chain(STATIC, { stream: true });
  if (!checks.ok) process.exit(1);
  const tests = await run('npx', ['vitest', 'run', ...extra], { stream: true });
  process.exit(tests.ok ? 0 : 1);
}

const started = Date.now();
const vitest = (...args) => ['vitest', 'run', ...args];
/**
 * The lanes that only compute (the package tests, the static checks) yield the cores to the two that also wait
 * (on wrangler dev, Chromium, timers and the queue consumer): they fill the time those spend waiting and take the
 * whole machine when those end. At the same priority the Worker lane, on one test worker, got a third of the
 * machine and ended a minute after the others (P9).
 */
const NICE_ARGS = ['-n', '10'];
const lanes = [
  {
    name: 'package tests',
    done: run('nice', [...NICE_ARGS, 'npx', ...vitest('--project', 'packages')], { stream: true }),
  },
  { name: 'e2e tests', done: run('npx', vitest('--project', 'e2e')) },
  // One test worker, one Miniflare: a second cost about 35 CPU seconds (its start, its own compiled modules) on a
  // machine with no core to spare (P9).
  { name: 'Worker tests', done: run('npx', vitest('--project', 'workers', '--maxWorkers=1')) },
  {
    name: 'type checks, dependency rules, unused code',
    done: chain(STATIC.map((step) => ['nice', ...NICE_ARGS, ...step])),
  },
];
const results = await Promise.all(lanes.map((lane) => lane.done));
// A failed lane is printed after the ones that passed, so the end of the log (all a CI summary may keep)
// holds vitest's list of failed tests.
const order = [...lanes.keys()].slice(1).sort((a, b) => Number(!results[a].ok) - Number(!results[b].ok));
for (const i of order) process.stdout.write(`\n--- ${lanes[i].name} ---\n${results[i].output}`);
const failed = lanes.filter((_, i) => !results[i].ok).map((lane) => lane.name);
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(
  failed.length === 0 ? `\nall lanes passed in ${seconds} s` : `\nfailed: ${failed.join('; ')} (${seconds} s)`,
);
process.exit(failed.length === 0 ? 0 : 1);
