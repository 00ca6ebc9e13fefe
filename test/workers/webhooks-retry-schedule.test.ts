import { describe, expect, it } from 'vitest';
import {
  D10_RETRY_DELAYS_SECONDS,
  isRetryableStatus,
  nextDeliveryStep,
  retryDelays,
} from '../../workers/webhooks/retry-schedule.ts';

describe('D10 retry schedule', () => {
  it('D10: retries wait 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, then dead-letter', () => {
    const waits = [1, 2, 3, 4, 5, 6].map((attempt) => nextDeliveryStep(503, attempt));
    expect(waits).toEqual([60, 300, 1800, 7200, 21600, 43200].map((delaySeconds) => ({ kind: 'retry', delaySeconds })));
    expect(nextDeliveryStep(503, 7)).toEqual({ kind: 'dead-letter' });
  });

  it('D10: network errors/timeouts (0), 408, 429 and 5xx are retried; other non-2xx are not', () => {
    for (const s of [0, 408, 429, 500, 502, 504, 599]) expect(isRetryableStatus(s)).toBe(true);
    for (const s of [200, 301, 400, 401, 403, 404, 410, 422]) expect(isRetryableStatus(s)).toBe(false);
    expect(nextDeliveryStep(404, 1)).toEqual({ kind: 'drop' });
    expect(nextDeliveryStep(302, 1)).toEqual({ kind: 'drop' });
  });

  it('D10: any 2xx is success', () => {
    for (const s of [200, 201, 202, 204, 299]) expect(nextDeliveryStep(s, 3)).toEqual({ kind: 'ack' });
  });

  it('D10: production ignores the local override; DEV_MODE may shorten the waits, not their number', () => {
    expect(retryDelays({ DEV_MODE: 'false', WEBHOOK_RETRY_DELAYS_SECONDS: '1' })).toEqual(D10_RETRY_DELAYS_SECONDS);
    expect(retryDelays({})).toEqual(D10_RETRY_DELAYS_SECONDS);
    expect(retryDelays({ DEV_MODE: 'true', WEBHOOK_RETRY_DELAYS_SECONDS: '1' })).toEqual([1, 1, 1, 1, 1, 1]);
    expect(retryDelays({ DEV_MODE: 'true', WEBHOOK_RETRY_DELAYS_SECONDS: '1,2' })).toEqual([1, 2, 2, 2, 2, 2]);
    expect(retryDelays({ DEV_MODE: 'true', WEBHOOK_RETRY_DELAYS_SECONDS: 'x' })).toEqual(D10_RETRY_DELAYS_SECONDS);
  });
});
