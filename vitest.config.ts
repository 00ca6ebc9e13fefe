import { availableParallelism } from 'node:os';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const migrations = await readD1Migrations('./migrations');

/** `npm run gallery:web` only: screenshots of the web pages into docs/gallery/web (test/gallery). */
const galleryProject = {
  test: {
    name: 'gallery',
    include: ['test/gallery/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/start-wrangler-dev.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on a 2-core machine (CI) that is one, and every file
    // waits for the one before it. Two there (the machine's both cores); the default on larger machines.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // One Node process per test worker rather than one per file: the modules a file imports (the PDF
          // engine and its fonts, saxon-js and the official rule sets, loaded once per process by
          // ../shared/en16931/validate.mjs) stay loaded for the next file. The package tests keep no state
          // between files: no module mocks or stubbed globals, and each writes its output files under names
          // of its own.
          isolate: false,
          // A larger young generation: saxon-js (the Schematron rules) and the PDF renders make short-lived garbage
          // fast, and with V8's default 16 MB semi-space the scavenger ran often enough that the lane spent about
          // 7 % more CPU (measured back to back: 175 against 163 CPU seconds; P9).
          execArgv: ['--max-semi-space-size=32'],
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                DEV_MODE: 'true',
                // Hundreds of throw-away accounts: 1,000 PBKDF2 iterations, not 100,000 (P13; DEV_MODE only).
                PASSWORD_HASH_ITERATIONS: '1000',
                HOSTED_LINK_SECRET: 'test-hosted-link-secret',
                WEBHOOK_ENCRYPTION_KEY: 'dGVzdC13ZWJob29rLWVuY3J5cHRpb24ta2V5LTMyYnk=',
                TEST_MIGRATIONS: migrations,
              },
            },
          }),
        ],
        test: {
          name: 'workers',
          include: ['test/workers/**/*.test.ts'],
          // One Miniflare per test worker, not one per file (7–8 s each to start). Safe because no file depends on
          // the state another leaves behind: the files share that Miniflare's D1, KV, Durable Objects and queue, and
          // the isolate's module state (the API key cache), so every test works on ids of its own (uniqueEmail, new
          // accounts, webhooks and keys), counts against client addresses no other file uses (freshClientIp, and a
          // per-file address for requests that name none: client-address-per-file.ts), scopes its D1 writes to its own
          // rows, restores its mocks and fake timers, and waits until the queue consumer has delivered every message
          // it queued (queue-fixtures.ts). apply-migrations.ts still runs before every file; it is idempotent.
          isolate: false,
          setupFiles: ['test/workers/apply-migrations.ts', 'test/workers/client-address-per-file.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/start-wrangler-dev.ts'],
          // One Node process per test worker, as in the other projects: a fresh one per file cost about 1.7 CPU
          // seconds each (vitest, playwright-core and the SDK loaded again), 26 times (P9). The e2e files keep no
          // state between them: each makes its own accounts, browser contexts and servers and closes them, stubs
          // no global and mocks no module; the one Chromium connection (web-browser.ts) is shared on purpose.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll's 1 s default is shorter than a page's work while the other lanes hold both cores (CI).
          expect: { poll: { timeout: 10_000 } },
        },
      },
      ...(process.env.WEB_GALLERY === '1' ? [galleryProject] : []),
    ],
  },
});
