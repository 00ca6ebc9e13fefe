// One delivery attempt (D10): POST the event with both signatures; a 2xx within 10 s is success.
// The stored URL goes through the address policy again before every attempt (H1): it may have been
// registered under older rules. Redirects are not followed: a redirect could lead to a host the
// policy refuses. The attempt's outcome is described for the delivery log (W1).
import { checkOutboundUrl } from '../net/url-policy.ts';
import { readBodyExcerpt } from './response-excerpt.ts';
import type { WebhookEvent } from './webhook-event.ts';
import { deliveryHeaders } from './webhook-signature.ts';

const DELIVERY_TIMEOUT_MS = 10_000;

export interface DeliveryOptions {
  /** DEV_MODE: http(s)://localhost receivers are allowed. */
  devMode: boolean;
  timeoutMs?: number;
  /** The clock for `durationMs` (tests). */
  now?: () => number;
}

/**
 * What one attempt gave. `status` is the HTTP status, null when no answer came (`error` says why);
 * `refused`: the address policy refused the URL and nothing was sent.
 */
export interface DeliveryOutcome {
  status: number | null;
  error: string | null;
  refused: boolean;
  durationMs: number;
  /** The first 1 KB of the answer's body, as text. */
  responseBody: string;
}

function failure(err: unknown, timeoutMs: number): string {
  const e = err as Error;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `timeout: no answer within ${timeoutMs / 1000} s`;
  // The runtime's own wording (DNS lookup failed, connection refused, TLS…), bounded: it is shown to the owner.
  return `network error: ${String(e?.message ?? err).slice(0, 200)}`;
}

/** Never throws: every way an attempt can end is an outcome. */
export async function deliverWebhook(
  url: string,
  secret: string,
  event: WebhookEvent,
  attemptSeconds: number,
  opts: DeliveryOptions,
): Promise<DeliveryOutcome> {
  const clock = opts.now ?? Date.now;
  const verdict = checkOutboundUrl(url, opts.devMode);
  if (!verdict.ok)
    return {
      status: null,
      error: `refused by the address policy: ${verdict.problem}`,
      refused: true,
      durationMs: 0,
      responseBody: '',
    };
  const body = JSON.stringify(event);
  const headers = await deliveryHeaders(secret, event, body, attemptSeconds);
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const started = clock();
  try {
    const res = await fetch(verdict.url.href, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The status is the outcome; the excerpt is best effort (a body that stalls does not change it).
    const responseBody = await readBodyExcerpt(res);
    return { status: res.status, error: null, refused: false, durationMs: clock() - started, responseBody };
  } catch (err) {
    return {
      status: null,
      error: failure(err, timeoutMs),
      refused: false,
      durationMs: clock() - started,
      responseBody: '',
    };
  }
}
