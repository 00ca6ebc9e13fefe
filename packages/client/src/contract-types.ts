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
export type HostedInvoiceJson = Schemas['HostedInvoiceJson'];
export type LegacyRenderRequest = Schemas['LegacyRenderRequest'];
export type LegacyRenderResponse = Schemas['LegacyRenderResponse'];
export type WebhookCreate = Schemas['WebhookCreate'];
export type WebhookListResponse = Schemas['WebhookListResponse'];
export type WebhookCreatedResponse = Schemas['WebhookCreatedResponse'];
export type WebhookResponse = Schemas['WebhookResponse'];
export type WebhookDeletedResponse = Schemas['WebhookDeletedResponse'];
export type WebhookDeliveryListResponse = Schemas['WebhookDeliveryListResponse'];
export type WebhookEventQueuedResponse = Schemas['WebhookEventQueuedResponse'];

/** Every `output` the contract lists (its enum in InvoiceRequest), never a list of our own. */
export type InvoiceOutput = NonNullable<InvoiceRequest['output']>;

/**
 * The outputs answered with a PDF: `pdf`, and `facturx` once the contract has it (Extract keeps only
 * the names the generated enum holds). Everything else but `json` is an XML document, returned as text.
 */
type PdfOutput = Extract<InvoiceOutput, 'pdf' | 'facturx'>;

/** What `invoices.generate` resolves to for a given `output` (distributes over a union of outputs). */
export type GenerateResult<O extends InvoiceOutput> = O extends 'json'
  ? InvoiceJsonResponse
  : O extends PdfOutput
    ? Uint8Array
    : string;

/** `format` of a hosted link (GET /api/i/{id}). */
export type HostedLinkFormat = NonNullable<
  NonNullable<operations['getHostedInvoice']['parameters']['query']>['format']
>;

export type HostedLinkResult<F extends HostedLinkFormat> = F extends 'json' ? HostedInvoiceJson : Uint8Array;

/** The query of GET /api/webhooks/{id}/deliveries (`limit`, `cursor`). */
export type DeliveriesQuery = NonNullable<operations['listWebhookDeliveries']['parameters']['query']>;

/** The events a webhook can subscribe to. */
export type WebhookEventType = NonNullable<WebhookCreate['events']>[number];
