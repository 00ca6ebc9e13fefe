// Names for the generated contract types (src/generated/openapi.ts, from /openapi.json): the SDK's
// signatures use these, so a field, enum value or error code added to the service shows up here on the
// next build without a line of this file changing.
import type { components, operations } from './generated/openapi.ts';

type Schemas = components['schemas'];

export type InvoiceRequest = Schemas['InvoiceRequest'];
export type InvoiceResponse = Schemas['InvoiceResponse'];
export type InvoiceJsonResponse = Schemas['InvoiceJsonResponse'];
export type BatchRequest = Schemas['BatchRequestBody'];
export type BatchResponse = Schemas['BatchResponse'];
export type ValidateInvoiceResponse = Schemas['ValidateInvoiceResponse'];
export type EInvoiceIssue = Schemas['EInvoiceIssue'];
export type HostedInvoiceJson = Schemas['HostedInvoiceJson'];
export type LegacyRenderRequest = Schemas['LegacyRenderRequest'];
export type LegacyRenderResponse = Schemas['LegacyRenderResponse'];
export type ApiKey = Schemas['ApiKey'];
export type ApiKeyCreate = Schemas['ApiKeyCreate'];
export type ApiKeyListResponse = Schemas['ApiKeyListResponse'];
export type ApiKeyCreatedResponse = Schemas['ApiKeyCreatedResponse'];
export type ApiKeyDeletedResponse = Schemas['ApiKeyDeletedResponse'];
export type WebhookCreate = Schemas['WebhookCreate'];
export type WebhookListResponse = Schemas['WebhookListResponse'];
export type WebhookCreatedResponse = Schemas['WebhookCreatedResponse'];
export type WebhookResponse = Schemas['WebhookResponse'];
export type WebhookDeletedResponse = Schemas['WebhookDeletedResponse'];
export type WebhookUpdate = Schemas['WebhookUpdate'];
export type WebhookUpdatedResponse = Schemas['WebhookUpdatedResponse'];
export type WebhookDeliveryListResponse = Schemas['WebhookDeliveryListResponse'];
export type WebhookEventQueuedResponse = Schemas['WebhookEventQueuedResponse'];
export type Document = Schemas['Document'];
export type DocumentListResponse = Schemas['DocumentListResponse'];
export type DocumentResponse = Schemas['DocumentResponse'];

/** Every `output` the contract lists (its enum in InvoiceRequest), never a list of our own. */
export type InvoiceOutput = NonNullable<InvoiceRequest['output']>;

/**
 * What a document request resolves to by its `output` (generate) or `format` (hosted link): the JSON
 * shape for `json`; bytes for the outputs answered with a PDF (`pdf`, and `facturx` once the contract has
 * it); text for the rest, the XML documents. Distributes over a union. The run time does not rely on
 * these names: it decodes by the answer's Content-Type.
 */
type DocumentResult<O, Json> = O extends 'json' ? Json : O extends 'pdf' | 'facturx' ? Uint8Array : string;

/** What `invoices.generate` resolves to for a given `output`. */
export type GenerateResult<O extends InvoiceOutput> = DocumentResult<O, InvoiceJsonResponse>;

/** `format` of a hosted link (GET /api/i/{id}): the contract's enum. */
export type HostedLinkFormat = NonNullable<
  NonNullable<operations['getHostedInvoice']['parameters']['query']>['format']
>;

/** What `hostedLinks.open` resolves to for a given `format`. */
export type HostedLinkResult<F extends HostedLinkFormat> = DocumentResult<F, HostedInvoiceJson>;

/** The query of GET /api/webhooks/{id}/deliveries (`limit`, `cursor`). */
export type DeliveriesQuery = NonNullable<operations['listWebhookDeliveries']['parameters']['query']>;

/** The query of GET /api/documents (`number`, `livemode`, `limit`, `cursor`). */
export type DocumentsQuery = NonNullable<operations['listDocuments']['parameters']['query']>;

/** The events a webhook can subscribe to. */
export type WebhookEventType = NonNullable<WebhookCreate['events']>[number];
