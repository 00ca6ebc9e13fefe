// GET /api/dev/emails, declared once (workers/http/operation.ts): the dev mail sink's inbox (D6).
import { z } from 'zod';
import { defineOperation } from '../http/operation.ts';

const SunkEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  sent_at: z.int(),
});

export const listDevEmails = defineOperation({
  operationId: 'listDevEmails',
  method: 'GET',
  path: '/api/dev/emails',
  summary: 'Local development only: the emails the dev mail sink caught, newest first',
  description: 'Answers 404 unless DEV_MODE is "true" (never in production).',
  auth: 'public',
  devOnly: true,
  query: z.object({ to: z.string().optional().meta({ description: 'Only emails to this address.' }) }),
  success: {
    status: 200,
    description: 'The caught emails',
    json: z.object({ emails: z.array(SunkEmailSchema) }).meta({ id: 'DevEmailList' }),
  },
  errors: { 404: ['not_found'], 500: ['internal_error'] },
});
