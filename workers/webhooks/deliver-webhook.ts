// One delivery attempt (D10): POST the event with both signatures; a 2xx within 10 s is success.
// Redirects are not followed: a redirect could lead to a host the URL rules would have refused.
import { deliveryHeaders } from './webhook-signature.ts';
import type { WebhookEvent } from './webhook-event.ts';

const DELIVERY_TIMEOUT_MS = 10_000;

/** Resolves to the HTTP status, or 0 for a network error or timeout. Never throws. */
export async function deliverWebhook(url: string, secret: string, event: WebhookEvent, attemptSeconds: number, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<number> {
  const body = JSON.stringify(event);
  const headers = await deliveryHeaders(secret, event, body, attemptSeconds);
  try {
    const res = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    // The receiver's answer body is not needed; release the connection.
    await res.body?.cancel().catch(() => {});
    return res.status;
  } catch {
    return 0;
  }
}
