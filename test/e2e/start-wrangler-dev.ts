// Global setup of the e2e project: a real `wrangler dev` (workerd + miniflare) on a free port with
// throw-away state, prepared exactly as `npm run dev` prepares it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

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

let child: ChildProcess | undefined;
let stateDir = '';

export async function setup(project: TestProject) {
  const port = await freePort();
  stateDir = mkdtempSync(join(tmpdir(), 'invoice-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  child = spawn('node', ['scripts/dev.mjs', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', stateDir, '--inspector-port', '0',
    // D10 retries wait seconds, not minutes, in this throw-away dev instance (honoured only with DEV_MODE=true).
    '--var', 'WEBHOOK_RETRY_DELAYS_SECONDS:1'], {
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev did not start within 120 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('stateDir', stateDir);
  (globalThis as { __wranglerLog?: () => string }).__wranglerLog = () => log;
}

export async function teardown() {
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    stateDir: string;
  }
}
