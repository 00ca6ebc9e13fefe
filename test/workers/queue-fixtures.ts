// The webhook queue in the Worker tests is the real local queue (Miniflare, configured from wrangler.toml):
// what the Worker sends goes to its own queue() handler, which delivers to the webhook's URL through fetch.
// Sends are observed with a spy that calls through; a test that puts a message on the queue waits here until
// the consumer has delivered it, with its fetch receiver answering 2xx, so that no message is left to be
// delivered (or retried a minute later) while another test, in this file or another one sharing the
// Miniflare (isolate: false), watches fetch.
import { env } from 'cloudflare:workers';
import { vi } from 'vitest';
import type { EmitMessage, WebhookMessage } from '../../workers/webhooks/webhook-event.ts';

/** A spy on WEBHOOK_QUEUE.sendBatch (delivery messages) that lets every send through to the real queue. */
export function watchQueue() {
  return vi.spyOn(env.WEBHOOK_QUEUE, 'sendBatch');
}

/** A spy on WEBHOOK_QUEUE.send (the `emit` message a generate or batch hands off, W6), calling through. */
export function watchEmits() {
  return vi.spyOn(env.WEBHOOK_QUEUE, 'send');
}

/** The `emit` message bodies the spy saw sent, in order. */
export function emittedMessages(spy: ReturnType<typeof watchEmits>): EmitMessage[] {
  return spy.mock.calls.map((call) => call[0] as EmitMessage);
}

/** The message bodies the spy saw sent, in order. */
export function sentMessages(spy: ReturnType<typeof watchQueue>): WebhookMessage[] {
  return spy.mock.calls.flatMap((call) => [...call[0]].map((m) => m.body as WebhookMessage));
}

/** How many delivery attempts of the webhook are in its log (W1). */
async function attemptsLogged(webhookId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE webhook_id = ?')
    .bind(webhookId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * Waits until the Worker's queue consumer has logged `count` attempts in all for the webhook: the consumer
 * logs every attempt it makes (W1), so this is the moment the queue has no more of the test's messages.
 */
export async function consumedByWorker(webhookId: string, count: number, timeoutMs = 20_000): Promise<void> {
  // performance.now, not Date.now: some tests hold Date still with fake timers while the consumer works.
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const logged = await attemptsLogged(webhookId);
    if (logged >= count) return;
    if (performance.now() > deadline)
      throw new Error(`the queue consumer logged ${logged} of ${count} attempts for ${webhookId} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
