import { Hono } from 'hono';
import { accountRoutes } from './accounts/account-routes.ts';
import { authRoutes } from './accounts/auth-routes.ts';
import { keyRoutes } from './accounts/key-routes.ts';
import { assertNoQueryCredential } from './accounts/query-credentials.ts';
import { batchRoutes } from './batch/batch-routes.ts';
import { documentRoutes } from './documents/document-routes.ts';
import { devEmailRoutes } from './email/dev-email-routes.ts';
import type { AppEnv } from './env.ts';
import { healthRoutes } from './health/health-routes.ts';
import { hostedRoutes } from './hosted/hosted-routes.ts';
import { ApiError } from './http/api-error.ts';
import { NO_STORE } from './http/cache-policy.ts';
import { legacyErrorResponse } from './http/legacy-error-writer.ts';
import { newRequestId } from './http/request-id.ts';
import { invoiceRoutes } from './invoices/invoice-routes.ts';
import { renderLegacy } from './legacy/legacy-operations.ts';
import { legacyRoutes } from './legacy/legacy-routes.ts';
import { settleHeldReservations } from './limits/held-reservations.ts';
import { mcpRoutes } from './mcp/mcp-routes.ts';
import { openApiRoutes } from './openapi/openapi-routes.ts';
import { previewRoutes } from './preview/preview-routes.ts';
import { validateRoutes } from './validate/validate-routes.ts';
import { notFoundPage, wantsPage } from './web/not-found-page.tsx';
import { webRoutes } from './web/web-routes.tsx';
import { webhookDeliveryRoutes } from './webhooks/webhook-delivery-routes.ts';
import { webhookRoutes } from './webhooks/webhook-routes.ts';

const LEGACY_PATHS: ReadonlySet<string> = new Set([renderLegacy.path]);

/** Builds the app; each endpoint group mounts its declared operations (workers/openapi/all-operations.ts). */
export function createApp() {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('requestId', newRequestId());
    c.set('startedAt', Date.now());
    try {
      await next();
      c.res.headers.set('X-Request-Id', c.get('requestId'));
    } finally {
      // F1: the answer is final (with-idempotency stored it): what the request still holds was produced.
      settleHeldReservations(c);
    }
  });

  // Issue 10.9: a key in the query string is refused on every path, before any route runs.
  app.use('*', async (c, next) => {
    assertNoQueryCredential(c);
    await next();
  });

  for (const group of [
    // First: its middleware answers the verification link with a page when a browser opens it.
    webRoutes,
    invoiceRoutes,
    previewRoutes,
    validateRoutes,
    batchRoutes,
    legacyRoutes,
    hostedRoutes,
    webhookRoutes,
    webhookDeliveryRoutes,
    documentRoutes,
    authRoutes,
    keyRoutes,
    accountRoutes,
    devEmailRoutes,
    healthRoutes,
    openApiRoutes,
    mcpRoutes,
  ]) {
    app.route('/', group);
  }

  app.notFound((c) => {
    // A browser opening a page path that does not exist gets a page; the API keeps its JSON body.
    if (wantsPage(c)) return notFoundPage(c);
    throw new ApiError('not_found', `No route for ${c.req.method} ${new URL(c.req.url).pathname}`);
  });

  // The one way out for errors: an ApiError writes its own body; anything else is a 500 whose cause
  // goes to the log only, never to the client. The legacy interface's paths answer in its own body.
  // No error is stored by a cache (F3): many depend on the credential sent.
  app.onError((err, c) => {
    const requestId = c.get('requestId') ?? newRequestId();
    if (LEGACY_PATHS.has(c.req.path)) {
      const legacy = legacyErrorResponse(c, err, requestId);
      legacy.headers.set('Cache-Control', NO_STORE);
      return legacy;
    }
    const apiError =
      err instanceof ApiError ? err : new ApiError('internal_error', `Internal server error (request ${requestId})`);
    if (apiError !== err)
      console.error(
        JSON.stringify({ level: 'error', request_id: requestId, error: String((err as Error)?.stack ?? err) }),
      );
    const res = c.json(apiError.toBody(), apiError.status);
    for (const [k, v] of Object.entries(apiError.headers)) res.headers.set(k, v);
    res.headers.set('X-Request-Id', requestId);
    res.headers.set('Cache-Control', NO_STORE);
    return res;
  });

  return app;
}
