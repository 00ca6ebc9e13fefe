// Types `env` and `exports` of 'cloudflare:workers' (used by the workerd tests) from this Worker's own
// bindings and main module, as `wrangler types` would.
declare namespace Cloudflare {
  interface Env extends import('./env.ts').Env {}
  interface GlobalProps {
    mainModule: typeof import('./index.ts');
    durableNamespaces: 'RateLimiter' | 'IdempotencyStore';
  }
}
