// The hand-off of an event to the queue after the answer (issue 25, W6). It runs in waitUntil, where nothing can
// report a failure to the caller, so it is retried a bounded number of times, and an event that still cannot be
// handed off is counted in one structured log line (`metric: webhook_events_lost`) that log analytics can sum.
// Once handed off, the event is durable: the queue retries the fan-out and every delivery.

/** Waits before the second and third attempts: KV takes one write a second per key (a parked event is rewritten). */
export const HANDOFF_RETRY_DELAYS_MS: readonly number[] = [1_000, 4_000];

/** Events this isolate could not hand off since it started; the sum over isolates is the log metric's. */
let lostInIsolate = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LostEvent {
  event_id: string;
  event_type: string;
  account_id: string;
}

/** Runs `attempt` until it succeeds, at most 1 + `delaysMs.length` times; false (and one log line) when all failed. */
export async function handOffWithRetry(
  attempt: () => Promise<void>,
  lost: LostEvent,
  delaysMs: readonly number[] = HANDOFF_RETRY_DELAYS_MS,
): Promise<boolean> {
  let lastError: unknown;
  for (let i = 0; i <= delaysMs.length; i++) {
    if (i > 0) await sleep(delaysMs[i - 1]);
    try {
      await attempt();
      return true;
    } catch (err) {
      lastError = err;
    }
  }
  lostInIsolate++;
  console.error(
    JSON.stringify({
      level: 'error',
      msg: 'webhook event lost',
      metric: 'webhook_events_lost',
      count: 1,
      isolate_total: lostInIsolate,
      attempts: delaysMs.length + 1,
      ...lost,
      error: String((lastError as Error)?.stack ?? lastError),
    }),
  );
  return false;
}
