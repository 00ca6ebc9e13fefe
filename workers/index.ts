import { createApp } from './app.ts';
import type { Env } from './env.ts';
import { consumeWebhookBatch } from './webhooks/queue-consumer.ts';

const app = createApp();

export default {
  fetch: app.fetch,
  async queue(batch: MessageBatch, env: Env): Promise<void> {
    await consumeWebhookBatch(batch, env);
  },
} satisfies ExportedHandler<Env>;

export class RateLimiter implements DurableObject {
  async fetch(): Promise<Response> { return new Response('not implemented', { status: 501 }); }
}
export class IdempotencyStore implements DurableObject {
  async fetch(): Promise<Response> { return new Response('not implemented', { status: 501 }); }
}
