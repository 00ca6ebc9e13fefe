// Queue batches within the platform's limits (issue 25): a `sendBatch` of more than 100 messages or 256 KB in all
// is refused whole, so one account's fan-out to several webhooks could lose an event for every one of them.
// https://developers.cloudflare.com/queues/platform/limits/ (128 KB a message, 256 KB and 100 messages a batch).

/** Messages per `sendBatch` (the platform's limit). */
export const MAX_BATCH_MESSAGES = 100;
/** Bytes per `sendBatch`: 256 KB less headroom for the platform's own per-message overhead. */
export const MAX_BATCH_BYTES = 240_000;
/** Counted per message on top of its JSON body (ids, content type, delay). */
const PER_MESSAGE_OVERHEAD_BYTES = 256;

type JsonMessage = MessageSendRequest<unknown> & { contentType: 'json' };

function messageBytes(m: JsonMessage): number {
  return new TextEncoder().encode(JSON.stringify(m.body)).length + PER_MESSAGE_OVERHEAD_BYTES;
}

/** Consecutive groups, each within both limits; a message is never split (each is below 128 KB: webhook-event.ts). */
export function splitIntoBatches<M extends JsonMessage>(messages: readonly M[]): M[][] {
  const batches: M[][] = [];
  let current: M[] = [];
  let bytes = 0;
  for (const m of messages) {
    const size = messageBytes(m);
    if (current.length > 0 && (current.length === MAX_BATCH_MESSAGES || bytes + size > MAX_BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(m);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Sends `messages` in as many batches as the limits need, one after another; throws on the first refusal. */
export async function sendInBatches(queue: Queue, messages: readonly JsonMessage[]): Promise<void> {
  for (const batch of splitIntoBatches(messages)) await queue.sendBatch(batch);
}
