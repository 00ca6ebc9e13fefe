// `npm run admin -- <command> [options]`: operator commands on accounts (D6: no billing, plans and credits
// are set by hand). Runs `wrangler d1 execute DB` against the local database (the one `npm run dev` uses),
// or the deployed one with --remote.
//
//   create-account --email <e> [--password <p>] [--tier free|starter|pro|enterprise] [--with-key]
//                  creates a verified account; prints a generated password and, with --with-key, an API key
//   set-tier       --email <e> --tier <tier>
//   grant-credits  --email <e> --credits <n>      adds n legacy render credits (D11)
//   usage          --email <e>                    plan, credits, and the rate-window counters (D7), as the
//                  account's RateLimiter last copied them to D1: up to 5 minutes old (P-LIM5, `counters_as_of`);
//                  the live counters are in every answer's headers and on the dashboard
//
// Common options: --remote (deployed database), --persist-to <dir> (local state directory, as for npm run dev).
//
// Runs as `node scripts/admin.ts` on the pinned Node 22 (the `node` devDependency, first on PATH under
// `npm run`/`npx`), which strips TypeScript types natively since 22.18: no flag, no loader. It imports
// the Worker's own modules (plain TS on web-standard globals, WebCrypto included), so ids, keys,
// password hashes and plan limits cannot drift from what the Worker writes and accepts.
import { spawnSync } from 'node:child_process';
import { argv, env, exit } from 'node:process';
// The Worker modules used, all here so that a move of the Worker's helpers is repointed in one place.
import { newAccountId, normaliseEmail, TIERS } from '../workers/accounts/account-store.ts';
import { maskApiKey, newApiKey, newKeyId } from '../workers/accounts/api-keys.ts';
import type { Tier } from '../workers/accounts/caller.ts';
import { hashPassword } from '../workers/accounts/password-hash.ts';
import { randomBase62 } from '../workers/crypto/random-ids.ts';
import { sha256Hex } from '../workers/crypto/sha256.ts';
import { PLAN_LIMITS } from '../workers/limits/plans.ts';
import { windowsAt } from '../workers/limits/windows.ts';

type Options = Record<string, string | true | undefined>;
// biome-ignore lint/suspicious/noExplicitAny: rows are what the SQL selects, typed where they are read
type Row = Record<string, any>;

interface AccountFacts {
  id: string;
  email: string;
  tier: Tier;
  email_verified_at: number | null;
  credits_total: number;
  credits_used: number;
}

interface UsageSnapshot {
  hour_start: number;
  hour_count: number;
  week_start: number;
  week_count: number;
  month_start: number;
  month_documents: number;
  month_pdfs: number;
  updated_at: number;
}

const FLAGS = ['remote', 'with-key'];

function parseArgs(argv: string[]): { command: string | undefined; opts: Options } {
  const [command, ...rest] = argv;
  const opts: Options = {};
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (!a.startsWith('--')) fail(`unexpected argument ${a}`);
    const [name, inline] = a.slice(2).split('=', 2);
    if (FLAGS.includes(name)) opts[name] = true;
    else opts[name] = inline ?? rest[++i];
  }
  return { command, opts };
}

function fail(message: string): never {
  console.error(
    `admin: ${message}\nUsage: npm run admin -- create-account|set-tier|grant-credits|usage --email <e> [...] [--remote] [--persist-to <dir>]`,
  );
  exit(1);
}

const sql = (v: string | number | null | undefined): string =>
  v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

/**
 * Runs `statements` in one `wrangler d1 execute` (each spawn starts wrangler and a local workerd: seconds, so a
 * command makes one) and returns each statement's rows.
 */
function d1(opts: Options, statements: string[]): Row[][] {
  const persistTo = opts['persist-to'];
  const target = opts.remote
    ? ['--remote']
    : ['--local', ...(typeof persistTo === 'string' ? ['--persist-to', persistTo] : [])];
  const run = () =>
    spawnSync('wrangler', ['d1', 'execute', 'DB', ...target, '--json', '--command', statements.join('; ')], {
      encoding: 'utf8',
      env: { ...env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    });
  let r = run();
  // The local database is one SQLite file: while `npm run dev` writes to it, wrangler d1 execute can meet
  // SQLITE_BUSY. The statements run as one D1 batch (a transaction): a command that failed changed nothing and
  // is simply tried again, a few times, a moment later.
  for (
    let attempt = 1;
    attempt < 5 && r.status !== 0 && /SQLITE_BUSY|database is locked/.test(r.stdout + r.stderr);
    attempt++
  ) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200 * attempt);
    r = run();
  }
  if (r.status !== 0) fail(`wrangler d1 execute failed:\n${r.stderr || r.stdout}`);
  const out = JSON.parse(r.stdout) as { results?: Row[] }[];
  return out.map((x) => x.results ?? []);
}

function requireEmail(opts: Options): string {
  if (typeof opts.email !== 'string') fail('--email is required');
  return normaliseEmail(opts.email);
}

const ACCOUNT_FACTS = 'SELECT id, email, tier, email_verified_at, credits_total, credits_used FROM accounts';

/** The account of `email` as the last of `rows` (a statement `SELECT … ACCOUNT_FACTS … WHERE email`), or a failure. */
function accountIn(rows: Row[][], email: string): AccountFacts {
  const row = rows.at(-1)?.[0] as AccountFacts | undefined;
  if (!row) fail(`no account with email ${email}`);
  return row;
}

function requireTier(opts: Options): Tier {
  const tier = TIERS.find((t) => t === opts.tier);
  if (!tier) fail(`--tier must be one of ${TIERS.join(', ')}`);
  return tier;
}

const { command, opts } = parseArgs(argv.slice(2));
const now = Date.now();

switch (command) {
  case 'create-account': {
    const email = requireEmail(opts);
    const tier = opts.tier ? requireTier(opts) : 'free';
    const generated = opts.password === undefined;
    const password = generated ? randomBase62(20) : String(opts.password);
    if (password.length < 8 || password.length > 256) fail('--password must be 8 to 256 characters');
    const id = newAccountId();
    // Inserted only if the address is free; the key only with the row this command made; then whose it is.
    const statements = [
      `INSERT INTO accounts (id, email, password_hash, tier, email_verified_at, created_at) SELECT ${sql(id)}, ${sql(email)}, ${sql(await hashPassword(password))}, ${sql(tier)}, ${now}, ${now} WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE email = ${sql(email)})`,
    ];
    let apiKey: string | undefined;
    if (opts['with-key']) {
      apiKey = newApiKey();
      statements.push(
        `INSERT INTO api_keys (key_hash, account_id, last4, created_at, id, is_primary) SELECT ${sql(await sha256Hex(apiKey))}, id, ${sql(apiKey.slice(-4))}, ${now}, ${sql(newKeyId())}, 1 FROM accounts WHERE id = ${sql(id)}`,
      );
    }
    statements.push(`SELECT id FROM accounts WHERE email = ${sql(email)}`);
    if (d1(opts, statements).at(-1)?.[0]?.id !== id) fail(`an account with email ${email} already exists`);
    console.log(`created verified account ${email} (${id}) on the ${tier} plan`);
    if (generated) console.log(`password: ${password}`);
    if (apiKey) console.log(`api key (shown once): ${apiKey}`);
    break;
  }
  case 'set-tier': {
    const email = requireEmail(opts);
    const tier = requireTier(opts);
    accountIn(
      d1(opts, [
        `UPDATE accounts SET tier = ${sql(tier)} WHERE email = ${sql(email)}`,
        `${ACCOUNT_FACTS} WHERE email = ${sql(email)}`,
      ]),
      email,
    );
    console.log(`${email}: tier set to ${tier} (applies to session calls at once, to API-key calls within 10 s)`);
    break;
  }
  case 'grant-credits': {
    const email = requireEmail(opts);
    const credits = Number(opts.credits);
    if (!Number.isInteger(credits) || credits <= 0) fail('--credits must be a positive integer');
    const row = accountIn(
      d1(opts, [
        `UPDATE accounts SET credits_total = credits_total + ${credits} WHERE email = ${sql(email)}`,
        `${ACCOUNT_FACTS} WHERE email = ${sql(email)}`,
      ]),
      email,
    );
    console.log(
      `${email}: legacy credits total ${row.credits_total}, used ${row.credits_used}, remaining ${row.credits_total - row.credits_used}`,
    );
    break;
  }
  case 'usage': {
    const email = requireEmail(opts);
    const owner = `(SELECT id FROM accounts WHERE email = ${sql(email)})`;
    const rows = d1(opts, [
      `SELECT * FROM usage_snapshots WHERE subject = ${owner}`,
      `SELECT last4 FROM api_keys WHERE account_id = ${owner} AND is_primary = 1 AND revoked_at IS NULL`,
      `${ACCOUNT_FACTS} WHERE email = ${sql(email)}`,
    ]);
    const account = accountIn(rows, email);
    const snap = rows[0][0] as UsageSnapshot | undefined;
    const key = rows[1][0] as { last4: string } | undefined;
    const limits = PLAN_LIMITS[account.tier];
    // Counters of a window that has ended count as 0 (D7 fixed windows).
    const { hour, week, month } = windowsAt(now);
    const thisMonth = snap?.month_start === month.start;
    const usage = {
      email: account.email,
      tier: account.tier,
      verified: account.email_verified_at !== null,
      api_key: key ? maskApiKey(key.last4) : null,
      legacy_credits: { total: account.credits_total, used: account.credits_used },
      hourly: { used: snap?.hour_start === hour.start ? snap.hour_count : 0, limit: limits.hourly ?? 'unlimited' },
      weekly: { used: snap?.week_start === week.start ? snap.week_count : 0, limit: limits.weekly ?? 'unlimited' },
      monthly_documents: { used: thisMonth ? snap.month_documents : 0, limit: limits.monthly ?? 'unlimited' },
      monthly_pdfs: { used: thisMonth ? snap.month_pdfs : 0, limit: limits.monthlyPdfs ?? 'no separate cap' },
      counters_as_of: snap ? new Date(snap.updated_at).toISOString() : 'no usage recorded',
    };
    console.log(JSON.stringify(usage, null, 2));
    break;
  }
  default:
    fail(command ? `unknown command ${command}` : 'a command is required');
}
