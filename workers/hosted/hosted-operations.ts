// GET /api/i/{id}, declared once (workers/http/operation.ts).
import { InvoiceResponseSchema } from '@invoice/model';
import { z } from 'zod';
import { defineOperation } from '../http/operation.ts';
import { RequestMetaSchema } from '../http/response-schemas.ts';

/** The documents a hosted link opens as (issue 13): every output of generate-invoice. */
const HOSTED_FORMATS = ['pdf', 'json', 'ubl', 'cii', 'facturx'] as const;

/** `format=json`: the invoice as generated; meta has no counters (the link is public, D9). */
const HostedInvoiceJsonSchema = z
  .object({
    success: z.literal(true),
    invoice: InvoiceResponseSchema,
    meta: RequestMetaSchema,
    anonymous: z.literal(false),
    livemode: z.boolean().meta({ description: 'false when a test key (`inv_test_…`) made the document (K6).' }),
  })
  .meta({ id: 'HostedInvoiceJson' });

export const getHostedInvoice = defineOperation({
  operationId: 'getHostedInvoice',
  method: 'GET',
  path: '/api/i/{id}',
  summary: 'Open a hosted invoice link',
  description:
    'Public: the signature `t` is the only credential. A malformed, unknown, unsigned, expired or revoked link is the same 404. `format` picks the document: the PDF (default), the JSON shape, a UBL 2.1 Invoice, a UN/CEFACT CII or the Factur-X PDF (PDF/A-3b with the CII embedded), all from the same snapshot.',
  auth: 'public',
  notFoundPage:
    'A browser (`Accept: text/html`) gets the 404 as an HTML page saying the link is no longer valid, the same page for every cause.',
  params: z.object({ id: z.string().regex(/^[0-9A-Za-z]{22}$/) }),
  query: z.object({
    // Not checked here: a missing or wrong signature is the same 404 as an unknown id.
    t: z.string().optional().meta({ description: 'base64url HMAC-SHA-256 of the id; required for a 200.' }),
    format: z
      .enum(HOSTED_FORMATS, {
        error: (iss) => `must be one of ${HOSTED_FORMATS.join(', ')} (got ${JSON.stringify(iss.input)})`,
      })
      .default('pdf'),
  }),
  success: {
    status: 200,
    description:
      'The PDF inline (default or `format=facturx`), the JSON shape with `format=json`, or the XML with `format=ubl` or `cii`.',
    json: HostedInvoiceJsonSchema,
    pdf: true,
    xml: true,
    headers: {
      'X-EN16931-Issues': {
        description:
          'UBL, CII and Factur-X only, as for generate-invoice: the CEN rule ids the document fails for lack of request data (docs/ubl.md, docs/cii.md).',
      },
      'X-EInvoice-Issues': {
        description:
          'UBL and CII of an invoice made under `einvoice_profile` `peppol` or `xrechnung`, as for generate-invoice: the fatal rule ids of that profile the document fails for lack of request data (docs/einvoice-profiles.md).',
      },
    },
  },
  errors: {
    400: ['validation_error'],
    404: ['not_found'],
    429: ['rate_limit_exceeded'],
    500: ['pdf_error', 'ubl_error', 'cii_error', 'internal_error'],
    503: ['not_provisioned'],
  },
});
