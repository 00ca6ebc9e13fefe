// A real `wrangler dev` (workerd + miniflare) on a free port with throw-away state, started through
// scripts/dev.mjs exactly as `npm run dev` starts it. Used by the e2e tests and the benches.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface DevServer {
  baseUrl: string;
  stateDir: string;
  log(): string;
  stop(): void;
  /** SIGKILL to the whole process group, as a crash would: nothing is flushed, the state stays for a restart. */
  kill(): void;
}

/**
 * `extraArgs` go to wrangler dev (e.g. `--var NAME:value`). Resolves once /api/health answers. `stateDir`
 * starts on a state an earlier server left, or a copy of one (its caller removes it); by default a new one is made.
 * On a given state wrangler dev starts itself: an earlier start already prepared the assets and migrated that
 * state, and skipping dev.mjs's preparation (a `wrangler d1 migrations apply` spawn) makes the start seconds
 * shorter.
 */
export async function startDevServer(
  extraArgs: string[] = [],
  options: { stateDir?: string } = {},
): Promise<DevServer> {
  const port = await freePort();
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'invoice-dev-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const command = options.stateDir ? ['node_modules/wrangler/bin/wrangler.js', 'dev'] : ['scripts/dev.mjs'];
  const child = spawn(
    process.execPath,
    [
      ...command,
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      stateDir,
      '--inspector-port',
      '0',
      ...extraArgs,
    ],
    {
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, name);
    } catch {
      /* already gone */
    }
  };
  const stop = () => {
    signal('SIGTERM');
    if (!options.stateDir) rmSync(stateDir, { recursive: true, force: true });
  };
  const kill = () => signal('SIGKILL');
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, stateDir, log: () => output, stop, kill };
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error(`wrangler dev did not start within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
