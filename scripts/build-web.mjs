// Builds the web app's static assets into web/dist (served by Workers Static Assets, `[assets]` in
// wrangler.toml): the client modules (web/client/*-page.ts, bundled by esbuild), the stylesheet
// (web/styles/app.css and its @imports) and the API reference viewer (web/vendor). web/dist is
// gitignored and rebuilt by prepare-assets (npm run dev, npm test, npm run deploy), so a fresh clone
// needs nothing else. Nothing is loaded from a CDN at run time: every file a page uses is in here.
// It also holds the SDK's tarball, sdk/invoice-client-<version>.tgz (scripts/build-client-package.mjs, issue 27).
// The build is made in memory and synced into web/dist: a file is replaced only when its bytes change,
// by a rename (never truncated in place), and stale files go last, so a wrangler dev already serving
// web/dist (the e2e server, while another test starts a server of its own) never sees a missing file.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { buildClientPackage } from './build-client-package.mjs';

const OUT = 'web/dist';

/**
 * One bundle per page, named as the page's <script> names it (workers/web/layout.tsx: `script`).
 * A new page adds its entry here.
 */
export const CLIENT_ENTRIES = [
  'site-page',
  'landing-page',
  'signup-page',
  'login-page',
  'forgot-password-page',
  'reset-password-page',
  'account-page',
  'dashboard-page',
  'webhooks-page',
  'keys-page',
  'documents-page',
  'docs-page',
  'playground-page',
];

/** Scalar's self-contained browser build of the viewer, kept in the repository (web/vendor/api-reference/README.md, P14). */
const VIEWER = 'web/vendor/api-reference/standalone.js';

// Headers Workers Static Assets adds to the files it serves (the HTML pages get theirs from the Worker).
const ASSET_HEADERS = `/assets/*
  X-Content-Type-Options: nosniff
  Referrer-Policy: strict-origin-when-cross-origin
  Cross-Origin-Resource-Policy: same-origin
/sdk/*
  X-Content-Type-Options: nosniff
  Cache-Control: no-cache
`;

/**
 * zod's `z` namespace re-exports its ~45 message locales (≈280 kB minified), which no tree-shaking can drop;
 * the model only ever uses English messages (the API's wording), so the bundle gets English alone.
 */
const englishZodLocales = {
  name: 'english-zod-locales',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`)
        ? { path: path.join(path.dirname(args.importer), args.path), namespace: 'zod-locales' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from './en.js';`,
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/** Every file under `dir`, as paths relative to it. */
function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** Makes `dir` hold exactly `files` (relative path → bytes), touching only what differs. */
function syncDir(dir, files) {
  for (const [rel, bytes] of files) {
    const target = path.join(dir, rel);
    if (existsSync(target) && Buffer.compare(readFileSync(target), bytes) === 0) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    const staged = `${target}.${process.pid}.tmp`;
    writeFileSync(staged, bytes);
    renameSync(staged, target);
  }
  for (const rel of listFiles(dir)) if (!files.has(rel)) rmSync(path.join(dir, rel), { force: true });
}

export async function buildWeb() {
  const files = new Map();
  const add = (result) => {
    for (const f of result.outputFiles) files.set(path.relative(OUT, f.path), Buffer.from(f.contents));
  };
  add(
    await build({
      entryPoints: CLIENT_ENTRIES.map((name) => ({ in: `web/client/${name}.ts`, out: name })),
      outdir: path.join(OUT, 'assets/js'),
      bundle: true,
      splitting: true, // pages share the helpers and the invoice model as chunks
      format: 'esm',
      target: 'es2022',
      minify: true,
      sourcemap: true,
      chunkNames: 'chunks/[name]-[hash]',
      legalComments: 'linked',
      logLevel: 'warning',
      plugins: [englishZodLocales],
      write: false,
    }),
  );
  add(
    await build({
      entryPoints: ['web/styles/app.css'],
      outfile: path.join(OUT, 'assets/css/app.css'),
      bundle: true,
      minify: true,
      logLevel: 'warning',
      write: false,
    }),
  );
  files.set('assets/favicon.svg', readFileSync('web/favicon.svg'));
  files.set('assets/vendor/api-reference.js', readFileSync(VIEWER));
  const sdk = await buildClientPackage();
  files.set(`sdk/${sdk.file}`, sdk.bytes);
  files.set('_headers', Buffer.from(ASSET_HEADERS));
  syncDir(OUT, files);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildWeb();
