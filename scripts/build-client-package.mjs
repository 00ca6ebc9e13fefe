// The SDK as a user installs it (issue 27, decision S6): packages/client built to dist/ (the examples import
// it from there) and packed into the tarball the service serves at /sdk/invoice-client-<version>.tgz
// (scripts/build-web.mjs puts it into web/dist), so `npm install https://<host>/sdk/…tgz` works against any
// deployment. The tarball bundles openapi-fetch, the one runtime dependency, so installing it needs no
// registry. Run by the root package's `prepare` (so `npm install` / `npm ci` alone make the examples
// runnable) and by prepare-assets through build-web; skipped when nothing it is made from changed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClientTypes } from './build-client-types.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PKG = path.join(ROOT, 'packages/client');
const CACHE = path.join(ROOT, 'node_modules/.cache/client-package');
/** The runtime dependency and its own dependency, copied into the tarball's node_modules. */
const BUNDLED = ['openapi-fetch', 'openapi-typescript-helpers'];

/** The tarball's name, as `npm pack` names a scoped package: invoice-client-0.1.0.tgz. */
export function clientTarballName() {
  const { name, version } = JSON.parse(readFileSync(path.join(PKG, 'package.json'), 'utf8'));
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/** Every file the package is made from (sources, generated types, manifests, the bundled packages). */
function inputsHash() {
  const hash = createHash('sha256');
  const dirs = [path.join(PKG, 'src'), ...BUNDLED.map((name) => path.join(ROOT, 'node_modules', name))];
  const files = [
    ...['package.json', 'README.md', 'CHANGELOG.md', 'tsconfig.json', 'tsconfig.build.json'].map((f) =>
      path.join(PKG, f),
    ),
    path.join(ROOT, 'packages/tsconfig.package.json'),
    ...dirs.flatMap((dir) =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name)),
    ),
  ].sort();
  for (const file of files) hash.update(`${path.relative(ROOT, file)}\0`).update(readFileSync(file));
  return hash.digest('hex');
}

/** Builds dist/ and packs it; returns the tarball's name and bytes. */
export async function buildClientPackage() {
  await buildClientTypes();
  const file = clientTarballName();
  const cached = path.join(CACHE, file);
  const stamp = path.join(CACHE, `${file}.sha256`);
  const hash = inputsHash();
  const fresh =
    existsSync(cached)
    && existsSync(path.join(PKG, 'dist/index.js'))
    && existsSync(stamp)
    && readFileSync(stamp, 'utf8') === hash;
  if (fresh) return { file, bytes: readFileSync(cached) };

  // dist/ anew, so a source file that was removed leaves nothing behind in the package.
  rmSync(path.join(PKG, 'dist'), { recursive: true, force: true });
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: PKG,
    stdio: 'inherit',
  });

  // A staging copy whose node_modules holds the bundled packages: in the workspace they are hoisted to the
  // root, where `npm pack` does not look for bundleDependencies.
  const stage = path.join(CACHE, `stage-${process.pid}`);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  try {
    const manifest = JSON.parse(readFileSync(path.join(PKG, 'package.json'), 'utf8'));
    delete manifest.scripts; // the build script names repository paths
    manifest.bundleDependencies = Object.keys(manifest.dependencies ?? {});
    writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    for (const f of manifest.files) cpSync(path.join(PKG, f), path.join(stage, f), { recursive: true });
    for (const name of BUNDLED) {
      cpSync(path.join(ROOT, 'node_modules', name), path.join(stage, 'node_modules', name), { recursive: true });
    }
    execFileSync('npm', ['pack', '--silent', '--pack-destination', stage], { cwd: stage, stdio: 'ignore' });
    const staged = `${cached}.${process.pid}.tmp`;
    renameSync(path.join(stage, file), staged);
    renameSync(staged, cached);
    writeFileSync(stamp, hash);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
  return { file, bytes: readFileSync(cached) };
}

if (import.meta.url === `file://${process.argv[1]}`) await buildClientPackage();
