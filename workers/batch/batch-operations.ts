// POST /api/batch, declared once (workers/http/operation.ts).
import { defineOperation } from '../http/operation.ts';
import { MB } from '../http/read-json-body.ts';
import { BatchRequestDocSchema, BatchRequestSchema, BatchResponseSchema } from './batch-schemas.ts';

export const generateInvoiceBatch = defineOperation({
  operationId: 'generateInvoiceBatch',
  method: 'POST',
  path: '/api/batch',
  summary: 'Generate up to 50 invoices, each on its own',
  description:
    'A failing item is reported in `results` with its own code; the answer itself is 200 (spec: Batch shapes).',
  auth: 'account',
  rateLimited: true,
  idempotent: true,
  // D5: batch bodies are at most 25 MB. Items are validated one by one, so the envelope schema holds raw values.
  body: { limitBytes: 25 * MB, schema: BatchRequestSchema, documented: BatchRequestDocSchema },
  success: { status: 200, description: 'Per-item results in input order', json: BatchResponseSchema },
  errors: {
    400: ['validation_error', 'invalid_json'],
    401: ['auth_required', 'invalid_api_key'],
    402: ['monthly_limit_reached'],
    403: ['unverified_account', 'forbidden_origin'],
    409: ['idempotency_key_conflict'],
    413: ['payload_too_large'],
    422: ['idempotency_key_conflict'],
    429: ['rate_limit_hourly', 'rate_limit_weekly'],
    500: ['internal_error'],
  },
});
