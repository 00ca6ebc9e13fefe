// /api/keys (issue 26, docs/accounts.md): list the account's keys; create a named live or test key and delete one.
// Listing takes the API key; creating and deleting take the session only (decision K2: a key cannot mint keys that
// outlive it), so with an API key they answer 403 `session_required`. In a browser page of the service's own origin
// the session cookie goes along by itself.
import type { ApiClient, CallOptions } from './api-transport.ts';
import type {
  ApiKeyCreate,
  ApiKeyCreatedResponse,
  ApiKeyDeletedResponse,
  ApiKeyListResponse,
} from './contract-types.ts';

export class KeysResource {
  constructor(
    private readonly api: ApiClient,
    private readonly auth: () => Record<string, string>,
  ) {}

  /** Names, modes, last 4 characters and times; never a key. */
  async list(options: CallOptions = {}): Promise<ApiKeyListResponse> {
    const { data } = await this.api.GET('/api/keys', { headers: this.auth(), signal: options.signal });
    return data as ApiKeyListResponse;
  }

  /** `api_key` (`inv_sk_…` or `inv_test_…`) is in this answer only. Session only. */
  async create(body: ApiKeyCreate, options: CallOptions = {}): Promise<ApiKeyCreatedResponse> {
    const { data } = await this.api.POST('/api/keys', { body, headers: this.auth(), signal: options.signal });
    return data as ApiKeyCreatedResponse;
  }

  /** The key stops working at once. Session only: cookie writes must say JSON even without a body (H8). */
  async delete(id: string, options: CallOptions = {}): Promise<ApiKeyDeletedResponse> {
    const { data } = await this.api.DELETE('/api/keys/{id}', {
      params: { path: { id } },
      headers: { ...this.auth(), 'Content-Type': 'application/json' },
      signal: options.signal,
    });
    return data as ApiKeyDeletedResponse;
  }
}
