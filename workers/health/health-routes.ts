import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { mountOperations } from '../http/mount-operations.ts';
import { getHealth } from './health-operations.ts';

export const healthRoutes = new Hono<AppEnv>();

mountOperations(healthRoutes, [
  [getHealth, (c) => c.json({ status: 'ok', version: c.env.SERVICE_VERSION ?? '1.0.0' })],
]);
