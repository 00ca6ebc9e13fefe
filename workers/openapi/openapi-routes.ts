import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { mountOperations } from '../http/mount-operations.ts';
import { openApiDocument } from './openapi-document.ts';
import { getOpenApi } from './openapi-operations.ts';

export const openApiRoutes = new Hono<AppEnv>();

mountOperations(openApiRoutes, [
  [
    getOpenApi,
    (c) =>
      c.body(openApiDocument(), 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'public, max-age=300',
      }),
  ],
]);
