// `npm run admin -- <command> [options]`: operator commands on accounts (D6: no billing, plans and credits
// are set by hand). Runs `wrangler d1 execute DB` against the local database (the one `npm run dev` uses),
// or the deployed one with --remote.
//
//   create-account --email <e> [--password <p>] [--tier free|starter|pro|enterprise] [--with-key]
//                  creates a verified account; prints a generated password and, with --with-key, an API key
//   set-tier       --email <e> --tier <tier>
//   grant-credits  --email <e> --credits <n>      adds n legacy render credits (D11)
//   usage          --email <e>                    plan, credits, and the rate-window counters (D7)
//
// Common options: --remote (deployed database), --persist-to <dir> (local state directory, as for npm run dev).
import { spawnSync } from 'node:child_process';
import { createHash, pbkdf2Sync, randomBytes, randomInt } from 'node:crypto';

const TIERS = ['free', 'starter', 'pro', 'enterprise'];
const LIMITS = {
  free: { hourly: 40, weekly: 400, monthly: 100, monthlyPdfs: 50 },
  starter: { hourly: 200, weekly: 4000, monthly: 1000, monthlyPdfs: null },
  pro: { hourly: 1000, weekly: 40000, monthly: 5000, monthlyPdfs: null },
  enterprise: { hourly: null, weekly: null, monthly: null, monthlyPdfs: null },
};
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function parseArgs(argv) {
  const [command, ...rest] = argv;
  const opts = {};
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (!a.startsWith('--')) fail(`unexpected argument ${a}`);
    const [name, inline] = a.slice(2).split('=', 2);
    if (['remote', 'with-key'].includes(name)) opts[name] = true;
    else opts[name] = inline ?? rest[++i];
  }
  return { command, opts };
}

function fail(message) {
  console.error(`admin: ${message}\nUsage: npm run admin -- create-account|set-tier|grant-credits|usage --email <e> [...] [--remote] [--persist-to <dir>]`);
  process.exit(1);
}

const sql = (v) => (v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
const base62 = (n) => Array.from({ length: n }, () => BASE62[randomInt(62)]).join('');
const sha256Hex = (s) => createHash('sha256').update(s).digest('hex');

/** Same format as workers/accounts/password-hash.ts. */
function hashPassword(password) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 100_000, 32, 'sha256');
  return `pbkdf2_sha256$100000$${salt.toString('base64')}$${hash.toString('base64')}`;
}

function d1(opts, statement) {
  const target = opts.remote ? ['--remote'] : ['--local', ...(opts['persist-to'] ? ['--persist-to', opts['persist-to']] : [])];
  const r = spawnSync('wrangler', ['d1', 'execute', 'DB', ...target, '--json', '--command', statement], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
  });
  if (r.status !== 0) fail(`wrangler d1 execute failed:\n${r.stderr || r.stdout}`);
  const out = JSON.parse(r.stdout);
  return out.flatMap((x) => x.results ?? []);
}

function requireEmail(opts) {
  if (!opts.email) fail('--email is required');
  return String(opts.email).trim().toLowerCase();
}

function findAccount(opts, email) {
  const [row] = d1(opts, `SELECT id, email, tier, email_verified_at, credits_total, credits_used FROM accounts WHERE email = ${sql(email)}`);
  if (!row) fail(`no account with email ${email}`);
  return row;
}

function requireTier(opts) {
  if (!TIERS.includes(opts.tier)) fail(`--tier must be one of ${TIERS.join(', ')}`);
  return opts.tier;
}

const { command, opts } = parseArgs(process.argv.slice(2));
const now = Date.now();

switch (command) {
  case 'create-account': {
    const email = requireEmail(opts);
    const tier = opts.tier ? requireTier(opts) : 'free';
    const generated = opts.password === undefined;
    const password = generated ? base62(20) : String(opts.password);
    if (password.length < 8 || password.length > 256) fail('--password must be 8 to 256 characters');
    const id = `acct_${base62(20)}`;
    const statements = [
      `INSERT INTO accounts (id, email, password_hash, tier, email_verified_at, created_at) VALUES (${sql(id)}, ${sql(email)}, ${sql(hashPassword(password))}, ${sql(tier)}, ${now}, ${now})`,
    ];
    let apiKey;
    if (opts['with-key']) {
      apiKey = `inv_sk_${base62(40)}`;
      statements.push(`INSERT INTO api_keys (key_hash, account_id, last4, created_at) VALUES (${sql(sha256Hex(apiKey))}, ${sql(id)}, ${sql(apiKey.slice(-4))}, ${now})`);
    }
    if (d1(opts, `SELECT id FROM accounts WHERE email = ${sql(email)}`).length) fail(`an account with email ${email} already exists`);
    d1(opts, statements.join('; '));
    console.log(`created verified account ${email} (${id}) on the ${tier} plan`);
    if (generated) console.log(`password: ${password}`);
    if (apiKey) console.log(`api key (shown once): ${apiKey}`);
    break;
  }
  case 'set-tier': {
    const email = requireEmail(opts);
    const tier = requireTier(opts);
    findAccount(opts, email);
    d1(opts, `UPDATE accounts SET tier = ${sql(tier)} WHERE email = ${sql(email)}`);
    console.log(`${email}: tier set to ${tier} (applies to session calls at once, to API-key calls within 10 s)`);
    break;
  }
  case 'grant-credits': {
    const email = requireEmail(opts);
    const credits = Number(opts.credits);
    if (!Number.isInteger(credits) || credits <= 0) fail('--credits must be a positive integer');
    findAccount(opts, email);
    d1(opts, `UPDATE accounts SET credits_total = credits_total + ${credits} WHERE email = ${sql(email)}`);
    const row = findAccount(opts, email);
    console.log(`${email}: legacy credits total ${row.credits_total}, used ${row.credits_used}, remaining ${row.credits_total - row.credits_used}`);
    break;
  }
  case 'usage': {
    const email = requireEmail(opts);
    const account = findAccount(opts, email);
    const [snap] = d1(opts, `SELECT * FROM usage_snapshots WHERE subject = ${sql(account.id)}`);
    const [key] = d1(opts, `SELECT last4, created_at FROM api_keys WHERE account_id = ${sql(account.id)} AND revoked_at IS NULL`);
    const limits = LIMITS[account.tier];
    // Counters of a window that has ended count as 0 (D7 fixed windows).
    const hourStart = Math.floor(now / 3_600_000) * 3600;
    const day = Math.floor(now / 86_400_000);
    const weekStart = (day - (((day + 3) % 7) + 7) % 7) * 86400;
    const d = new Date(now);
    const monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
    const usage = {
      email: account.email,
      tier: account.tier,
      verified: account.email_verified_at !== null,
      api_key: key ? `inv_sk_…${key.last4}` : null,
      legacy_credits: { total: account.credits_total, used: account.credits_used },
      hourly: { used: snap && snap.hour_start === hourStart ? snap.hour_count : 0, limit: limits.hourly ?? 'unlimited' },
      weekly: { used: snap && snap.week_start === weekStart ? snap.week_count : 0, limit: limits.weekly ?? 'unlimited' },
      monthly_documents: { used: snap && snap.month_start === monthStart ? snap.month_documents : 0, limit: limits.monthly ?? 'unlimited' },
      monthly_pdfs: { used: snap && snap.month_start === monthStart ? snap.month_pdfs : 0, limit: limits.monthlyPdfs ?? 'no separate cap' },
      counters_as_of: snap ? new Date(snap.updated_at).toISOString() : 'no usage recorded',
    };
    console.log(JSON.stringify(usage, null, 2));
    break;
  }
  default:
    fail(command ? `unknown command ${command}` : 'a command is required');
}
