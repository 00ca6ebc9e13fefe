// GET /openapi.json: OpenAPI 3.1 built from the zod schemas that validate requests (single source).
import { InvoiceRequestSchema, InvoiceResponseSchema } from '@invoice/model';
import { BatchRequestDocSchema, BatchResponseSchema } from '../batch/batch-schemas.ts';
import { ErrorBodySchema, MetaSchema } from '../http/response-schemas.ts';
import { LoginBodySchema, RegisterBodySchema } from '../accounts/auth-request-body.ts';
import { WebhookCreateSchema } from '../webhooks/webhook-create-body.ts';
import * as R from './resource-schemas.ts';
import { ref, toComponentSchemas } from './schema-components.ts';

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [String(s), { $ref: `#/components/responses/E${s}` }]));

const json = (schema: object) => ({ 'application/json': { schema } });

const rateLimitHeaders = Object.fromEntries(
  ['Limit-Hourly', 'Remaining-Hourly', 'Reset-Hourly', 'Limit-Weekly', 'Remaining-Weekly', 'Reset-Weekly', 'Limit-Monthly'].map((h) => [
    `X-RateLimit-${h}`,
    { schema: { type: 'integer' }, description: h.startsWith('Reset') ? 'Window end, Unix seconds' : '-1 for unlimited' },
  ]),
);

const keyAuth = [{ bearerAuth: [] }, { cookieAuth: [] }];

function operation(operationId: string, summary: string, spec: Record<string, unknown>) {
  return { operationId, summary, ...spec };
}

let cached: string | undefined;

export function openApiDocument(): string {
  if (cached) return cached;
  const schemas = {
    ...toComponentSchemas([InvoiceRequestSchema, BatchRequestDocSchema, RegisterBodySchema, LoginBodySchema, WebhookCreateSchema], 'input'),
    ...toComponentSchemas([InvoiceResponseSchema, R.InvoiceJsonResponseSchema, BatchResponseSchema, ErrorBodySchema, MetaSchema, R.MessageResponseSchema, R.UserResponseSchema, R.ApiKeyResponseSchema, R.WebhookSchema, R.WebhookWithSecretSchema, R.HealthSchema], 'output'),
  };
  const responses = Object.fromEntries(
    [[400, 'Invalid request (validation_error, invalid_json, invalid_currency, …)'], [401, 'invalid_api_key or auth_required'], [402, 'monthly_limit_reached'], [403, 'auth_required, unverified_account or a foreign Origin'], [404, 'not_found'], [405, 'method_not_allowed'], [409, 'idempotency_key_conflict (in progress) or email_taken'], [413, 'payload_too_large'], [422, 'idempotency_key_conflict (different body)'], [429, 'rate_limit_hourly / rate_limit_weekly'], [500, 'pdf_error, ubl_error or internal_error'], [503, 'not_provisioned']].map(([s, d]) => [
      `E${s}`,
      { description: d, content: json(ref('ErrorBody')), ...(s === 429 || s === 402 ? { headers: { 'Retry-After': { schema: { type: 'integer' } }, ...rateLimitHeaders } } : {}) },
    ]),
  );
  const idempotencyKey = { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 }, description: 'Replays the first 2xx answer for 24 hours (D8).' };
  const doc = {
    openapi: '3.1.0',
    info: { title: 'Invoice Generation Service', version: '1.0.0', description: 'JSON totals, PDF and UBL 2.1 invoices from one JSON payload. Contract: service-spec.md and decisions D1–D14.' },
    servers: [{ url: '/' }],
    components: {
      schemas,
      responses,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key inv_sk_…' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'inv_session' },
      },
    },
    paths: {
      '/api/generate-invoice': {
        post: operation('generateInvoice', 'Generate one invoice as JSON totals, PDF or UBL', {
          security: [...keyAuth, {}],
          parameters: [idempotencyKey],
          requestBody: { required: true, content: json(ref('InvoiceRequest')) },
          responses: {
            '200': {
              description: 'By `output`: JSON totals, a PDF attachment or a UBL 2.1 Invoice.',
              headers: rateLimitHeaders,
              content: { ...json(ref('InvoiceJsonResponse')), 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } }, 'application/xml': { schema: { type: 'string' } } },
            },
            ...errors(400, 401, 402, 403, 405, 409, 413, 422, 429, 500),
          },
        }),
      },
      '/api/batch': {
        post: operation('generateInvoiceBatch', 'Generate up to 50 invoices, each on its own', {
          security: keyAuth,
          parameters: [idempotencyKey],
          requestBody: { required: true, content: json(ref('BatchRequestBody')) },
          responses: { '200': { description: 'Per-item results in input order', headers: rateLimitHeaders, content: json(ref('BatchResponse')) }, ...errors(400, 401, 402, 403, 409, 413, 422, 429) },
        }),
      },
      '/api/i/{id}': {
        get: operation('getHostedInvoice', 'Open a hosted invoice link', {
          security: [{}],
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9A-Za-z]{22}$' } },
            { name: 't', in: 'query', required: true, schema: { type: 'string' }, description: 'base64url HMAC-SHA-256 of the id (D9)' },
            { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['pdf', 'json'], default: 'pdf' } },
          ],
          responses: { '200': { description: 'The PDF inline, or the JSON shape', content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } }, ...json(ref('InvoiceJsonResponse')) } }, ...errors(404) },
        }),
      },
      '/api/webhooks': {
        get: operation('listWebhooks', 'List your webhooks', { security: keyAuth, responses: { '200': { description: 'Webhooks', content: json({ type: 'object', properties: { success: { const: true }, webhooks: { type: 'array', items: ref('Webhook') } }, required: ['success', 'webhooks'] }) }, ...errors(401, 403) } }),
        post: operation('createWebhook', 'Register a webhook (the secret is returned once)', {
          security: keyAuth,
          requestBody: { required: true, content: json(ref('WebhookCreate')) },
          responses: { '201': { description: 'Created', content: json({ type: 'object', properties: { success: { const: true }, webhook: ref('WebhookWithSecret') }, required: ['success', 'webhook'] }) }, ...errors(400, 401, 403) },
        }),
      },
      '/api/webhooks/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: operation('getWebhook', 'Read one webhook', { security: keyAuth, responses: { '200': { description: 'The webhook', content: json({ type: 'object', properties: { success: { const: true }, webhook: ref('Webhook') }, required: ['success', 'webhook'] }) }, ...errors(401, 403, 404) } }),
        delete: operation('deleteWebhook', 'Delete a webhook', { security: keyAuth, responses: { '200': { description: 'Deleted', content: json({ type: 'object', properties: { success: { const: true }, deleted: { const: true }, id: { type: 'string' } } }) }, ...errors(401, 403, 404) } }),
      },
      '/api/auth/register': { post: operation('register', 'Create an account; a verification link is emailed', { security: [{}], requestBody: { required: true, content: json(ref('RegisterRequest')) }, responses: { '201': { description: 'Created', content: json(ref('MessageResponse')) }, ...errors(400, 409, 429) } }) },
      '/api/auth/login': { post: operation('login', 'Log in; sets the inv_session cookie', { security: [{}], requestBody: { required: true, content: json(ref('LoginRequest')) }, responses: { '200': { description: 'Logged in', content: json(ref('UserResponse')) }, ...errors(400, 401, 429) } }) },
      '/api/auth/logout': { post: operation('logout', 'End the session', { security: [{ cookieAuth: [] }], responses: { '200': { description: 'Logged out', content: json(ref('MessageResponse')) } } }) },
      '/api/auth/me': { get: operation('getCurrentUser', 'The current user', { security: keyAuth, responses: { '200': { description: 'The user', content: json(ref('UserResponse')) }, ...errors(401) } }) },
      '/api/auth/generate-api-key': { post: operation('generateApiKey', 'Create or rotate the API key (the previous key stops working at once)', { security: keyAuth, responses: { '200': { description: 'The new key, shown once', content: json(ref('ApiKeyResponse')) }, ...errors(401, 403) } }) },
      '/api/auth/resend-verification': { post: operation('resendVerification', 'Send a new verification link', { security: keyAuth, responses: { '200': { description: 'Sent', content: json(ref('MessageResponse')) }, ...errors(401, 429) } }) },
      '/api/auth/verify-email': { get: operation('verifyEmail', 'Open the emailed verification link', { security: [{}], parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'Verified', content: json(ref('MessageResponse')) }, ...errors(400, 404) } }) },
      '/api/health': { get: operation('getHealth', 'Liveness for load balancers', { security: [{}], responses: { '200': { description: 'OK', content: json(ref('Health')) } } }) },
      '/openapi.json': { get: operation('getOpenApi', 'This document', { security: [{}], responses: { '200': { description: 'OpenAPI 3.1', content: json({ type: 'object' }) } } }) },
    },
  };
  cached = JSON.stringify(doc);
  return cached;
}
