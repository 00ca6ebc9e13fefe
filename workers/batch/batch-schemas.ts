import { InvoiceRequestSchema, InvoiceResponseSchema } from '@invoice/model';
import { z } from 'zod';
import { ErrorBodySchema, MeteredMetaSchema } from '../http/response-schemas.ts';

/** Spec: Batch shapes. Items are validated one by one (a bad item fails alone), so the array holds raw values. */
const MAX_BATCH_ITEMS = 50;

export const BatchRequestSchema = z
  .strictObject({
    invoices: z
      .array(z.unknown(), { error: 'is required and must be an array of invoice requests' })
      .min(1, { message: 'must have at least 1 invoice' })
      .max(MAX_BATCH_ITEMS, { message: `must have at most ${MAX_BATCH_ITEMS} invoices` }),
  })
  .meta({ id: 'BatchRequest' });

/** The documented form for /openapi.json: each element is an InvoiceRequest. */
export const BatchRequestDocSchema = z
  .strictObject({ invoices: z.array(InvoiceRequestSchema).min(1).max(MAX_BATCH_ITEMS) })
  .meta({ id: 'BatchRequestBody' });

const BatchResultSchema = z
  .object({
    index: z.int(),
    success: z.boolean(),
    invoice: InvoiceResponseSchema.optional(),
    document_url: z.string().optional().meta({
      description:
        "The item's hosted link opening as the document its `output` asked for (`pdf`, `ubl`, `cii`…): `hosted_url` with `&format=`. Absent for `json` or without a hosted link.",
    }),
    error: ErrorBodySchema.shape.error.optional(),
  })
  .meta({ id: 'BatchResult' });

export const BatchResponseSchema = z
  .object({
    success: z.literal(true),
    count: z.int(),
    results: z.array(BatchResultSchema),
    livemode: z.boolean().meta({ description: 'false when a test key (`inv_test_…`) made the documents (K6).' }),
    meta: MeteredMetaSchema.extend({ requested: z.int(), generated: z.int(), rate_limited: z.boolean() }),
  })
  .meta({ id: 'BatchResponse' });
