// Types `env` and `exports` of 'cloudflare:workers' (used by the workerd tests) from this Worker's own
// bindings and main module, as `wrangler types` would.
declare namespace Cloudflare {
  // An interface cannot extend `import('./env.ts').Env` directly (TS2499, which skipLibCheck hides in
  // a .d.ts): the alias names it first.
  type WorkerEnv = import('./env.ts').Env;
  interface Env extends WorkerEnv {}
  interface GlobalProps {
    mainModule: typeof import('./index.ts');
    durableNamespaces: 'RateLimiter' | 'IdempotencyStore' | 'MinuteWindow' | 'AttemptLog';
  }
}
