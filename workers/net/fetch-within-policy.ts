// A GET that follows redirects itself, so the address policy (H1) judges every hop before it is
// contacted: the first URL, then each Location, resolved against the URL that answered with it.
import type { Fetcher } from './fetch-budget.ts';
import { checkOutboundUrl } from './url-policy.ts';

/** Why a fetch gave nothing usable; for logs and tests only, never for the client (H2). */
export type FetchFailureReason = 'refused' | 'network' | 'status' | 'redirects' | 'too-large';

export class FetchFailure extends Error {
  constructor(
    readonly reason: FetchFailureReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'FetchFailure';
  }
}

export interface PolicyFetchOptions {
  devMode: boolean;
  fetcher: Fetcher;
  signal: AbortSignal;
  maxRedirects: number;
}

/** Resolves to the final 2xx response; rejects with FetchFailure (or the signal's reason) otherwise. */
export async function fetchWithinPolicy(raw: string, opts: PolicyFetchOptions): Promise<Response> {
  let target = raw;
  for (let hop = 0; hop <= opts.maxRedirects; hop++) {
    const verdict = checkOutboundUrl(target, opts.devMode);
    if (!verdict.ok) throw new FetchFailure('refused', verdict.problem);
    const url = verdict.url.href;
    let res: Response;
    try {
      res = await opts.fetcher(url, { redirect: 'manual', signal: opts.signal });
    } catch (err) {
      if (opts.signal.aborted) throw opts.signal.reason;
      throw new FetchFailure('network', String(err));
    }
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (location === null && res.ok) return res;
    await res.body?.cancel().catch(() => {});
    if (location === null) throw new FetchFailure('status', `HTTP ${res.status}`);
    try {
      target = new URL(location, url).href;
    } catch {
      throw new FetchFailure('refused', 'unreadable Location');
    }
  }
  throw new FetchFailure('redirects', `more than ${opts.maxRedirects} redirects`);
}
