// GET /api/health, declared once (workers/http/operation.ts).
import { z } from 'zod';
import { defineOperation } from '../http/operation.ts';

export const getHealth = defineOperation({
  operationId: 'getHealth',
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness for load balancers',
  auth: 'public',
  success: {
    status: 200,
    description: 'OK',
    json: z.object({ status: z.literal('ok'), version: z.string() }).meta({ id: 'Health' }),
  },
  errors: {},
});
