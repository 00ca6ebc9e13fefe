// `npm run dev [-- wrangler dev args]`: prepares local secrets, generated assets and the D1 schema,
// then starts `wrangler dev`. Arguments reach wrangler dev; --persist-to also applies to the migrations.
import { spawn, spawnSync } from 'node:child_process';
import { prepareAssets } from './prepare-assets.mjs';
import { prepareDevVars } from './prepare-dev-vars.mjs';

const args = process.argv.slice(2);
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };

function persistArgs(list) {
  const i = list.findIndex((a) => a === '--persist-to' || a.startsWith('--persist-to='));
  if (i < 0) return [];
  return list[i].includes('=') ? [list[i]] : [list[i], list[i + 1]];
}

prepareDevVars();
await prepareAssets();
const migrate = spawnSync('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', ...persistArgs(args)], {
  stdio: 'inherit',
  env: { ...env, CI: 'true' }, // CI=true: apply without the interactive confirmation
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const child = spawn('wrangler', ['dev', ...args], { stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
