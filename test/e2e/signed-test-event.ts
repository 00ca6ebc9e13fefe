// A `webhook.test` event signed both ways D10 signs a delivery (X-Service-Signature and the Standard
// Webhooks headers, the latter by the standardwebhooks library), for the SDK's verifyWebhook in the
// runtimes that are not Node (Chromium, Deno).
import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export function signedTestEvent(id: string): { secret: string; raw: string; headers: Record<string, string> } {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const raw = JSON.stringify({ id, type: 'webhook.test', created: 1, data: { webhook_id: 'wh_1', message: 'm' } });
  const headers = {
    'x-service-signature': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`,
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, new Date(), raw),
  };
  return { secret, raw, headers };
}
