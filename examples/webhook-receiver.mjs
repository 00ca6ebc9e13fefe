// An HTTP server that accepts webhook deliveries only after @invoice/client's verifyWebhook has checked
// both signatures (X-Service-Signature and the Standard Webhooks one, at most 5 minutes old).
//
//   WEBHOOK_SECRET=whsec_… PORT=3000 node examples/webhook-receiver.mjs
//
// Run by test/e2e/sdk-examples.test.ts against wrangler dev, so it keeps working.
import { createServer } from 'node:http';
import { verifyWebhook, WebhookVerificationError } from '@invoice/client';

const secret = process.env.WEBHOOK_SECRET; // exactly as returned by webhooks.create (shown once)
if (!secret) throw new Error('Set WEBHOOK_SECRET to the whsec_… secret of the webhook.');
const seen = new Set(); // deliveries are at least once: deduplicate by event id (use a database in production)

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    let event;
    try {
      // The raw bytes, before any JSON parsing: the signatures cover them exactly.
      event = await verifyWebhook(Buffer.concat(chunks), req.headers, secret);
    } catch (err) {
      if (!(err instanceof WebhookVerificationError)) throw err;
      console.log(`rejected: ${err.reason}`);
      res.writeHead(400).end();
      return;
    }
    res.writeHead(204).end(); // answer within 10 s, then do the work
    if (seen.has(event.id)) return;
    seen.add(event.id);
    if (event.type === 'invoice.generated') {
      const { number, grand_total, currency } = event.data.invoice;
      console.log(`invoice.generated ${event.id} ${number} ${grand_total} ${currency}`);
    } else if (event.type === 'batch.generated') {
      console.log(`batch.generated ${event.id} ${event.data.generated} of ${event.data.count}`);
    } else {
      console.log(`${event.type} ${event.id}`);
    }
  });
});

server.listen(Number(process.env.PORT ?? 3000), () => console.log(`listening on port ${server.address().port}`));
