// One delivery attempt (D10): POST the event with both signatures; a 2xx within 10 s is success.
// The stored URL goes through the address policy again before every attempt (H1): it may have been
// registered under older rules. Redirects are not followed: a redirect could lead to a host the
// policy refuses.
import { checkOutboundUrl } from '../net/url-policy.ts';
import type { WebhookEvent } from './webhook-event.ts';
import { deliveryHeaders } from './webhook-signature.ts';

const DELIVERY_TIMEOUT_MS = 10_000;

export interface DeliveryOptions {
  /** DEV_MODE: http(s)://localhost receivers are allowed. */
  devMode: boolean;
  timeoutMs?: number;
}

/**
 * Resolves to the HTTP status, 0 for a network error or timeout, or null when the address policy
 * refuses the URL (nothing was sent). Never throws.
 */
export async function deliverWebhook(
  url: string,
  secret: string,
  event: WebhookEvent,
  attemptSeconds: number,
  opts: DeliveryOptions,
): Promise<number | null> {
  const verdict = checkOutboundUrl(url, opts.devMode);
  if (!verdict.ok) return null;
  const body = JSON.stringify(event);
  const headers = await deliveryHeaders(secret, event, body, attemptSeconds);
  try {
    const res = await fetch(verdict.url.href, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(opts.timeoutMs ?? DELIVERY_TIMEOUT_MS),
    });
    // The receiver's answer body is not needed; release the connection.
    await res.body?.cancel().catch(() => {});
    return res.status;
  } catch {
    return 0;
  }
}
