// The entry point: `new InvoiceClient({ apiKey, baseUrl })` and its resources.
import { createApiClient } from './api-transport.ts';
import { DocumentsResource } from './documents-resource.ts';
import { HostedLinksResource } from './hosted-links-resource.ts';
import { InvoicesResource } from './invoices-resource.ts';
import { KeysResource } from './keys-resource.ts';
import { LegacyResource } from './legacy-resource.ts';
import { DEFAULT_RETRY_POLICY, type FetchLike } from './retrying-fetch.ts';
import { WebhooksResource } from './webhooks-resource.ts';

export interface InvoiceClientOptions {
  /** `inv_sk_…` (or a test key, `inv_test_…`). Without one, generate works anonymously (JSON totals only, D3) and hosted links open. */
  apiKey?: string;
  /** The service's origin, e.g. `https://invoices.example.com` or `http://localhost:8787`. */
  baseUrl: string;
  /** A fetch of your own (a proxy, a test double, a Workers service binding's fetch). */
  fetch?: FetchLike;
  /** Retries of a 429/503 answer on a call that is safe to repeat (default 2; 0 turns them off). */
  maxRetries?: number;
  /** The longest Retry-After waited for before giving up with the error (default 30 s). */
  maxRetryWaitSeconds?: number;
}

export class InvoiceClient {
  readonly invoices: InvoicesResource;
  readonly hostedLinks: HostedLinksResource;
  readonly webhooks: WebhooksResource;
  readonly keys: KeysResource;
  readonly documents: DocumentsResource;
  readonly legacy: LegacyResource;

  constructor(options: InvoiceClientOptions) {
    // Read at each call (a polyfill or test may install it later), and called on globalThis: browsers throw
    // "Illegal invocation" for a `fetch` detached from it.
    const fetchFn = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    const api = createApiClient(options.baseUrl, fetchFn, {
      maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
      maxRetryWaitSeconds: options.maxRetryWaitSeconds ?? DEFAULT_RETRY_POLICY.maxRetryWaitSeconds,
    });
    const bearer = (): Record<string, string> => (options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {});
    this.invoices = new InvoicesResource(api, bearer);
    this.hostedLinks = new HostedLinksResource(api);
    this.webhooks = new WebhooksResource(api, bearer);
    this.keys = new KeysResource(api, bearer);
    this.documents = new DocumentsResource(api, bearer);
    this.legacy = new LegacyResource(api, options.apiKey);
  }
}
