// GET /openapi.json, declared once like every other route (workers/http/operation.ts).
import { z } from 'zod';
import { defineOperation } from '../http/operation.ts';

export const getOpenApi = defineOperation({
  operationId: 'getOpenApi',
  method: 'GET',
  path: '/openapi.json',
  summary: 'This document: OpenAPI 3.1, generated from the route declarations',
  auth: 'public',
  success: {
    status: 200,
    description: 'OpenAPI 3.1',
    json: z
      .looseObject({
        openapi: z.literal('3.1.0'),
        info: z.looseObject({}),
        paths: z.looseObject({}),
        components: z.looseObject({}),
      })
      .meta({ id: 'OpenApiDocument' }),
  },
  errors: {},
});
