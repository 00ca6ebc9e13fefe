// POST /api/preview, declared once (workers/http/operation.ts): the web app's PDF preview (decision W2).
import { InvoiceRequestSchema } from '@invoice/model';
import { defineOperation } from '../http/operation.ts';
import { MB } from '../http/read-json-body.ts';

export const previewInvoice = defineOperation({
  operationId: 'previewInvoice',
  method: 'POST',
  path: '/api/preview',
  summary: 'Preview an invoice as a PDF marked PREVIEW (web app; spends no quota)',
  description:
    'The generate-invoice body, rendered as a PDF with a diagonal PREVIEW watermark on every page. Session cookie only (an API key is 403 `session_required`), verified account. `output` is ignored (always PDF); no hosted link is stored, so a QR code appears only for `payment.qr`; no webhook event. Counts in none of the plan windows or the monthly quota: 120 previews per UTC hour per account instead (429 `rate_limit_exceeded`).',
  auth: 'account',
  // D5: the same limit as generate-invoice, whose body this is.
  body: { limitBytes: 10 * MB, schema: InvoiceRequestSchema },
  success: { status: 200, description: 'The PDF, inline, marked PREVIEW on every page.', pdf: true },
  errors: {
    400: [
      'validation_error',
      'invalid_currency',
      'invalid_language',
      'invalid_template',
      'invalid_qr_type',
      'invalid_json',
      'calculation_error',
    ],
    401: ['auth_required'],
    403: ['session_required', 'unverified_account', 'forbidden_origin'],
    413: ['payload_too_large'],
    429: ['rate_limit_exceeded'],
    500: ['pdf_error', 'internal_error'],
  },
});
