// Issue 27: the SDK installs the way the docs say. The service serves its own packed SDK at
// /sdk/invoice-client-<version>.tgz (scripts/build-client-package.mjs, decision S6); the README's install line and
// its SDK example run in an empty folder against wrangler dev, with a registry that cannot be reached and an empty
// npm cache: the tarball carries its one dependency, so installing it needs no registry.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const baseUrl = inject('baseUrl');
const { apiKey } = inject('accounts')['sdk-tarball'];
const { version } = JSON.parse(readFileSync('packages/client/package.json', 'utf8')) as { version: string };
const readme = readFileSync('README.md', 'utf8');
const tmp = mkdtempSync(join(tmpdir(), 'e2e-sdk-tarball-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** npm with nothing to fall back on: a fresh cache, and a registry on a port where nothing listens. */
const npmOffRegistry = [
  '--no-audit',
  '--no-fund',
  '--cache',
  join(tmp, 'npm-cache'),
  '--registry',
  'http://127.0.0.1:9/',
];

describe('issue 27: the served SDK tarball', () => {
  it('GET /sdk/invoice-client-<version>.tgz answers the packed package with its bundled dependency', async () => {
    const res = await fetch(`${baseUrl}/sdk/invoice-client-${version}.tgz`);
    expect(res.status).toBe(200);
    const file = join(tmp, 'sdk.tgz');
    writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
    const { stdout } = await run('tar', ['-tzf', file]);
    const entries = stdout.trim().split('\n');
    expect(entries).toEqual(
      expect.arrayContaining([
        'package/package.json',
        'package/dist/index.js',
        'package/dist/index.d.ts',
        'package/README.md',
        'package/node_modules/openapi-fetch/package.json',
        'package/node_modules/openapi-typescript-helpers/package.json',
      ]),
    );
    expect(entries.filter((e) => e.startsWith('package/src/') || e.startsWith('package/test/'))).toEqual([]);
    const { stdout: manifest } = await run('tar', ['-xzOf', file, 'package/package.json']);
    expect(JSON.parse(manifest)).toMatchObject({
      name: '@invoice/client',
      version,
      bundleDependencies: ['openapi-fetch'],
    });
  });

  it('the README’s `npm install <url>` and SDK example run in an empty folder against wrangler dev', async () => {
    const install = /^npm install http:\/\/localhost:8787(\/sdk\/\S+)$/m.exec(readme)?.[1];
    expect(install).toBe(`/sdk/invoice-client-${version}.tgz`);
    const example = /```js\n(\/\/ invoice\.mjs[\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toContain("from '@invoice/client'");

    const dir = join(tmp, 'app');
    await run('mkdir', ['-p', dir]);
    writeFileSync(join(dir, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n');
    await run('npm', ['install', `${baseUrl}${install}`, ...npmOffRegistry], { cwd: dir });
    writeFileSync(join(dir, 'invoice.mjs'), example!.replaceAll('http://localhost:8787', baseUrl));
    const { stdout } = await run(process.execPath, ['invoice.mjs'], {
      cwd: dir,
      // As a user's terminal prints it, but without colour (npm test forces colour on, and Node colours numbers).
      env: { ...process.env, INVOICE_API_KEY: apiKey, FORCE_COLOR: '0', NO_COLOR: '1' },
    });
    // 3 × 120 = 360 + 19 % = 428.40; the number, the total and the hosted link, as the example prints them.
    expect(stdout.trim()).toMatch(new RegExp(`^INV-\\S+ 428\\.4 ${baseUrl.replaceAll('.', '\\.')}/api/i/\\S+$`));
  });
});
