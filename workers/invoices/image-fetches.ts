// The logo and signature URLs of one request (H2): fetched within the address policy (H1), each in
// at most 5 s with at most 3 redirects (D5), all of them within the request's budget of 10 s with
// at most 4 in flight, and each distinct URL once per request (a batch often repeats one logo).
import { LIMITS } from '@invoice/model';
import { readStreamLimited } from '../http/read-limited.ts';
import { defaultFetcher, FetchBudget, type Fetcher } from '../net/fetch-budget.ts';
import { FetchFailure, fetchWithinPolicy } from '../net/fetch-within-policy.ts';

const IMAGE_FETCH_TIMEOUT_MS = 5000;
const IMAGE_MAX_REDIRECTS = 3;
const REQUEST_IMAGE_BUDGET_MS = 10_000;
const MAX_IMAGE_FETCHES_IN_FLIGHT = 4;

export interface ImageFetches {
  readonly devMode: boolean;
  readonly fetcher: Fetcher;
  readonly budget: FetchBudget;
  readonly perImageMs: number;
  readonly byUrl: Map<string, Promise<Uint8Array>>;
}

export interface ImageFetchOptions {
  fetcher?: Fetcher;
  budgetMs?: number;
  maxInFlight?: number;
  perImageMs?: number;
}

/** One per request: the route creates it and hands it to every invoice it prepares. */
export function createImageFetches(env: { DEV_MODE?: string }, opts: ImageFetchOptions = {}): ImageFetches {
  return {
    devMode: env.DEV_MODE === 'true',
    fetcher: opts.fetcher ?? defaultFetcher,
    budget: new FetchBudget(opts.budgetMs ?? REQUEST_IMAGE_BUDGET_MS, opts.maxInFlight ?? MAX_IMAGE_FETCHES_IN_FLIGHT),
    perImageMs: opts.perImageMs ?? IMAGE_FETCH_TIMEOUT_MS,
    byUrl: new Map(),
  };
}

async function download(fetches: ImageFetches, url: string, signal: AbortSignal): Promise<Uint8Array> {
  const res = await fetchWithinPolicy(url, {
    devMode: fetches.devMode,
    fetcher: fetches.fetcher,
    signal,
    maxRedirects: IMAGE_MAX_REDIRECTS,
  });
  const tooLarge = () => new FetchFailure('too-large', `more than ${LIMITS.maxImageBytes} bytes`);
  if (Number(res.headers.get('content-length') ?? '0') > LIMITS.maxImageBytes) {
    await res.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  return readStreamLimited(res.body, LIMITS.maxImageBytes, tooLarge);
}

/**
 * The bytes behind an image URL, at most 2.5 MB. Rejects when the policy refuses a hop, the fetch
 * fails, times out or answers non-2xx, or the request's budget is spent; callers answer all of
 * these with one message.
 */
export function fetchImageBytes(fetches: ImageFetches, url: string): Promise<Uint8Array> {
  let pending = fetches.byUrl.get(url);
  if (!pending) {
    pending = fetches.budget.run(fetches.perImageMs, (signal) => download(fetches, url, signal));
    fetches.byUrl.set(url, pending);
  }
  return pending;
}
