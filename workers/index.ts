import { createApp } from './app.ts';
import type { Env } from './env.ts';

const app = createApp();

export default {
  fetch: app.fetch,
  async queue(_batch: MessageBatch, _env: Env): Promise<void> {},
} satisfies ExportedHandler<Env>;

export class RateLimiter implements DurableObject {
  async fetch(): Promise<Response> { return new Response('not implemented', { status: 501 }); }
}
export class IdempotencyStore implements DurableObject {
  async fetch(): Promise<Response> { return new Response('not implemented', { status: 501 }); }
}
