import { pruneExpiredRows } from './accounts/prune-expired-rows.ts';
import { createApp } from './app.ts';
import type { Env } from './env.ts';
import { consumeWebhookBatch } from './webhooks/queue-consumer.ts';

const app = createApp();

export default {
  fetch: app.fetch,
  async queue(batch: MessageBatch, env: Env): Promise<void> {
    await consumeWebhookBatch(batch, env);
  },
  /** The hourly Cron Trigger (wrangler.toml): expired D1 rows are deleted (decision H19). */
  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    const deleted = await pruneExpiredRows(env.DB, controller.scheduledTime);
    console.log(JSON.stringify({ level: 'info', msg: 'expired rows pruned', cron: controller.cron, deleted }));
  },
} satisfies ExportedHandler<Env>;

export { IdempotencyStore } from './idempotency/idempotency-object.ts';
export { AttemptLog } from './limits/attempt-log-object.ts';
export { MinuteWindow } from './limits/minute-window-object.ts';
export { RateLimiter } from './limits/rate-limiter-object.ts';
