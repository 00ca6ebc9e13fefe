/** @jsxImportSource hono/jsx */
// `/docs/sdk`: the TypeScript SDK (packages/client, decisions S1–S5) in one page: install, the common
// calls, errors, retries and webhook verification. packages/client/README.md is the long form.
import clientPackage from '../../packages/client/package.json';
import { CodeBlock, DocsLinks, GuideSection } from './guide-section.tsx';
import { Layout } from './layout.tsx';

/** The packed SDK this deployment serves (scripts/build-client-package.mjs, decision S6). */
const TARBALL_PATH = `/sdk/invoice-client-${clientPackage.version}.tgz`;

const SETUP = `npm install BASE_URL${TARBALL_PATH}

import { InvoiceClient } from '@invoice/client';

const client = new InvoiceClient({
  apiKey: process.env.INVOICE_API_KEY,   // inv_sk_…, from the dashboard
  baseUrl: 'BASE_URL',
});`;

const CALLS = `const invoice = {
  from: { name: 'Acme GmbH', country: 'DE' },
  to: { name: 'Globex Ltd', country: 'GB' },
  invoice: { currency: 'EUR' },
  items: [{ description: 'Consulting', quantity: 3, unit_price: 120, tax_rate: 19 }],
};

// Totals as JSON (the default output), typed
const { invoice: totals } = await client.invoices.generate(invoice);

// The PDF or the Factur-X PDF as bytes; UBL and CII as text
const pdf = await client.invoices.generate({ ...invoice, output: 'pdf' });
const cii = await client.invoices.generate({ ...invoice, output: 'cii' });

// An e-invoice checked before it is made (free): the rules its profile's validators would report
const { valid, issues } = await client.invoices.validate({ ...invoice, output: 'ubl', einvoice_profile: 'peppol' });

// Up to 50 invoices in one call, failures per item
const batch = await client.invoices.batch({ invoices: [invoice, invoice] });

// A hosted link (public, valid 7 days) as PDF, JSON, UBL, CII or Factur-X
const json = await client.hostedLinks.open(totals.hosted_url, { format: 'json' });

// Webhooks: create (the secret is shown once), list, deliveries, redeliver, test
const { webhook } = await client.webhooks.create({ url: 'https://example.com/hooks' });

// Your documents with a hosted link, newest first; revoke a link sent to the wrong client
const { documents } = await client.documents.list({ number: 'INV-2026' });
await client.documents.revoke(documents[0].id);`;

const ERRORS = `import { InvoiceApiError } from '@invoice/client';

try {
  await client.invoices.generate(invoice);
} catch (err) {
  if (err instanceof InvoiceApiError) {
    err.status;     // 400, 401, 402, 429…
    err.code;       // 'validation_error' | 'monthly_limit_reached' | … from the contract
    err.details;    // [{ path, rule, message }]: every field at fault
    err.field;      // 'items[0].unit_price', the first of them
    err.requestId;  // quote it to support
  }
}`;

const WEBHOOKS = `import { verifyWebhook } from '@invoice/client';

// The raw body, before parsing, and the request's headers
const event = await verifyWebhook(await request.text(), request.headers, process.env.WEBHOOK_SECRET);
if (event.type === 'invoice.generated') console.log(event.data.invoice.number);`;

export function SdkGuidePage(props: { user: string | null; baseUrl: string }) {
  return (
    <Layout title="TypeScript SDK" path="/docs/sdk" script="site-page" user={props.user}>
      <DocsLinks current="/docs/sdk" />
      <h1>TypeScript SDK</h1>
      <p class="lead">
        <code>@invoice/client</code> is typed from this service's own <a href="/openapi.json">/openapi.json</a>, so
        request fields, outputs and error codes follow the contract. It needs only <code>fetch</code> and Web Crypto:
        Node 20+ (18 with <code>--experimental-global-webcrypto</code>), browsers, Deno and Cloudflare Workers.
      </p>
      <GuideSection id="sdk-install" title="Install and configure">
        <CodeBlock label="Installing and creating a client" code={SETUP.replaceAll('BASE_URL', props.baseUrl)} />
        <p>
          This service serves its own SDK, typed from its own contract, with its one dependency inside: the install
          needs no registry. Once <code>@invoice/client</code> is published, <code>npm install @invoice/client</code>{' '}
          does the same.
        </p>
        <p>
          Keep the key on a server. Options: <code>fetch</code> (your own), <code>maxRetries</code> (default 2) and{' '}
          <code>maxRetryWaitSeconds</code> (default 30).
        </p>
      </GuideSection>
      <GuideSection id="sdk-calls" title="The common calls">
        <CodeBlock label="Generating invoices, batches, hosted links and webhooks" code={CALLS} />
        <p>
          The result type follows <code>output</code>: JSON totals, <code>Uint8Array</code> for <code>pdf</code> and{' '}
          <code>facturx</code>, a string for <code>ubl</code> and <code>cii</code>. <code>client.legacy.render</code>{' '}
          calls the older <code>POST /api/render</code>.
        </p>
        <p>
          <code>client.keys.list()</code> lists the account's keys (never a key itself); <code>keys.create</code> and{' '}
          <code>keys.delete</code> take the session only, so make keys on the <a href="/app/keys">Keys page</a>. A test
          key (<code>inv_test_…</code>) works like a live one: its documents are marked TEST and its answers say{' '}
          <code>livemode: false</code>.
        </p>
      </GuideSection>
      <GuideSection id="sdk-errors" title="Errors, retries and idempotency">
        <CodeBlock label="Handling errors" code={ERRORS} />
        <p>
          Every generate and batch call sends an <code>Idempotency-Key</code> (a random UUID, or yours with{' '}
          <code>{'{ idempotencyKey }'}</code>), so a 429 or 503 is retried after its <code>Retry-After</code> without
          ever creating a second invoice. Other POSTs are never retried.
        </p>
      </GuideSection>
      <GuideSection id="sdk-webhooks" title="Verifying webhooks">
        <CodeBlock label="Verifying a webhook delivery" code={WEBHOOKS} />
        <p>
          Both signatures are checked (<code>X-Service-Signature</code> and the Standard Webhooks headers), with a
          5-minute tolerance on the timestamp. Deliveries come at least once: deduplicate by <code>event.id</code>.
        </p>
      </GuideSection>
    </Layout>
  );
}
