// POST /api/validate-invoice, declared once (workers/http/operation.ts): the e-invoice dry run of issue 22
// (decision E8). The generate-invoice body; no document is produced or stored, nothing of the plan is spent.
import { EINVOICE_PROFILES, InvoiceRequestSchema, OUTPUT_FORMATS } from '@invoice/model';
import { z } from 'zod';
import { defineOperation } from '../http/operation.ts';
import { MB } from '../http/read-json-body.ts';
import { RequestMetaSchema } from '../http/response-schemas.ts';
import { EInvoiceIssueSchema } from '../invoices/einvoice-issue-schema.ts';
import { INVOICE_BODY_400 } from '../invoices/invoice-operations.ts';
import { VALIDATIONS_PER_HOUR } from '../limits/admit-validation.ts';

export const ValidateInvoiceResponseSchema = z
  .object({
    success: z.literal(true),
    valid: z
      .boolean()
      .meta({ description: 'True when the document has no issue: the validators of its profile accept it.' }),
    profile: z
      .enum(EINVOICE_PROFILES)
      .meta({ description: 'The e-invoice profile checked (the request’s `einvoice_profile`).' }),
    output: z.enum(OUTPUT_FORMATS).meta({ description: 'The request’s `output`, as generate-invoice would read it.' }),
    document: z.enum(['ubl', 'cii']).meta({
      description:
        'The XML checked: the `output` itself for ubl and cii, the embedded CII for facturx, and for json and pdf the UBL the hosted link opens (`format=ubl`).',
    }),
    issues: z.array(EInvoiceIssueSchema).meta({
      description:
        'The fatal rules the document would fail for lack of request data, each with the field that fixes it (docs/einvoice-profiles.md). The same ids as the X-EInvoice-Issues (X-EN16931-Issues for en16931) header of generate-invoice.',
    }),
    meta: RequestMetaSchema,
  })
  .meta({ id: 'ValidateInvoiceResponse' });

export const validateInvoice = defineOperation({
  operationId: 'validateInvoice',
  method: 'POST',
  path: '/api/validate-invoice',
  summary: 'Check an invoice against its e-invoice profile without producing it (free)',
  description: `The generate-invoice body. Answers whether the UBL or CII document generate-invoice would write for it passes the validators of its \`einvoice_profile\` (EN 16931, Peppol BIS Billing 3.0, XRechnung 3.0), and if not which rules fail and which field fixes each. Nothing is produced, stored or emitted, and no plan window or document quota is spent: ${VALIDATIONS_PER_HOUR.account} validations an hour per account, ${VALIDATIONS_PER_HOUR.anonymous} per address without credentials (429 \`rate_limit_exceeded\`). A body that is no valid invoice request is the same 400 as on generate-invoice.`,
  auth: 'optional',
  // D5: the same limit as generate-invoice, whose body this is.
  body: { limitBytes: 10 * MB, schema: InvoiceRequestSchema },
  success: { status: 200, description: 'The verdict and the issues.', json: ValidateInvoiceResponseSchema },
  errors: {
    400: INVOICE_BODY_400,
    401: ['invalid_api_key'],
    403: ['unverified_account', 'forbidden_origin'],
    413: ['payload_too_large'],
    429: ['rate_limit_exceeded'],
    500: ['internal_error'],
  },
});
