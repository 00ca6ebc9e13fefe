// A verified account with an API key on a running dev server, made by the operator command
// (`npm run admin -- create-account`): enterprise, so the benches run far from the plan limits, or another plan
// for a test with a server of its own (test/e2e/own-dev-server.test.ts). (The e2e tests on the shared server make
// theirs over HTTP: test/e2e/start-wrangler-dev.ts, test/support/http-account.ts.)
import { execFileSync } from 'node:child_process';
import type { DevServer } from './start-dev-server.ts';

// process.execPath is the pinned Node 22 (npm run / npx put it first on PATH), which runs .ts directly.
export function enterpriseAccount(
  server: Pick<DevServer, 'stateDir'>,
  tag = 'bench',
): { email: string; apiKey: string } {
  return adminAccount(server.stateDir, 'enterprise', tag);
}

export function adminAccount(
  stateDir: string,
  tier: 'free' | 'starter' | 'pro' | 'enterprise',
  tag: string,
): { email: string; apiKey: string } {
  const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const out = execFileSync(
    process.execPath,
    ['scripts/admin.ts', 'create-account', '--email', email, '--tier', tier, '--with-key', '--persist-to', stateDir],
    {
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    },
  );
  const apiKey = /api key \(shown once\): (\S+)/.exec(out)?.[1];
  if (!apiKey) throw new Error(`admin create-account printed no key:\n${out}`);
  return { email, apiKey };
}
