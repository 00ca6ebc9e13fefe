// Starts `npm run dev` (scripts/dev.mjs → wrangler dev) on a free port with throw-away state, for benches.
import { spawn, type ChildProcess } from 'node:child_process';
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
  stop(): void;
}

export async function startDevServer(): Promise<DevServer> {
  const port = await freePort();
  const stateDir = mkdtempSync(join(tmpdir(), 'invoice-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['scripts/dev.mjs', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', stateDir, '--inspector-port', '0'], {
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    rmSync(stateDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, stateDir, stop };
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error(`wrangler dev did not start within 120 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
