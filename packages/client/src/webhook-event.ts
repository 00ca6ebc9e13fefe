// The delivery body of each event (D10, docs/webhooks.md). Outgoing deliveries are not operations of
// /openapi.json, so the envelope is written here; the invoice inside is the contract's InvoiceResponse.
import type { InvoiceResponse } from './contract-types.ts';

interface EventEnvelope<T extends string, D> {
  /** `evt_…`; the same on every attempt and redelivery: deduplicate by it. */
  id: string;
  type: T;
  /** Unix seconds. */
  created: number;
  /** false when a test key (`inv_test_…`) made the documents; true otherwise. */
  livemode: boolean;
  data: D;
}

export type InvoiceGeneratedEvent = EventEnvelope<'invoice.generated', { invoice: InvoiceResponse }>;

export type BatchGeneratedEvent = EventEnvelope<
  'batch.generated',
  {
    count: number;
    generated: number;
    results: {
      index: number;
      success: boolean;
      number?: string;
      hosted_url?: string;
      /** The profile the item's documents follow (issue 22). */
      einvoice_profile?: InvoiceResponse['einvoice_profile'];
    }[];
  }
>;

/** Sent by `webhooks.test(id)`; describes no invoice. */
export type WebhookTestEvent = EventEnvelope<'webhook.test', { webhook_id: string; message: string }>;

export type WebhookEvent = InvoiceGeneratedEvent | BatchGeneratedEvent | WebhookTestEvent;
