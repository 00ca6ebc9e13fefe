// Automatic retries, only where a repeat cannot do anything twice: a GET, or a POST that carries an
// Idempotency-Key (the service replays its first answer, D8). Only answers that say "later" are
// retried: 429 and 503 with their Retry-After, and 409 for a keyed request whose first copy is still
// running (P-IDEM1: `Retry-After: 1`). A wait longer than the cap is not slept through: the answer goes
// back to the caller as an error carrying its Retry-After (decision S3).
import { retryAfterSeconds } from './invoice-api-error.ts';

export type FetchLike = (request: Request) => Promise<Response>;

export interface RetryPolicy {
  /** Retries after the first attempt (default 2). */
  maxRetries: number;
  /** The longest Retry-After the client waits for (default 30 s). */
  maxRetryWaitSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 2, maxRetryWaitSeconds: 30 };

type Sleep = (ms: number, signal: AbortSignal | null) => Promise<void>;

function replayable(request: Request): boolean {
  return request.method === 'GET' || request.method === 'HEAD' || request.headers.has('Idempotency-Key');
}

function asksForRetry(request: Request, response: Response): boolean {
  if (response.status === 429 || response.status === 503) return true;
  return response.status === 409 && request.headers.has('Idempotency-Key') && response.headers.has('Retry-After');
}

const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** `fetchFn` with the retry policy around it; each attempt sends a clone, so the body can be sent again. */
export function retryingFetch(fetchFn: FetchLike, policy: RetryPolicy, wait: Sleep = sleep): FetchLike {
  return async (request) => {
    if (!replayable(request)) return fetchFn(request);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= policy.maxRetries;
      const response = await fetchFn(last ? request : request.clone());
      if (last || !asksForRetry(request, response)) return response;
      // Without Retry-After: 1 s, then 2 s, 4 s…
      const seconds = retryAfterSeconds(response.headers) ?? 2 ** attempt;
      if (seconds > policy.maxRetryWaitSeconds) return response;
      await response.body?.cancel();
      await wait(seconds * 1000, request.signal);
    }
  };
}
