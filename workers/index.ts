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

export { IdempotencyStore } from './idempotency/idempotency-object.ts';
export { MinuteWindow } from './limits/minute-window-object.ts';
export { RateLimiter } from './limits/rate-limiter-object.ts';
