// @invoice/client: the public interface.
export type { CallOptions, CreateOptions } from './api-transport.ts';
export type * from './contract-types.ts';
export type { DocumentListOptions } from './documents-resource.ts';
export type { ApiErrorCode, LegacyErrorCode } from './error-code-types.ts';
export type { components, operations, paths } from './generated/openapi.ts';
export type { OpenHostedLinkOptions } from './hosted-links-resource.ts';
export { InvoiceApiError, type InvoiceApiErrorCode, type InvoiceApiErrorDetail } from './invoice-api-error.ts';
export { InvoiceClient, type InvoiceClientOptions } from './invoice-client.ts';
export type { LegacyRenderResult } from './legacy-resource.ts';
export type { FetchLike } from './retrying-fetch.ts';
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookHeaders,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from './verify-webhook.ts';
export type * from './webhook-event.ts';
