import { Hono } from 'hono';
import type { AppEnv } from './env.ts';
import { ApiError } from './http/api-error.ts';
import { newRequestId } from './http/request-id.ts';
import { authRoutes } from './accounts/auth-routes.ts';
import { devEmailRoutes } from './email/dev-email-routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { hostedRoutes } from './hosted/routes.ts';
import { invoiceRoutes } from './invoices/generate-invoice-route.ts';
import { batchRoutes } from './batch/batch-route.ts';
import { openApiRoutes } from './openapi/openapi-route.ts';

/** Builds the app; each endpoint group mounts its own routes. */
export function createApp() {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('requestId', newRequestId());
    c.set('startedAt', Date.now());
    await next();
    c.res.headers.set('X-Request-Id', c.get('requestId'));
  });

  app.get('/api/health', (c) => c.json({ status: 'ok', version: c.env.SERVICE_VERSION ?? '1.0.0' }));

  app.route('/', invoiceRoutes);
  app.route('/', batchRoutes);
  app.route('/', openApiRoutes);
  app.route('/api/auth', authRoutes);
  app.route('/api/dev', devEmailRoutes);
  app.route('/api/webhooks', webhookRoutes);
  app.route('/api/i', hostedRoutes);

  app.notFound((c) => {
    throw new ApiError('not_found', `No route for ${c.req.method} ${new URL(c.req.url).pathname}`);
  });

  app.onError((err, c) => {
    const requestId = c.get('requestId') ?? newRequestId();
    if (err instanceof ApiError) {
      const res = c.json(err.toBody(), err.status);
      for (const [k, v] of Object.entries(err.headers)) res.headers.set(k, v);
      res.headers.set('X-Request-Id', requestId);
      return res;
    }
    console.error(JSON.stringify({ level: 'error', request_id: requestId, error: String((err as Error)?.stack ?? err) }));
    const res = c.json({ success: false, error: { code: 'internal_error', message: `Internal server error (request ${requestId})` } }, 500);
    res.headers.set('X-Request-Id', requestId);
    return res;
  });

  return app;
}
