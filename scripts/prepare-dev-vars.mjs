// Writes .dev.vars with random local secrets the first time, so `npm run dev` needs no set-up step.

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function prepareDevVars(path = '.dev.vars') {
  const wanted = {
    DEV_MODE: 'true',
    HOSTED_LINK_SECRET: randomBytes(32).toString('base64url'),
    WEBHOOK_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  const existing = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const missing = Object.entries(wanted).filter(([k]) => !new RegExp(`^${k}=`, 'm').test(existing));
  if (missing.length === 0) return;
  const lines = missing.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join('\n');
  writeFileSync(path, (existing && !existing.endsWith('\n') ? existing + '\n' : existing) + lines + '\n');
  console.log(`dev: wrote ${missing.map(([k]) => k).join(', ')} to ${path}`);
}

if (import.meta.url === `file://${process.argv[1]}`) prepareDevVars();
