// Dependency rules (`npm run lint:deps`; part of `npm test`). Every rule is an error: any violation
// fails the run. Type-only imports count (tsPreCompilationDeps), so a cycle made of `import type`
// lines is a cycle too.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not import each other, directly or through others (type-only imports included).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-not-to-workers',
      severity: 'error',
      comment: 'The packages are runtime-agnostic libraries: nothing in packages/ may import the Worker.',
      from: { path: '^packages/' },
      to: { path: '^workers/' },
    },
    {
      name: 'packages-not-to-hono',
      severity: 'error',
      comment: 'The packages know nothing of HTTP routing: no hono in packages/.',
      from: { path: '^packages/' },
      to: { path: '(^|/)node_modules/hono/' },
    },
    {
      name: 'packages-not-to-cloudflare',
      severity: 'error',
      comment: 'The packages must run outside workerd: no cloudflare:* modules in packages/.',
      from: { path: '^packages/' },
      to: { path: '^cloudflare:' },
    },
    {
      name: 'package-src-not-to-node',
      severity: 'error',
      comment: 'Package code runs in the Worker: no node:* (or bare Node built-in) in packages/*/src. Package tests run in Node and may.',
      from: { path: '^packages/[^/]+/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'packages-by-name-only',
      severity: 'error',
      comment: "A package reaches another only through its name (@invoice/…), never by a relative path into the other's files.",
      from: { path: '^packages/([^/]+)/' },
      to: { path: '^packages/', pathNot: '^packages/$1/', dependencyTypes: ['local'] },
    },
    {
      name: 'limits-to-accounts-via-caller-only',
      severity: 'error',
      comment: 'Accounts depend on limits (rotation pushes the live key); limits see accounts only through the leaf accounts/caller.ts.',
      from: { path: '^workers/limits/' },
      to: { path: '^workers/accounts/', pathNot: '^workers/accounts/caller\\.ts$' },
    },
    {
      name: 'accounts-caller-is-a-leaf',
      severity: 'error',
      comment: 'accounts/caller.ts (Caller, KeyOwner, Tier, invalidApiKeyError) imports nothing of accounts or limits.',
      from: { path: '^workers/accounts/caller\\.ts$' },
      to: { path: '^workers/(accounts|limits)/' },
    },
    {
      name: 'web-client-not-to-workers',
      severity: 'error',
      comment: 'The browser modules (web/client) run in the page: they reach the service over HTTP, never by importing the Worker.',
      from: { path: '^web/client/' },
      to: { path: '^workers/' },
    },
    {
      name: 'web-client-no-node',
      severity: 'error',
      comment: 'Browser code: no node:* or Node built-ins, and no hono (the pages render on the server).',
      from: { path: '^web/client/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'workers-not-to-web-client',
      severity: 'error',
      comment: 'The Worker renders pages that load the client bundles by URL; it never imports browser code.',
      from: { path: '^workers/' },
      to: { path: '^web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(\\.wrangler|test/\\.out|web/dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.d.ts', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
