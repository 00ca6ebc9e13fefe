// D10 retry policy. A delivery attempt ends in one of three ways: delivered (2xx), retried later
// (network error or timeout = status 0, 408, 429, 5xx) or given up (any other status). Retries
// wait 1 min, 5 min, 30 min, 2 h, 6 h, 12 h; after the sixth retry fails the message goes to the
// dead-letter queue. wrangler.toml's max_retries = 6 matches this schedule.

export const D10_RETRY_DELAYS_SECONDS = [60, 300, 1_800, 7_200, 21_600, 43_200] as const;

export type DeliveryStep =
  | { kind: 'ack' }
  | { kind: 'drop' }
  | { kind: 'retry'; delaySeconds: number }
  | { kind: 'dead-letter' };

export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/**
 * What to do after attempt number `attempt` (1-based, as Queue's `message.attempts`) ended with
 * `status`. `delays` is the D10 schedule unless local development shortens it.
 */
export function nextDeliveryStep(
  status: number,
  attempt: number,
  delays: readonly number[] = D10_RETRY_DELAYS_SECONDS,
): DeliveryStep {
  if (status >= 200 && status <= 299) return { kind: 'ack' };
  if (!isRetryableStatus(status)) return { kind: 'drop' };
  if (attempt > delays.length) return { kind: 'dead-letter' };
  return { kind: 'retry', delaySeconds: delays[attempt - 1] };
}

/**
 * The schedule in force. Production always uses D10; with DEV_MODE=true the var
 * WEBHOOK_RETRY_DELAYS_SECONDS ("1" or "1,2,3,…", six values at most) shortens the waits so an
 * end-to-end test against `wrangler dev` can watch a retry happen, keeping the number of retries.
 */
export function retryDelays(env: { DEV_MODE?: string; WEBHOOK_RETRY_DELAYS_SECONDS?: string }): readonly number[] {
  const override = env.DEV_MODE === 'true' ? env.WEBHOOK_RETRY_DELAYS_SECONDS?.trim() : undefined;
  if (!override) return D10_RETRY_DELAYS_SECONDS;
  const values = override.split(',').map((s) => Number(s.trim()));
  if (values.some((v) => !Number.isInteger(v) || v < 0 || v > 43_200)) return D10_RETRY_DELAYS_SECONDS;
  return D10_RETRY_DELAYS_SECONDS.map((_, i) => values[Math.min(i, values.length - 1)]);
}
