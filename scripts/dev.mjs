// `npm run dev [-- wrangler dev args]`: prepares local secrets, generated assets and the D1 schema,
// then starts `wrangler dev`. Arguments reach wrangler dev; --persist-to also applies to the migrations.
import { spawn } from 'node:child_process';
import { prepareAssets } from './prepare-assets.mjs';
import { prepareDevVars } from './prepare-dev-vars.mjs';

const args = process.argv.slice(2);
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };

function persistArgs(list) {
  const i = list.findIndex((a) => a === '--persist-to' || a.startsWith('--persist-to='));
  if (i < 0) return [];
  return list[i].includes('=') ? [list[i]] : [list[i], list[i + 1]];
}

/** Applies the D1 migrations to the local database; resolves with wrangler's exit status. */
function applyMigrations() {
  const migrate = spawn('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', ...persistArgs(args)], {
    stdio: 'inherit',
    env: { ...env, CI: 'true' }, // CI=true: apply without the interactive confirmation
  });
  return new Promise((resolve) => migrate.on('exit', (code) => resolve(code ?? 1)));
}

prepareDevVars();
// The assets and the schema do not depend on each other: both are prepared at once, before wrangler dev starts.
const [, migrated] = await Promise.all([prepareAssets(), applyMigrations()]);
if (migrated !== 0) process.exit(migrated);

const child = spawn('wrangler', ['dev', ...args], { stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
