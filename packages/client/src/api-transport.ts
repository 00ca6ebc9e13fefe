// The openapi-fetch client every resource calls: paths, parameters and bodies typed by the generated
// contract; every non-2xx answer becomes an InvoiceApiError (thrown from its middleware), so resources
// only ever see success.
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/openapi.ts';
import { errorFromResponse } from './invoice-api-error.ts';
import { type FetchLike, type RetryPolicy, retryingFetch } from './retrying-fetch.ts';

export type ApiClient = Client<paths>;

export interface CallOptions {
  /** Cancels the call, a retry wait included. */
  signal?: AbortSignal;
}

/** Options of the calls that create documents (generate, batch). */
export interface CreateOptions extends CallOptions {
  /** Sent as `Idempotency-Key`; a random UUID when not given, so the SDK's own retries never create twice (D8). */
  idempotencyKey?: string;
}

export function createApiClient(baseUrl: string, fetchFn: FetchLike, policy: RetryPolicy): ApiClient {
  const client = createClient<paths>({ baseUrl: baseUrl.replace(/\/+$/, ''), fetch: retryingFetch(fetchFn, policy) });
  client.use({
    async onResponse({ response }) {
      if (!response.ok) throw await errorFromResponse(response);
    },
  });
  return client;
}

/** A success body by its Content-Type: JSON parsed, XML as text, anything else (PDF) as bytes. */
export function decodeBody(response: Response, bytes: ArrayBuffer): unknown {
  const type = (response.headers.get('Content-Type') ?? '').toLowerCase();
  if (type.includes('json')) return JSON.parse(new TextDecoder().decode(bytes));
  if (type.includes('xml') || type.startsWith('text/')) return new TextDecoder().decode(bytes);
  return new Uint8Array(bytes);
}
