// POST /api/generate-invoice, declared once (workers/http/operation.ts).
import { InvoiceRequestSchema, InvoiceResponseSchema } from '@invoice/model';
import { z } from 'zod';
import { defineOperation } from '../http/operation.ts';
import { MB } from '../http/read-json-body.ts';
import { MeteredMetaSchema } from '../http/response-schemas.ts';

export const InvoiceJsonResponseSchema = z
  .object({
    success: z.literal(true),
    invoice: InvoiceResponseSchema,
    meta: MeteredMetaSchema,
    anonymous: z.boolean(),
    livemode: z.boolean().meta({ description: 'false when a test key (`inv_test_…`) made the document (K6).' }),
  })
  .meta({ id: 'InvoiceJsonResponse' });

/** The 400s of a generate-invoice body, wherever that body is read (generate, the validation dry run). */
export const INVOICE_BODY_400 = [
  'validation_error',
  'invalid_currency',
  'invalid_language',
  'invalid_template',
  'invalid_output',
  'invalid_qr_type',
  'invalid_json',
  'calculation_error',
] as const;

export const generateInvoice = defineOperation({
  operationId: 'generateInvoice',
  method: 'POST',
  path: '/api/generate-invoice',
  summary: 'Generate one invoice as JSON totals, PDF, UBL, CII or Factur-X',
  description:
    'Anonymous callers get JSON totals only. The body is validated in stages (normalisation, the anonymous-caller rules, field rules), so this schema is what a valid body looks like.',
  auth: 'optional',
  rateLimited: true,
  idempotent: true,
  // D5: generate-invoice bodies are at most 10 MB.
  body: { limitBytes: 10 * MB, schema: InvoiceRequestSchema },
  success: {
    status: 200,
    description:
      'By `output`: JSON totals, a PDF attachment, a UBL 2.1 Invoice, a UN/CEFACT CII (Factur-X EN 16931 profile) or, for `facturx`, a PDF attachment that is a Factur-X / ZUGFeRD EN 16931 hybrid: the same PDF made PDF/A-3b with that CII embedded as `factur-x.xml` (docs/cii.md). `pdf` and `facturx` count against the monthly PDF quota.',
    json: InvoiceJsonResponseSchema,
    pdf: true,
    xml: true,
    headers: {
      'X-EN16931-Issues': {
        description:
          'UBL, CII and Factur-X only, when the (embedded) XML is not yet EN 16931 conformant: the CEN rule ids it fails for lack of request data, comma-separated (`BR-09, BR-11`); docs/ubl.md names the field that fixes each (`from.country`, `to.country`…), docs/cii.md how CII differs.',
      },
      'X-EInvoice-Issues': {
        description:
          'UBL and CII under `einvoice_profile` `peppol` or `xrechnung` (instead of X-EN16931-Issues), when the document is not yet conformant: the fatal rule ids that profile’s official validators, EN 16931 included, report for lack of request data, comma-separated; docs/einvoice-profiles.md names the field that fixes each. POST /api/validate-invoice gives the same list with the fields.',
      },
    },
  },
  errors: {
    400: INVOICE_BODY_400,
    401: ['invalid_api_key'],
    402: ['monthly_limit_reached'],
    403: ['auth_required', 'unverified_account', 'forbidden_origin'],
    409: ['idempotency_key_conflict'],
    413: ['payload_too_large'],
    422: ['idempotency_key_conflict'],
    429: ['rate_limit_hourly', 'rate_limit_weekly'],
    500: ['pdf_error', 'ubl_error', 'cii_error', 'internal_error'],
    503: ['not_provisioned'],
  },
});
