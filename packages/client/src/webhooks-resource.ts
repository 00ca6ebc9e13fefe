// /api/webhooks…: register, list, read, change (pause, resume, edit) and delete webhooks, page through their delivery log, redeliver
// an attempt and send a test event (docs/webhooks.md). Answers are the contract's bodies as they are.
import type { ApiClient, CallOptions } from './api-transport.ts';
import type {
  DeliveriesQuery,
  WebhookCreate,
  WebhookCreatedResponse,
  WebhookDeletedResponse,
  WebhookDeliveryListResponse,
  WebhookEventQueuedResponse,
  WebhookListResponse,
  WebhookResponse,
  WebhookUpdate,
  WebhookUpdatedResponse,
} from './contract-types.ts';

export class WebhooksResource {
  constructor(
    private readonly api: ApiClient,
    private readonly auth: () => Record<string, string>,
  ) {}

  /** `webhook.secret` (`whsec_…`) is in this answer only: store it for verifyWebhook. */
  async create(body: WebhookCreate, options: CallOptions = {}): Promise<WebhookCreatedResponse> {
    const { data } = await this.api.POST('/api/webhooks', { body, headers: this.auth(), signal: options.signal });
    return data as WebhookCreatedResponse;
  }

  async list(options: CallOptions = {}): Promise<WebhookListResponse> {
    const { data } = await this.api.GET('/api/webhooks', { headers: this.auth(), signal: options.signal });
    return data as WebhookListResponse;
  }

  async get(id: string, options: CallOptions = {}): Promise<WebhookResponse> {
    const { data } = await this.api.GET('/api/webhooks/{id}', {
      params: { path: { id } },
      headers: this.auth(),
      signal: options.signal,
    });
    return data as WebhookResponse;
  }

  /** Changes `url`, `events` or `is_active` (pause: false, resume: true); the secret stays (issue 27). */
  async update(id: string, body: WebhookUpdate, options: CallOptions = {}): Promise<WebhookUpdatedResponse> {
    const { data } = await this.api.PATCH('/api/webhooks/{id}', {
      params: { path: { id } },
      body,
      headers: this.auth(),
      signal: options.signal,
    });
    return data as WebhookUpdatedResponse;
  }

  async delete(id: string, options: CallOptions = {}): Promise<WebhookDeletedResponse> {
    const { data } = await this.api.DELETE('/api/webhooks/{id}', {
      params: { path: { id } },
      headers: this.auth(),
      signal: options.signal,
    });
    return data as WebhookDeletedResponse;
  }

  /** The delivery log, newest first; pass `next_cursor` back as `cursor` for the next page. */
  async deliveries(
    id: string,
    query: DeliveriesQuery = {},
    options: CallOptions = {},
  ): Promise<WebhookDeliveryListResponse> {
    const { data } = await this.api.GET('/api/webhooks/{id}/deliveries', {
      params: { path: { id }, query },
      headers: this.auth(),
      signal: options.signal,
    });
    return data as WebhookDeliveryListResponse;
  }

  /** Queues the event of that attempt again (same id and body, a new timestamp). */
  async redeliver(id: string, deliveryId: string, options: CallOptions = {}): Promise<WebhookEventQueuedResponse> {
    const { data } = await this.api.POST('/api/webhooks/{id}/deliveries/{delivery_id}/redeliver', {
      params: { path: { id, delivery_id: deliveryId } },
      headers: this.auth(),
      signal: options.signal,
    });
    return data as WebhookEventQueuedResponse;
  }

  /** Queues a `webhook.test` event to this webhook. */
  async test(id: string, options: CallOptions = {}): Promise<WebhookEventQueuedResponse> {
    const { data } = await this.api.POST('/api/webhooks/{id}/test', {
      params: { path: { id } },
      headers: this.auth(),
      signal: options.signal,
    });
    return data as WebhookEventQueuedResponse;
  }
}
