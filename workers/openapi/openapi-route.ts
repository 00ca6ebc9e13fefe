import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { allowOnly } from '../http/method-not-allowed.ts';
import { openApiDocument } from './openapi-document.ts';

export const openApiRoutes = new Hono<AppEnv>();

openApiRoutes.get('/openapi.json', (c) => c.body(openApiDocument(), 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' }));
allowOnly(openApiRoutes, '/openapi.json', ['GET']);
