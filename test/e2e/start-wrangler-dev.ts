// Global setup of the e2e project (and of the gallery): one real `wrangler dev` for every test file, one
// headless Chromium every browser test connects to (web-browser.ts), and the accounts the files need on
// plans other than free or with D1 facts no route sets: made over HTTP as a user makes them, then changed by
// one `wrangler d1 execute` (D6: there is no route that changes a plan), as the operator would.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { type HttpAccount, httpAccount, registeredEmail } from '../support/http-account.ts';
import { type DevServer, startDevServer } from '../support/start-dev-server.ts';
import { CHROMIUM } from './chromium.ts';

/** Each account a file takes by name (inject('accounts')[name]): its plan, and its legacy credits (D11) when not the default. */
const ACCOUNTS = {
  mcp: { tier: 'enterprise' },
  'mcp-limit': { tier: 'free' },
  'mcp-init': { tier: 'enterprise' },
  'mcp-config': { tier: 'enterprise' },
  'sdk-examples': { tier: 'enterprise' },
  'sdk-tarball': { tier: 'enterprise' },
  readme: { tier: 'enterprise' },
  'sdk-browser': { tier: 'enterprise' },
  'sdk-deno': { tier: 'enterprise' },
  sdk: { tier: 'enterprise' },
  'sdk-400': { tier: 'enterprise' },
  'sdk-402': { tier: 'enterprise', credits: 1 },
  'sdk-429': { tier: 'free' },
  'sdk-idem': { tier: 'pro' },
  'sdk-wh': { tier: 'enterprise' },
} as const satisfies Record<string, { tier: 'free' | 'starter' | 'pro' | 'enterprise'; credits?: number }>;

export type E2eAccountName = keyof typeof ACCOUNTS;

let server: DevServer | undefined;
let browser: BrowserServer | undefined;
let migrated: string | undefined;

/**
 * A copy of the server's local D1 as its start left it (the migrations applied, no row written yet), for the files
 * that start a wrangler dev of their own (own-dev-server.test.ts): they start on it rather than migrate again
 * through dev.mjs (a wrangler and a workerd started, about 4.5 CPU seconds: P15) and prepare the assets again.
 * The shared-memory index is left out: SQLite rebuilds it from the log.
 */
function copyMigratedState(dev: DevServer): string {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-migrated-'));
  cpSync(join(dev.stateDir, 'v3', 'd1'), join(dir, 'v3', 'd1'), {
    recursive: true,
    filter: (source) => !source.endsWith('-shm'),
  });
  return dir;
}

const sql = (s: string) => `'${s.replace(/'/g, "''")}'`;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The accounts of ACCOUNTS, each registered from an address of its own (registrations are limited per address),
 * and one registered account that never verified its email but holds a key anyway (the API issues keys to
 * verified accounts only; D1 may hold one, and the legacy interface must refuse it).
 */
async function makeAccounts(dev: DevServer) {
  const names = Object.keys(ACCOUNTS) as E2eAccountName[];
  const made = await Promise.all(names.map((name, i) => httpAccount(dev.baseUrl, `e2e-${name}`, `198.19.0.${i + 1}`)));
  const accounts = Object.fromEntries(names.map((name, i) => [name, made[i]])) as Record<E2eAccountName, HttpAccount>;
  const unverified = await registeredEmail(dev.baseUrl, 'e2e-legacy-unverified', `198.19.0.${names.length + 1}`);
  const unverifiedKey = `inv_sk_${Array.from(randomBytes(40), (b) => BASE62[b % 62]).join('')}`;

  const statements = names.flatMap((name) => {
    const { tier, ...rest } = ACCOUNTS[name] as { tier: string; credits?: number };
    const set = [`tier = ${sql(tier)}`, ...(rest.credits === undefined ? [] : [`credits_total = ${rest.credits}`])];
    return `UPDATE accounts SET ${set.join(', ')} WHERE email = ${sql(accounts[name].email)}`;
  });
  const hash = createHash('sha256').update(unverifiedKey).digest('hex');
  statements.push(
    `INSERT INTO api_keys (key_hash, account_id, last4, created_at) SELECT ${sql(hash)}, id, ${sql(unverifiedKey.slice(-4))}, ${Date.now()} FROM accounts WHERE email = ${sql(unverified)}`,
  );
  // Before any of the keys is used, so no isolate caches a key's owner (tier) and no RateLimiter its credits.
  await promisify(execFile)(
    'wrangler',
    ['d1', 'execute', 'DB', '--local', '--persist-to', dev.stateDir, '--command', statements.join('; ')],
    { env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' } },
  );

  // What the Worker now says of each account, so a statement that missed fails here, not in some test.
  await Promise.all(
    names.map(async (name) => {
      const res = await fetch(`${dev.baseUrl}/api/auth/me`, {
        headers: { Authorization: `Bearer ${accounts[name].apiKey}` },
      });
      const { user } = (await res.json()) as { user: { tier: string; verified: boolean; credits: { total: number } } };
      const want = ACCOUNTS[name] as { tier: string; credits?: number };
      if (
        user.tier !== want.tier
        || !user.verified
        || (want.credits !== undefined && user.credits.total !== want.credits)
      )
        throw new Error(`e2e account ${name}: the Worker sees ${JSON.stringify(user)}, not ${JSON.stringify(want)}`);
    }),
  );
  return { accounts, unverified: { email: unverified, apiKey: unverifiedKey } };
}

export async function setup(project: TestProject) {
  const [dev, chrome] = await Promise.allSettled([
    // D10 retries wait seconds, not minutes, in this throw-away dev instance, and its accounts' passwords are hashed
    // with 1,000 PBKDF2 iterations (P13); both are honoured only with DEV_MODE=true.
    startDevServer(['--var', 'WEBHOOK_RETRY_DELAYS_SECONDS:1', '--var', 'PASSWORD_HASH_ITERATIONS:1000']),
    chromium.launchServer(CHROMIUM),
  ]);
  if (dev.status === 'fulfilled') server = dev.value;
  if (chrome.status === 'fulfilled') browser = chrome.value;
  try {
    if (dev.status === 'rejected') throw dev.reason;
    if (chrome.status === 'rejected') throw chrome.reason;
    project.provide('baseUrl', dev.value.baseUrl);
    project.provide('stateDir', dev.value.stateDir);
    migrated = copyMigratedState(dev.value);
    project.provide('migratedState', migrated);
    project.provide('browserWsEndpoint', chrome.value.wsEndpoint());
    if (project.name === 'e2e') {
      const { accounts, unverified } = await makeAccounts(dev.value);
      project.provide('accounts', accounts);
      project.provide('unverifiedKey', unverified);
    }
  } catch (err) {
    await teardown();
    throw err;
  }
}

export async function teardown() {
  // Kept for diagnosis: a 500 in an e2e test is explained by the Worker's own log (CI prints it on failure).
  if (server) {
    mkdirSync('test/.out', { recursive: true });
    writeFileSync('test/.out/wrangler-dev.log', server.log());
  }
  server?.stop();
  await browser?.close();
  if (migrated) rmSync(migrated, { recursive: true, force: true });
  server = undefined;
  browser = undefined;
  migrated = undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    stateDir: string;
    /** A copy of the migrated, empty local D1 (copyMigratedState): a state directory to copy and start on. */
    migratedState: string;
    /** playwright-core's chromium.connect() endpoint of the one Chromium (web-browser.ts). */
    browserWsEndpoint: string;
    accounts: Record<E2eAccountName, HttpAccount>;
    /** An account that registered and never verified, with an API key written to D1 (see makeAccounts). */
    unverifiedKey: { email: string; apiKey: string };
  }
}
