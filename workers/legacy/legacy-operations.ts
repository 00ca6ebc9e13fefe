// POST /api/render, the legacy render interface (spec: POST /api/render (legacy); D11), declared once.
import { z } from 'zod';
import { defineOperation } from '../http/operation.ts';
import { MB } from '../http/read-json-body.ts';
import { LEGACY_LANGUAGES, LegacyRenderRequestSchema } from './legacy-request-schema.ts';

const LegacyRenderResponseSchema = z
  .object({
    success: z.literal(true),
    pdf: z.string().meta({ description: 'The PDF, base64.' }),
    credits: z.object({
      remaining: z.int().meta({ description: 'Credits left after this render.' }),
      used: z.literal(1).meta({ description: 'Credits this render used: always 1.' }),
      userType: z.literal('api'),
      verified: z.literal(true),
    }),
    mode: z.literal('api'),
    metadata: z.object({
      template: z.string(),
      language: z.enum(LEGACY_LANGUAGES),
      direction: z.enum(['ltr', 'rtl']),
      fileSize: z.int().meta({ description: 'Bytes of the decoded PDF.' }),
      creditsRemaining: z.int(),
      itemsCount: z.int(),
      hasLogo: z.boolean(),
      hasSignature: z.boolean(),
    }),
  })
  .meta({ id: 'LegacyRenderResponse' });

export const renderLegacy = defineOperation({
  operationId: 'renderLegacy',
  method: 'POST',
  path: '/api/render',
  summary: 'Legacy PDF render (flat request, 1 credit per render)',
  description:
    'The older interface, kept for its clients (docs/legacy.md). The raw inv_sk_ key in Authorization; every error in the legacy body `{success: false, error, code}`. Each successful render uses one credit; a failed one uses none. Each call also counts in the account’s hourly and weekly windows.',
  auth: 'legacy_key',
  // D5: the same 10 MB as generate-invoice (logo and signature travel inside the body).
  body: { limitBytes: 10 * MB, schema: LegacyRenderRequestSchema },
  success: { status: 200, description: 'The PDF (base64) with the credits left.', json: LegacyRenderResponseSchema },
  errors: {},
  legacyErrors: {
    400: ['INVALID_JSON', 'VALIDATION_ERROR', 'RENDER_ERROR'],
    401: ['API_KEY_REQUIRED', 'INVALID_API_KEY'],
    402: ['INSUFFICIENT_CREDITS'],
    403: ['EMAIL_VERIFICATION_REQUIRED'],
    405: ['METHOD_NOT_ALLOWED'],
    413: ['PAYLOAD_TOO_LARGE'],
    429: ['API_SECURITY_LIMIT_EXCEEDED'],
    500: ['INTERNAL_ERROR'],
  },
});
