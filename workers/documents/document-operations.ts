// /api/documents and /api/documents/{id} (issue 26, decision H20), declared once (workers/http/operation.ts).
// API key or session, verified account; another account's document answers like a missing one (404).
import { z } from 'zod';
import { defineOperation } from '../http/operation.ts';

export const PAGE_DEFAULT = 20;
export const PAGE_MAX = 100;

export const DocumentSchema = z
  .object({
    id: z.string().meta({ description: "The hosted link's id (22 letters or digits)." }),
    number: z.string(),
    type: z.enum(['invoice', 'credit_note']),
    output: z.string().meta({ description: 'The `output` the document was generated with.' }),
    einvoice_profile: z.string(),
    currency: z.string(),
    grand_total: z.number(),
    created_at: z.int().meta({ description: 'Unix seconds.' }),
    expires_at: z.int().meta({ description: 'Unix seconds; the link answers 404 from then on.' }),
    hosted_url: z.string().meta({ description: 'The signed hosted link (it answers 404 once revoked).' }),
    revoked: z.boolean(),
    livemode: z.boolean().meta({ description: 'false for a document made with a test-mode key.' }),
  })
  .meta({ id: 'Document' });

const DocumentIdParams = z.object({
  id: z.string().regex(/^[0-9A-Za-z]{22}$/, { message: 'must be a document id: 22 letters or digits' }),
});

const CALLER_ERRORS = {
  401: ['auth_required', 'invalid_api_key'],
  403: ['unverified_account', 'forbidden_origin'],
  500: ['internal_error'],
  503: ['not_provisioned'],
} as const;

const DocumentResponseSchema = z
  .object({ success: z.literal(true), document: DocumentSchema })
  .meta({ id: 'DocumentResponse' });

export const listDocuments = defineOperation({
  operationId: 'listDocuments',
  method: 'GET',
  path: '/api/documents',
  summary: 'List your documents with a hosted link, newest first',
  description:
    'Every document generated with a hosted link (batch items too) until its link expires (7 days); revoked ones stay listed with `revoked: true`.',
  auth: 'account',
  query: z.object({
    number: z
      .string()
      .min(1, { error: 'must not be empty' })
      .max(100, { error: 'must be at most 100 characters' })
      .optional()
      .meta({ description: 'A prefix of the invoice number, case-insensitive (`INV-1` lists INV-1 and INV-10).' }),
    livemode: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .optional()
      .meta({ description: '`true`: live documents only; `false`: test-mode documents only.' }),
    limit: z.coerce
      .number({ error: `must be an integer from 1 to ${PAGE_MAX}` })
      .int({ error: `must be an integer from 1 to ${PAGE_MAX}` })
      .min(1, { error: `must be an integer from 1 to ${PAGE_MAX}` })
      .max(PAGE_MAX, { error: `must be an integer from 1 to ${PAGE_MAX}` })
      .default(PAGE_DEFAULT),
    cursor: z.string().optional().meta({ description: "Opaque: the previous page's `next_cursor`." }),
  }),
  success: {
    status: 200,
    description: 'One page of documents; `next_cursor` is null on the last page.',
    json: z
      .object({ success: z.literal(true), documents: z.array(DocumentSchema), next_cursor: z.string().nullable() })
      .meta({ id: 'DocumentListResponse' }),
  },
  errors: { ...CALLER_ERRORS, 400: ['validation_error'] },
});

export const getDocument = defineOperation({
  operationId: 'getDocument',
  method: 'GET',
  path: '/api/documents/{id}',
  summary: 'Read one document',
  auth: 'account',
  params: DocumentIdParams,
  success: { status: 200, description: 'The document', json: DocumentResponseSchema },
  errors: { ...CALLER_ERRORS, 404: ['not_found'] },
});

export const revokeDocument = defineOperation({
  operationId: 'revokeDocument',
  method: 'DELETE',
  path: '/api/documents/{id}',
  summary: "Revoke a document's hosted link",
  description:
    'The link answers 404 from the next open in the location that revoked it, and everywhere within KV propagation (up to 60 s); its stored snapshot and cached PDFs are deleted. The document stays listed, `revoked: true`, until the link would have expired. Repeating it answers the same.',
  auth: 'account',
  params: DocumentIdParams,
  success: { status: 200, description: 'Revoked', json: DocumentResponseSchema },
  errors: { ...CALLER_ERRORS, 404: ['not_found'] },
});
