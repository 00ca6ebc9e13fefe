import { vi } from 'vitest';
import { HOSTED_OPENS_PER_MINUTE } from '../../workers/hosted/hosted-open-limit.ts';
import { PREVIEWS_PER_HOUR } from '../../workers/limits/admit-preview.ts';
import { VALIDATIONS_PER_HOUR } from '../../workers/limits/admit-validation.ts';
import { WEBHOOK_SENDS_PER_HOUR } from '../../workers/limits/admit-webhook-send.ts';
import { ALL_OPERATIONS } from '../../workers/openapi/all-operations.ts';
import { call, freshClientIp, login, register, resetTokenFor, testEnv, uniqueEmail } from './accounts-fixtures.ts';
import { LEGACY, legacyAccount, unverifiedKey } from './legacy-fixtures.ts';

import {
  accountIdOf,
  accountWithKey,
  BROKEN_EMAIL,
  bearer,
  big,
  cookieJson,
  documentOf,
  exhaust,
  exhaustedAccount,
  INVOICE,
  inFlight,
  NO_EMAIL,
  outage,
  reusedKey,
  type Sent,
  send,
  sendWithEnv,
  sharedAccount,
  sharedDelivery,
  sharedDocument,
  sharedHookAccount,
  sharedHostedLink,
  sharedSession,
  sharedWebhook,
  throughQueue,
  unverifiedSession,
  webhookOf,
  webhookWithDelivery,
} from './openapi-conformance-requests.ts';

/** One case per documented (operation, status): a request that makes the live app answer it. */

/** The link of the address-change email sent to `to` (issue 24, H16). */
async function emailChangeLinkTo(to: string): Promise<string> {
  const res = await call(`/api/dev/emails?to=${encodeURIComponent(to)}`);
  const { emails } = (await res.json()) as { emails: { links: string[] }[] };
  return emails[0].links[0];
}

/** W3: the account's webhook sends of this hour used up, one second into the hour so it cannot roll over. */
async function sendsUsedUp(email: string, ask: () => Promise<Sent>): Promise<Sent> {
  const limiter = testEnv.RATE_LIMITER.get(testEnv.RATE_LIMITER.idFromName(`acct:${await accountIdOf(email)}`));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 3_601_000);
  try {
    for (let i = 0; i < WEBHOOK_SENDS_PER_HOUR; i++) await limiter.admitWebhookSend({ limit: WEBHOOK_SENDS_PER_HOUR });
    return await ask();
  } finally {
    vi.useRealTimers();
  }
}

/** Issue 26: a named key's body, and an id no account has. */
const NEW_KEY = { name: 'Conformance', mode: 'live' };
const MISSING_KEY_ID = 'key_00000000000000000000';

export const CASES: Record<string, () => Promise<Sent>> = {
  'generateInvoice 200': () =>
    send('POST', '/api/generate-invoice', { json: INVOICE, headers: { 'CF-Connecting-IP': freshClientIp() } }),
  'generateInvoice 400': () =>
    send('POST', '/api/generate-invoice', { json: { items: [] }, headers: { 'CF-Connecting-IP': freshClientIp() } }),
  'generateInvoice 401': () =>
    send('POST', '/api/generate-invoice', { json: INVOICE, headers: bearer('inv_sk_unknown') }),
  'generateInvoice 402': async () =>
    send('POST', '/api/generate-invoice', {
      json: INVOICE,
      headers: bearer((await exhaustedAccount('monthly')).apiKey),
    }),
  'generateInvoice 403': () =>
    send('POST', '/api/generate-invoice', {
      json: { ...INVOICE, output: 'pdf' },
      headers: { 'CF-Connecting-IP': freshClientIp() },
    }),
  'generateInvoice 409': async () => {
    const ip = freshClientIp();
    await inFlight(`ip:${ip}`, 'k-409', '/api/generate-invoice', INVOICE);
    return send('POST', '/api/generate-invoice', {
      json: INVOICE,
      headers: { 'CF-Connecting-IP': ip, 'Idempotency-Key': 'k-409' },
    });
  },
  'generateInvoice 413': () =>
    send('POST', '/api/generate-invoice', {
      body: big(10 * 1024 * 1024),
      headers: { 'CF-Connecting-IP': freshClientIp() },
    }),
  'generateInvoice 422': () =>
    reusedKey('/api/generate-invoice', { 'CF-Connecting-IP': freshClientIp() }, INVOICE, {
      ...INVOICE,
      notes: 'other',
    }),
  'generateInvoice 429': async () => {
    const ip = freshClientIp();
    await exhaust({ kind: 'anonymous', ip }, { calls: 20, documents: 0 });
    return send('POST', '/api/generate-invoice', { json: INVOICE, headers: { 'CF-Connecting-IP': ip } });
  },
  'generateInvoice 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/generate-invoice', {
      json: INVOICE,
      headers: bearer((await sharedAccount()).apiKey),
    }),
  'generateInvoice 503': async () =>
    sendWithEnv({ HOSTED_LINK_SECRET: undefined }, 'POST', '/api/generate-invoice', {
      json: INVOICE,
      headers: bearer((await sharedAccount()).apiKey),
    }),

  'previewInvoice 200': async () =>
    send('POST', '/api/preview', { json: INVOICE, headers: cookieJson((await sharedAccount()).cookie) }),
  'previewInvoice 400': async () =>
    send('POST', '/api/preview', { json: { items: [] }, headers: cookieJson((await sharedAccount()).cookie) }),
  'previewInvoice 401': () => send('POST', '/api/preview', { json: INVOICE }),
  'previewInvoice 403': async () =>
    send('POST', '/api/preview', { json: INVOICE, headers: bearer((await sharedAccount()).apiKey) }),
  'previewInvoice 413': async () =>
    send('POST', '/api/preview', {
      body: big(10 * 1024 * 1024),
      headers: cookieJson((await sharedAccount()).cookie),
    }),
  'previewInvoice 429': async () => {
    const { cookie, email } = await accountWithKey();
    const limiter = testEnv.RATE_LIMITER.get(testEnv.RATE_LIMITER.idFromName(`acct:${await accountIdOf(email)}`));
    // Held one second into an hour, so the window cannot roll over between filling and asking.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 3_601_000);
    try {
      for (let i = 0; i < PREVIEWS_PER_HOUR; i++) await limiter.admitPreview({ limit: PREVIEWS_PER_HOUR });
      return await send('POST', '/api/preview', { json: INVOICE, headers: cookieJson(cookie) });
    } finally {
      vi.useRealTimers();
    }
  },
  'previewInvoice 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/preview', {
      json: INVOICE,
      headers: cookieJson((await sharedAccount()).cookie),
    }),

  'validateInvoice 200': () =>
    send('POST', '/api/validate-invoice', { json: INVOICE, headers: { 'CF-Connecting-IP': freshClientIp() } }),
  'validateInvoice 400': () =>
    send('POST', '/api/validate-invoice', { json: { items: [] }, headers: { 'CF-Connecting-IP': freshClientIp() } }),
  'validateInvoice 401': () =>
    send('POST', '/api/validate-invoice', { json: INVOICE, headers: bearer('inv_sk_unknown') }),
  'validateInvoice 403': async () =>
    send('POST', '/api/validate-invoice', { json: INVOICE, headers: bearer(await unverifiedKey()) }),
  'validateInvoice 413': () =>
    send('POST', '/api/validate-invoice', {
      body: big(10 * 1024 * 1024),
      headers: { 'CF-Connecting-IP': freshClientIp() },
    }),
  'validateInvoice 429': async () => {
    const headers = { 'CF-Connecting-IP': freshClientIp() };
    for (let i = 0; i < VALIDATIONS_PER_HOUR.anonymous; i++)
      await send('POST', '/api/validate-invoice', { json: INVOICE, headers });
    return send('POST', '/api/validate-invoice', { json: INVOICE, headers });
  },
  'validateInvoice 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/validate-invoice', {
      json: INVOICE,
      headers: bearer((await sharedAccount()).apiKey),
    }),

  'renderLegacy 200': async () =>
    send('POST', '/api/render', { json: LEGACY, headers: { Authorization: (await legacyAccount()).apiKey } }),
  'renderLegacy 400': async () =>
    send('POST', '/api/render', {
      json: { ...LEGACY, rows: [] },
      headers: { Authorization: (await legacyAccount()).apiKey },
    }),
  'renderLegacy 401': () => send('POST', '/api/render', { json: LEGACY }),
  'renderLegacy 402': async () =>
    send('POST', '/api/render', { json: LEGACY, headers: { Authorization: (await legacyAccount(0)).apiKey } }),
  'renderLegacy 403': async () =>
    send('POST', '/api/render', { json: LEGACY, headers: { Authorization: await unverifiedKey() } }),
  'renderLegacy 413': async () =>
    send('POST', '/api/render', {
      body: big(10 * 1024 * 1024),
      headers: { Authorization: (await legacyAccount()).apiKey },
    }),
  'renderLegacy 429': async () =>
    send('POST', '/api/render', {
      json: LEGACY,
      headers: { Authorization: (await exhaustedAccount('hourly')).apiKey },
    }),
  'renderLegacy 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/render', {
      json: LEGACY,
      headers: { Authorization: (await legacyAccount()).apiKey },
    }),

  'generateInvoiceBatch 200': async () =>
    send('POST', '/api/batch', {
      json: { invoices: [INVOICE, { items: [] }] },
      headers: bearer((await sharedAccount()).apiKey),
    }),
  'generateInvoiceBatch 400': async () =>
    send('POST', '/api/batch', { json: { invoices: [] }, headers: bearer((await sharedAccount()).apiKey) }),
  'generateInvoiceBatch 401': () => send('POST', '/api/batch', { json: { invoices: [INVOICE] } }),
  'generateInvoiceBatch 402': async () =>
    send('POST', '/api/batch', {
      json: { invoices: [INVOICE] },
      headers: bearer((await exhaustedAccount('monthly')).apiKey),
    }),
  'generateInvoiceBatch 403': async () =>
    send('POST', '/api/batch', { json: { invoices: [INVOICE] }, headers: { Cookie: await sharedSession() } }),
  'generateInvoiceBatch 409': async () => {
    const { apiKey, email } = await sharedAccount();
    await inFlight(await accountIdOf(email), 'k-409', '/api/batch', { invoices: [INVOICE] });
    return send('POST', '/api/batch', {
      json: { invoices: [INVOICE] },
      headers: { ...bearer(apiKey), 'Idempotency-Key': 'k-409' },
    });
  },
  'generateInvoiceBatch 413': async () =>
    send('POST', '/api/batch', { body: big(25 * 1024 * 1024), headers: bearer((await sharedAccount()).apiKey) }),
  'generateInvoiceBatch 422': async () =>
    reusedKey(
      '/api/batch',
      bearer((await sharedAccount()).apiKey),
      { invoices: [INVOICE] },
      { invoices: [INVOICE, INVOICE] },
    ),
  'generateInvoiceBatch 429': async () =>
    send('POST', '/api/batch', {
      json: { invoices: [INVOICE] },
      headers: bearer((await exhaustedAccount('hourly')).apiKey),
    }),
  // A key of its own: the shared one is in the isolate's key cache, and past it the batch answers 200 with a failed item.
  'generateInvoiceBatch 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/batch', {
      json: { invoices: [INVOICE] },
      headers: bearer((await accountWithKey()).apiKey),
    }),

  'getHostedInvoice 200': async () => send('GET', `${await sharedHostedLink()}&format=json`),
  'getHostedInvoice 400': async () => send('GET', `${await sharedHostedLink()}&format=docx`),
  'getHostedInvoice 404': () => send('GET', '/api/i/AAAAAAAAAAAAAAAAAAAAAA?t=nope'),
  'getHostedInvoice 429': async () => {
    const ip = freshClientIp();
    const window = testEnv.HOSTED_OPENS.get(testEnv.HOSTED_OPENS.idFromName(`ip:${ip}`));
    // Held one second into a minute, so the window cannot roll over between filling and asking.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 61_000);
    try {
      for (let i = 0; i < HOSTED_OPENS_PER_MINUTE; i++) await window.hit(Date.now(), HOSTED_OPENS_PER_MINUTE);
      return await send('GET', '/api/i/AAAAAAAAAAAAAAAAAAAAAA?t=nope', { headers: { 'CF-Connecting-IP': ip } });
    } finally {
      vi.useRealTimers();
    }
  },
  'getHostedInvoice 500': async () => sendWithEnv(outage(), 'GET', await sharedHostedLink()),
  'getHostedInvoice 503': async () => sendWithEnv({ HOSTED_LINK_SECRET: undefined }, 'GET', await sharedHostedLink()),

  'listWebhooks 200': async () => send('GET', '/api/webhooks', { headers: bearer((await sharedHookAccount()).apiKey) }),
  'listWebhooks 401': () => send('GET', '/api/webhooks'),
  'listWebhooks 403': async () => send('GET', '/api/webhooks', { headers: { Cookie: await sharedSession() } }),
  'listWebhooks 500': async () =>
    sendWithEnv(outage(), 'GET', '/api/webhooks', { headers: bearer((await sharedHookAccount()).apiKey) }),
  'createWebhook 201': async () =>
    send('POST', '/api/webhooks', {
      json: { url: 'https://example.com/hook' },
      headers: bearer((await sharedHookAccount()).apiKey),
    }),
  'createWebhook 400': async () =>
    send('POST', '/api/webhooks', {
      json: { url: 'http://example.com/hook' },
      headers: bearer((await sharedHookAccount()).apiKey),
    }),
  'createWebhook 401': () => send('POST', '/api/webhooks', { json: { url: 'https://example.com/hook' } }),
  'createWebhook 403': async () =>
    send('POST', '/api/webhooks', {
      json: { url: 'https://example.com/hook' },
      headers: { Cookie: await sharedSession() },
    }),
  'createWebhook 413': async () =>
    send('POST', '/api/webhooks', { body: big(64 * 1024), headers: bearer((await sharedHookAccount()).apiKey) }),
  'createWebhook 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/webhooks', {
      json: { url: 'https://example.com/hook' },
      headers: bearer((await sharedHookAccount()).apiKey),
    }),
  'createWebhook 503': async () =>
    sendWithEnv({ WEBHOOK_ENCRYPTION_KEY: undefined }, 'POST', '/api/webhooks', {
      json: { url: 'https://example.com/hook' },
      headers: bearer((await sharedHookAccount()).apiKey),
    }),
  'getWebhook 200': async () =>
    send('GET', `/api/webhooks/${await sharedWebhook()}`, { headers: bearer((await sharedHookAccount()).apiKey) }),
  'getWebhook 401': () => send('GET', '/api/webhooks/wh_x'),
  'getWebhook 403': async () => send('GET', '/api/webhooks/wh_x', { headers: { Cookie: await sharedSession() } }),
  'getWebhook 404': async () =>
    send('GET', '/api/webhooks/wh_missing', { headers: bearer((await sharedHookAccount()).apiKey) }),
  'getWebhook 500': async () =>
    sendWithEnv(outage(), 'GET', '/api/webhooks/wh_x', { headers: bearer((await sharedHookAccount()).apiKey) }),
  'updateWebhook 200': async () => {
    const { apiKey } = await sharedHookAccount();
    return send('PATCH', `/api/webhooks/${await webhookOf(apiKey)}`, {
      json: { is_active: false },
      headers: bearer(apiKey),
    });
  },
  'updateWebhook 400': async () => {
    const { apiKey } = await sharedHookAccount();
    return send('PATCH', `/api/webhooks/${await sharedWebhook()}`, {
      json: { url: 'http://example.com/h' },
      headers: bearer(apiKey),
    });
  },
  'updateWebhook 401': () => send('PATCH', '/api/webhooks/wh_x', { json: { is_active: false } }),
  'updateWebhook 403': async () =>
    send('PATCH', '/api/webhooks/wh_x', { json: { is_active: false }, headers: { Cookie: await sharedSession() } }),
  'updateWebhook 404': async () =>
    send('PATCH', '/api/webhooks/wh_missing', {
      json: { is_active: false },
      headers: bearer((await sharedHookAccount()).apiKey),
    }),
  'updateWebhook 413': async () => {
    const { apiKey } = await sharedHookAccount();
    return send('PATCH', `/api/webhooks/${await sharedWebhook()}`, { body: big(64 * 1024), headers: bearer(apiKey) });
  },
  'updateWebhook 500': async () =>
    sendWithEnv(outage(), 'PATCH', '/api/webhooks/wh_x', {
      json: { is_active: false },
      headers: bearer((await sharedHookAccount()).apiKey),
    }),
  'deleteWebhook 200': async () => {
    const { apiKey } = await sharedHookAccount();
    return send('DELETE', `/api/webhooks/${await webhookOf(apiKey)}`, { headers: bearer(apiKey) });
  },
  'deleteWebhook 401': () => send('DELETE', '/api/webhooks/wh_x'),
  'deleteWebhook 403': async () => {
    const { cookie } = await sharedHookAccount();
    return send('DELETE', '/api/webhooks/wh_x', { headers: { Cookie: cookie, Origin: 'https://evil.example' } });
  },
  'deleteWebhook 404': async () =>
    send('DELETE', '/api/webhooks/wh_missing', { headers: bearer((await sharedHookAccount()).apiKey) }),
  'deleteWebhook 500': async () =>
    sendWithEnv(outage(), 'DELETE', '/api/webhooks/wh_x', { headers: bearer((await sharedHookAccount()).apiKey) }),

  'listDocuments 200': async () => {
    const { apiKey } = await sharedAccount();
    await sharedDocument();
    return send('GET', '/api/documents?limit=5', { headers: bearer(apiKey) });
  },
  'listDocuments 400': async () =>
    send('GET', '/api/documents?limit=0', { headers: bearer((await sharedAccount()).apiKey) }),
  'listDocuments 401': () => send('GET', '/api/documents'),
  'listDocuments 403': async () => send('GET', '/api/documents', { headers: { Cookie: await sharedSession() } }),
  'listDocuments 500': async () =>
    sendWithEnv(outage(), 'GET', '/api/documents', { headers: bearer((await sharedAccount()).apiKey) }),
  'listDocuments 503': async () => {
    const { apiKey } = await sharedAccount();
    await sharedDocument();
    return sendWithEnv({ HOSTED_LINK_SECRET: undefined }, 'GET', '/api/documents', { headers: bearer(apiKey) });
  },
  'getDocument 200': async () => {
    const { apiKey } = await sharedAccount();
    return send('GET', `/api/documents/${await sharedDocument()}`, { headers: bearer(apiKey) });
  },
  'getDocument 401': () => send('GET', '/api/documents/x'),
  'getDocument 403': async () => send('GET', '/api/documents/x', { headers: { Cookie: await sharedSession() } }),
  'getDocument 404': async () =>
    send('GET', `/api/documents/${'A'.repeat(22)}`, { headers: bearer((await sharedAccount()).apiKey) }),
  'getDocument 500': async () =>
    sendWithEnv(outage(), 'GET', '/api/documents/x', { headers: bearer((await sharedAccount()).apiKey) }),
  'getDocument 503': async () => {
    const { apiKey } = await sharedAccount();
    const id = await sharedDocument();
    return sendWithEnv({ HOSTED_LINK_SECRET: undefined }, 'GET', `/api/documents/${id}`, { headers: bearer(apiKey) });
  },
  'revokeDocument 200': async () => {
    const { apiKey } = await sharedAccount();
    return send('DELETE', `/api/documents/${await documentOf(apiKey)}`, { headers: bearer(apiKey) });
  },
  'revokeDocument 401': () => send('DELETE', '/api/documents/x'),
  'revokeDocument 403': async () => {
    const { cookie } = await sharedAccount();
    return send('DELETE', '/api/documents/x', { headers: { Cookie: cookie, Origin: 'https://evil.example' } });
  },
  'revokeDocument 404': async () =>
    send('DELETE', `/api/documents/${'A'.repeat(22)}`, { headers: bearer((await sharedAccount()).apiKey) }),
  'revokeDocument 500': async () =>
    sendWithEnv(outage(), 'DELETE', '/api/documents/x', { headers: bearer((await sharedAccount()).apiKey) }),
  'revokeDocument 503': async () => {
    const { apiKey } = await sharedAccount();
    const id = await documentOf(apiKey);
    return sendWithEnv({ HOSTED_LINK_SECRET: undefined }, 'DELETE', `/api/documents/${id}`, {
      headers: bearer(apiKey),
    });
  },

  'listWebhookDeliveries 200': async () => {
    const { apiKey } = await sharedHookAccount();
    const { hookId } = await sharedDelivery();
    return send('GET', `/api/webhooks/${hookId}/deliveries?limit=5`, { headers: bearer(apiKey) });
  },
  'listWebhookDeliveries 400': async () => {
    const { apiKey } = await sharedHookAccount();
    return send('GET', `/api/webhooks/${await sharedWebhook()}/deliveries?limit=0`, { headers: bearer(apiKey) });
  },
  'listWebhookDeliveries 401': () => send('GET', '/api/webhooks/wh_x/deliveries'),
  'listWebhookDeliveries 403': async () =>
    send('GET', '/api/webhooks/wh_x/deliveries', { headers: { Cookie: await sharedSession() } }),
  'listWebhookDeliveries 404': async () =>
    send('GET', '/api/webhooks/wh_missing/deliveries', { headers: bearer((await sharedHookAccount()).apiKey) }),
  'listWebhookDeliveries 500': async () =>
    sendWithEnv(outage(), 'GET', '/api/webhooks/wh_x/deliveries', {
      headers: bearer((await sharedHookAccount()).apiKey),
    }),
  'redeliverWebhookDelivery 202': async () => {
    const { apiKey, email } = await accountWithKey();
    const { hookId, deliveryId } = await webhookWithDelivery(apiKey, email);
    return throughQueue(hookId, 2, () =>
      send('POST', `/api/webhooks/${hookId}/deliveries/${deliveryId}/redeliver`, { headers: bearer(apiKey) }),
    );
  },
  'redeliverWebhookDelivery 401': () => send('POST', '/api/webhooks/wh_x/deliveries/dlv_x/redeliver'),
  'redeliverWebhookDelivery 403': async () =>
    send('POST', '/api/webhooks/wh_x/deliveries/dlv_x/redeliver', { headers: cookieJson(await sharedSession()) }),
  'redeliverWebhookDelivery 404': async () => {
    const { apiKey } = await sharedHookAccount();
    return send('POST', `/api/webhooks/${await sharedWebhook()}/deliveries/dlv_missing/redeliver`, {
      headers: bearer(apiKey),
    });
  },
  'redeliverWebhookDelivery 429': async () => {
    const { apiKey, email } = await accountWithKey();
    const { hookId, deliveryId } = await webhookWithDelivery(apiKey, email);
    return sendsUsedUp(email, () =>
      send('POST', `/api/webhooks/${hookId}/deliveries/${deliveryId}/redeliver`, { headers: bearer(apiKey) }),
    );
  },
  'redeliverWebhookDelivery 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/webhooks/wh_x/deliveries/dlv_x/redeliver', {
      headers: bearer((await sharedHookAccount()).apiKey),
    }),
  'testWebhook 202': async () => {
    const { apiKey } = await accountWithKey();
    const hookId = await webhookOf(apiKey);
    return throughQueue(hookId, 1, () => send('POST', `/api/webhooks/${hookId}/test`, { headers: bearer(apiKey) }));
  },
  'testWebhook 401': () => send('POST', '/api/webhooks/wh_x/test'),
  'testWebhook 403': async () =>
    send('POST', '/api/webhooks/wh_x/test', { headers: cookieJson(await sharedSession()) }),
  'testWebhook 404': async () =>
    send('POST', '/api/webhooks/wh_missing/test', { headers: bearer((await sharedHookAccount()).apiKey) }),
  'testWebhook 429': async () => {
    const { apiKey, email } = await accountWithKey();
    const hookId = await webhookOf(apiKey);
    return sendsUsedUp(email, () => send('POST', `/api/webhooks/${hookId}/test`, { headers: bearer(apiKey) }));
  },
  'testWebhook 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/webhooks/wh_x/test', { headers: bearer((await sharedHookAccount()).apiKey) }),

  'register 201': () =>
    send('POST', '/api/auth/register', { json: { email: uniqueEmail('oas'), password: 'correct horse battery' } }),
  'register 400': () =>
    send('POST', '/api/auth/register', { json: { email: 'not-an-email', password: 'correct horse battery' } }),
  'register 409': async () => {
    const email = uniqueEmail('oas');
    await register(email);
    return send('POST', '/api/auth/register', { json: { email, password: 'correct horse battery' } });
  },
  'register 403': () =>
    send('POST', '/api/auth/register', {
      json: { email: uniqueEmail('oas'), password: 'correct horse battery' },
      headers: { Origin: 'https://evil.example' },
    }),
  'register 413': () =>
    send('POST', '/api/auth/register', { body: big(16 * 1024), headers: { 'Content-Type': 'application/json' } }),
  'register 415': () =>
    send('POST', '/api/auth/register', {
      body: JSON.stringify({ email: uniqueEmail('oas'), password: 'correct horse battery' }),
      headers: { 'Content-Type': 'text/plain' },
    }),
  // The address's 10 registrations of the hour taken in its AttemptLog itself (the log the route reserves in,
  // H6), not by 10 real accounts: that each registration takes one is accounts-registration-limit.test.ts's.
  'register 429': async () => {
    const ip = freshClientIp();
    const log = testEnv.THROTTLES.get(testEnv.THROTTLES.idFromName(`register-ip:${ip}`));
    for (let i = 0; i < 10; i++) await log.reserve({ tag: '', windowMs: 3_600_000, limits: { all: 10 } });
    return send('POST', '/api/auth/register', {
      json: { email: uniqueEmail('oas-many'), password: 'correct horse battery' },
      headers: { 'CF-Connecting-IP': ip },
    });
  },
  'register 500': () =>
    sendWithEnv(outage(), 'POST', '/api/auth/register', {
      json: { email: uniqueEmail('oas'), password: 'correct horse battery' },
    }),
  'register 502': () =>
    sendWithEnv(BROKEN_EMAIL, 'POST', '/api/auth/register', {
      json: { email: uniqueEmail('oas'), password: 'correct horse battery' },
    }),
  'register 503': () =>
    sendWithEnv(NO_EMAIL, 'POST', '/api/auth/register', {
      json: { email: uniqueEmail('oas'), password: 'correct horse battery' },
    }),
  'forgotPassword 200': async () => {
    const email = uniqueEmail('oas-forgot');
    await register(email);
    return send('POST', '/api/auth/forgot-password', { json: { email } });
  },
  'forgotPassword 400': () => send('POST', '/api/auth/forgot-password', { json: { email: 'not-an-email' } }),
  'forgotPassword 403': () =>
    send('POST', '/api/auth/forgot-password', {
      json: { email: uniqueEmail('oas') },
      headers: { Origin: 'https://evil.example' },
    }),
  'forgotPassword 413': () =>
    send('POST', '/api/auth/forgot-password', {
      body: big(16 * 1024),
      headers: { 'Content-Type': 'application/json' },
    }),
  'forgotPassword 415': () =>
    send('POST', '/api/auth/forgot-password', {
      body: JSON.stringify({ email: uniqueEmail('oas') }),
      headers: { 'Content-Type': 'text/plain' },
    }),
  'forgotPassword 429': async () => {
    const email = uniqueEmail('oas-forgot-many');
    for (let i = 0; i < 3; i++)
      await send('POST', '/api/auth/forgot-password', {
        json: { email },
        headers: { 'CF-Connecting-IP': freshClientIp() },
      });
    return send('POST', '/api/auth/forgot-password', {
      json: { email },
      headers: { 'CF-Connecting-IP': freshClientIp() },
    });
  },
  'forgotPassword 500': () =>
    sendWithEnv(outage(), 'POST', '/api/auth/forgot-password', { json: { email: uniqueEmail('oas') } }),
  'forgotPassword 503': () =>
    sendWithEnv(NO_EMAIL, 'POST', '/api/auth/forgot-password', { json: { email: uniqueEmail('oas') } }),
  'resetPassword 200': async () => {
    const email = uniqueEmail('oas-reset');
    await register(email);
    const token = await resetTokenFor(email);
    return send('POST', '/api/auth/reset-password', { json: { token, password: 'a brand new passphrase' } });
  },
  'resetPassword 400': () =>
    send('POST', '/api/auth/reset-password', { json: { token: 'A'.repeat(43), password: 'a brand new passphrase' } }),
  'resetPassword 403': () =>
    send('POST', '/api/auth/reset-password', {
      json: { token: 'A'.repeat(43), password: 'a brand new passphrase' },
      headers: { Origin: 'https://evil.example' },
    }),
  'resetPassword 413': () =>
    send('POST', '/api/auth/reset-password', {
      body: big(16 * 1024),
      headers: { 'Content-Type': 'application/json' },
    }),
  'resetPassword 415': () =>
    send('POST', '/api/auth/reset-password', {
      body: JSON.stringify({ token: 'A'.repeat(43), password: 'a brand new passphrase' }),
      headers: { 'Content-Type': 'text/plain' },
    }),
  'resetPassword 500': () =>
    sendWithEnv(outage(), 'POST', '/api/auth/reset-password', {
      json: { token: 'A'.repeat(43), password: 'a brand new passphrase' },
    }),
  'resetPassword 503': () =>
    sendWithEnv(NO_EMAIL, 'POST', '/api/auth/reset-password', {
      json: { token: 'A'.repeat(43), password: 'a brand new passphrase' },
    }),
  'changePassword 200': async () =>
    send('POST', '/api/auth/change-password', {
      json: { current_password: 'correct horse battery', new_password: 'a brand new passphrase' },
      headers: cookieJson(await unverifiedSession()),
    }),
  'changePassword 400': async () =>
    send('POST', '/api/auth/change-password', {
      json: { current_password: 'correct horse battery', new_password: 'short' },
      headers: cookieJson(await sharedSession()),
    }),
  'changePassword 401': () =>
    send('POST', '/api/auth/change-password', {
      json: { current_password: 'correct horse battery', new_password: 'a brand new passphrase' },
    }),
  'changePassword 403': async () =>
    send('POST', '/api/auth/change-password', {
      json: { current_password: 'correct horse battery', new_password: 'a brand new passphrase' },
      headers: bearer((await sharedAccount()).apiKey),
    }),
  'changePassword 413': async () =>
    send('POST', '/api/auth/change-password', {
      body: big(16 * 1024),
      headers: cookieJson(await sharedSession()),
    }),
  'changePassword 415': async () =>
    send('POST', '/api/auth/change-password', {
      body: JSON.stringify({ current_password: 'correct horse battery', new_password: 'a brand new passphrase' }),
      headers: { Cookie: await sharedSession(), 'Content-Type': 'text/plain' },
    }),
  'changePassword 429': async () => {
    const cookie = await unverifiedSession();
    const ip = freshClientIp();
    const json = { current_password: 'wrong password', new_password: 'a brand new passphrase' };
    for (let i = 0; i < 10; i++)
      await send('POST', '/api/auth/change-password', {
        json,
        headers: { ...cookieJson(cookie), 'CF-Connecting-IP': ip },
      });
    return send('POST', '/api/auth/change-password', {
      json,
      headers: { ...cookieJson(cookie), 'CF-Connecting-IP': ip },
    });
  },
  'changePassword 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/auth/change-password', {
      json: { current_password: 'correct horse battery', new_password: 'a brand new passphrase' },
      headers: cookieJson(await sharedSession()),
    }),
  'changePassword 503': async () =>
    sendWithEnv(NO_EMAIL, 'POST', '/api/auth/change-password', {
      json: { current_password: 'correct horse battery', new_password: 'a brand new passphrase' },
      headers: cookieJson(await unverifiedSession()),
    }),
  'changeEmail 200': async () =>
    send('POST', '/api/auth/change-email', {
      json: { new_email: uniqueEmail('oas-new'), password: 'correct horse battery' },
      headers: cookieJson(await unverifiedSession()),
    }),
  'changeEmail 400': async () =>
    send('POST', '/api/auth/change-email', {
      json: { new_email: 'not an address', password: 'correct horse battery' },
      headers: cookieJson(await sharedSession()),
    }),
  'changeEmail 401': async () =>
    send('POST', '/api/auth/change-email', {
      json: { new_email: uniqueEmail('oas-new'), password: 'not the password' },
      headers: cookieJson(await unverifiedSession()),
    }),
  'changeEmail 403': async () =>
    send('POST', '/api/auth/change-email', {
      json: { new_email: uniqueEmail('oas-new'), password: 'correct horse battery' },
      headers: bearer((await sharedAccount()).apiKey),
    }),
  'changeEmail 413': async () =>
    send('POST', '/api/auth/change-email', { body: big(16 * 1024), headers: cookieJson(await sharedSession()) }),
  'changeEmail 415': async () =>
    send('POST', '/api/auth/change-email', {
      body: JSON.stringify({ new_email: uniqueEmail('oas-new'), password: 'correct horse battery' }),
      headers: { Cookie: await sharedSession(), 'Content-Type': 'text/plain' },
    }),
  'changeEmail 429': async () => {
    const cookie = await unverifiedSession();
    const ip = freshClientIp();
    const json = { new_email: uniqueEmail('oas-new'), password: 'wrong password' };
    for (let i = 0; i < 10; i++)
      await send('POST', '/api/auth/change-email', {
        json,
        headers: { ...cookieJson(cookie), 'CF-Connecting-IP': ip },
      });
    return send('POST', '/api/auth/change-email', { json, headers: { ...cookieJson(cookie), 'CF-Connecting-IP': ip } });
  },
  'changeEmail 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/auth/change-email', {
      json: { new_email: uniqueEmail('oas-new'), password: 'correct horse battery' },
      headers: cookieJson(await sharedSession()),
    }),
  'changeEmail 502': async () =>
    sendWithEnv(BROKEN_EMAIL, 'POST', '/api/auth/change-email', {
      json: { new_email: uniqueEmail('oas-new'), password: 'correct horse battery' },
      headers: cookieJson(await unverifiedSession()),
    }),
  'changeEmail 503': async () =>
    sendWithEnv(NO_EMAIL, 'POST', '/api/auth/change-email', {
      json: { new_email: uniqueEmail('oas-new'), password: 'correct horse battery' },
      headers: cookieJson(await unverifiedSession()),
    }),
  'confirmEmailChange 200': async () => {
    const target = uniqueEmail('oas-new');
    await send('POST', '/api/auth/change-email', {
      json: { new_email: target, password: 'correct horse battery' },
      headers: cookieJson(await unverifiedSession()),
    });
    const link = new URL(await emailChangeLinkTo(target));
    return send('GET', link.pathname + link.search);
  },
  'confirmEmailChange 400': () => send('GET', '/api/auth/confirm-email-change?token=nope'),
  'confirmEmailChange 409': async () => {
    const target = uniqueEmail('oas-new');
    await send('POST', '/api/auth/change-email', {
      json: { new_email: target, password: 'correct horse battery' },
      headers: cookieJson(await unverifiedSession()),
    });
    const link = new URL(await emailChangeLinkTo(target));
    await register(target);
    return send('GET', link.pathname + link.search);
  },
  'confirmEmailChange 500': () =>
    sendWithEnv(outage(), 'GET', `/api/auth/confirm-email-change?token=${'A'.repeat(43)}`),
  'deleteAccount 200': async () =>
    send('DELETE', '/api/auth/account', {
      json: { password: 'correct horse battery' },
      headers: cookieJson(await unverifiedSession()),
    }),
  'deleteAccount 400': async () =>
    send('DELETE', '/api/auth/account', { json: { password: 1 }, headers: cookieJson(await sharedSession()) }),
  'deleteAccount 401': () => send('DELETE', '/api/auth/account', { json: { password: 'correct horse battery' } }),
  'deleteAccount 403': async () =>
    send('DELETE', '/api/auth/account', {
      json: { password: 'correct horse battery' },
      headers: bearer((await sharedAccount()).apiKey),
    }),
  'deleteAccount 413': async () =>
    send('DELETE', '/api/auth/account', { body: big(16 * 1024), headers: cookieJson(await sharedSession()) }),
  'deleteAccount 415': async () =>
    send('DELETE', '/api/auth/account', {
      body: JSON.stringify({ password: 'correct horse battery' }),
      headers: { Cookie: await sharedSession(), 'Content-Type': 'text/plain' },
    }),
  'deleteAccount 429': async () => {
    const cookie = await unverifiedSession();
    const ip = freshClientIp();
    const json = { password: 'wrong password' };
    for (let i = 0; i < 10; i++)
      await send('DELETE', '/api/auth/account', { json, headers: { ...cookieJson(cookie), 'CF-Connecting-IP': ip } });
    return send('DELETE', '/api/auth/account', { json, headers: { ...cookieJson(cookie), 'CF-Connecting-IP': ip } });
  },
  'deleteAccount 500': async () =>
    sendWithEnv(outage(), 'DELETE', '/api/auth/account', {
      json: { password: 'correct horse battery' },
      headers: cookieJson(await sharedSession()),
    }),
  'verifyEmail 200': async () => {
    const email = uniqueEmail('oas');
    await register(email);
    const mail = (await (await call(`/api/dev/emails?to=${encodeURIComponent(email)}`)).json()) as {
      emails: { links: string[] }[];
    };
    const link = new URL(mail.emails[0].links[0]);
    return send('GET', link.pathname + link.search);
  },
  'verifyEmail 400': () => send('GET', '/api/auth/verify-email?token=nope'),
  'verifyEmail 500': () => sendWithEnv(outage(), 'GET', `/api/auth/verify-email?token=${'A'.repeat(43)}`),
  'login 200': async () => {
    const email = uniqueEmail('oas');
    await register(email);
    return send('POST', '/api/auth/login', { json: { email, password: 'correct horse battery' } });
  },
  'login 400': () => send('POST', '/api/auth/login', { json: { email: 'a@example.com' } }),
  'login 401': () =>
    send('POST', '/api/auth/login', {
      json: { email: uniqueEmail('nobody'), password: 'wrong password' },
      headers: { 'CF-Connecting-IP': freshClientIp() },
    }),
  'login 403': () =>
    send('POST', '/api/auth/login', {
      json: { email: 'a@example.com', password: 'x' },
      headers: { Origin: 'https://evil.example' },
    }),
  'login 413': () => send('POST', '/api/auth/login', { body: big(16 * 1024) }),
  'login 429': async () => {
    const email = uniqueEmail('oas-locked');
    const ip = freshClientIp();
    for (let i = 0; i < 10; i++)
      await send('POST', '/api/auth/login', {
        json: { email, password: 'wrong password' },
        headers: { 'CF-Connecting-IP': ip },
      });
    return send('POST', '/api/auth/login', {
      json: { email, password: 'wrong password' },
      headers: { 'CF-Connecting-IP': ip },
    });
  },
  'login 500': () =>
    sendWithEnv(outage(), 'POST', '/api/auth/login', { json: { email: 'a@example.com', password: 'x' } }),
  // A session of its own (of the shared account): the others' cookie stays logged in.
  'logout 200': async () =>
    send('POST', '/api/auth/logout', { headers: cookieJson(await login((await sharedAccount()).email)) }),
  'logout 401': () => send('POST', '/api/auth/logout'),
  'logout 403': async () =>
    send('POST', '/api/auth/logout', {
      headers: { Cookie: (await sharedAccount()).cookie, Origin: 'https://evil.example' },
    }),
  'logout 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/auth/logout', { headers: cookieJson((await sharedAccount()).cookie) }),
  'getCurrentUser 200': async () => send('GET', '/api/auth/me', { headers: bearer((await sharedAccount()).apiKey) }),
  'getCurrentUser 401': () => send('GET', '/api/auth/me'),
  'getCurrentUser 500': async () =>
    sendWithEnv(outage(), 'GET', '/api/auth/me', { headers: bearer((await sharedAccount()).apiKey) }),
  'generateApiKey 200': async () =>
    send('POST', '/api/auth/generate-api-key', { headers: cookieJson((await accountWithKey()).cookie) }),
  'generateApiKey 401': () => send('POST', '/api/auth/generate-api-key'),
  'generateApiKey 403': async () =>
    send('POST', '/api/auth/generate-api-key', { headers: cookieJson(await sharedSession()) }),
  'generateApiKey 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/auth/generate-api-key', {
      headers: cookieJson((await sharedAccount()).cookie),
    }),
  'listApiKeys 200': async () => send('GET', '/api/keys', { headers: bearer((await sharedAccount()).apiKey) }),
  'listApiKeys 401': () => send('GET', '/api/keys'),
  'listApiKeys 403': async () => send('GET', '/api/keys', { headers: { Cookie: await sharedSession() } }),
  'listApiKeys 500': async () =>
    sendWithEnv(outage(), 'GET', '/api/keys', { headers: bearer((await sharedAccount()).apiKey) }),
  'createApiKey 201': async () =>
    send('POST', '/api/keys', { json: NEW_KEY, headers: cookieJson((await sharedAccount()).cookie) }),
  'createApiKey 400': async () =>
    send('POST', '/api/keys', { json: { name: '' }, headers: cookieJson((await sharedAccount()).cookie) }),
  'createApiKey 401': () => send('POST', '/api/keys', { json: NEW_KEY }),
  'createApiKey 403': async () =>
    send('POST', '/api/keys', { json: NEW_KEY, headers: bearer((await sharedAccount()).apiKey) }),
  'createApiKey 413': async () =>
    send('POST', '/api/keys', { body: big(4 * 1024), headers: cookieJson((await sharedAccount()).cookie) }),
  'createApiKey 500': async () =>
    sendWithEnv(outage(), 'POST', '/api/keys', { json: NEW_KEY, headers: cookieJson((await sharedAccount()).cookie) }),
  'deleteApiKey 200': async () => {
    const { cookie } = await sharedAccount();
    const made = await send('POST', '/api/keys', { json: NEW_KEY, headers: cookieJson(cookie) });
    const { key } = (await made.res.json()) as { key: { id: string } };
    return send('DELETE', `/api/keys/${key.id}`, { headers: cookieJson(cookie) });
  },
  'deleteApiKey 401': () => send('DELETE', `/api/keys/${MISSING_KEY_ID}`),
  'deleteApiKey 403': async () =>
    send('DELETE', `/api/keys/${MISSING_KEY_ID}`, { headers: bearer((await sharedAccount()).apiKey) }),
  'deleteApiKey 404': async () =>
    send('DELETE', `/api/keys/${MISSING_KEY_ID}`, { headers: cookieJson((await sharedAccount()).cookie) }),
  'deleteApiKey 500': async () =>
    sendWithEnv(outage(), 'DELETE', `/api/keys/${MISSING_KEY_ID}`, {
      headers: cookieJson((await sharedAccount()).cookie),
    }),
  'resendVerification 200': async () =>
    send('POST', '/api/auth/resend-verification', { headers: cookieJson(await unverifiedSession()) }),
  'resendVerification 401': () => send('POST', '/api/auth/resend-verification'),
  'resendVerification 403': async () =>
    send('POST', '/api/auth/resend-verification', {
      headers: { Cookie: await sharedSession(), Origin: 'https://evil.example' },
    }),
  'resendVerification 429': async () => {
    const cookie = await unverifiedSession();
    for (let i = 0; i < 4; i++) await send('POST', '/api/auth/resend-verification', { headers: cookieJson(cookie) });
    return send('POST', '/api/auth/resend-verification', { headers: cookieJson(cookie) });
  },
  'resendVerification 500': async () => {
    const cookie = await sharedSession();
    return sendWithEnv(outage(), 'POST', '/api/auth/resend-verification', { headers: cookieJson(cookie) });
  },
  'resendVerification 502': async () =>
    sendWithEnv(BROKEN_EMAIL, 'POST', '/api/auth/resend-verification', {
      headers: cookieJson(await unverifiedSession()),
    }),
  'resendVerification 503': async () =>
    sendWithEnv(NO_EMAIL, 'POST', '/api/auth/resend-verification', { headers: cookieJson(await unverifiedSession()) }),

  'listDevEmails 200': () => send('GET', '/api/dev/emails?to=nobody%40example.com'),
  'listDevEmails 404': () => sendWithEnv({ DEV_MODE: 'false' }, 'GET', '/api/dev/emails'),
  'listDevEmails 500': () => sendWithEnv(outage(), 'GET', '/api/dev/emails'),
  'getHealth 200': () => send('GET', '/api/health'),
  'getOpenApi 200': () => send('GET', '/openapi.json'),
};

/** 405 for every operation: a method its path does not answer. */
for (const op of ALL_OPERATIONS) {
  const other = ['PUT', 'PATCH', 'POST', 'DELETE'].find(
    (m) => !ALL_OPERATIONS.some((o) => o.path === op.path && o.method === m),
  )!;
  const concrete = op.path.replace(/\{\w+\}/g, 'x');
  CASES[`${op.operationId} 405`] = () => send(other, concrete);
}

/**
 * Issue 21: the routes that take no fields refuse one by name (400) and a body past their limit (413),
 * each past its own auth check: `{"mode":"test"}` must not rotate a key.
 */
const FIELDLESS: Record<string, () => Promise<{ path: string; headers: Record<string, string> }>> = {
  logout: async () => ({ path: '/api/auth/logout', headers: cookieJson((await sharedAccount()).cookie) }),
  generateApiKey: async () => ({
    path: '/api/auth/generate-api-key',
    headers: cookieJson((await sharedAccount()).cookie),
  }),
  resendVerification: async () => ({
    path: '/api/auth/resend-verification',
    headers: cookieJson(await sharedSession()),
  }),
  testWebhook: async () => {
    const { apiKey } = await sharedHookAccount();
    return { path: `/api/webhooks/${await sharedWebhook()}/test`, headers: bearer(apiKey) };
  },
  redeliverWebhookDelivery: async () => {
    const { apiKey } = await sharedHookAccount();
    const { hookId, deliveryId } = await sharedDelivery();
    return { path: `/api/webhooks/${hookId}/deliveries/${deliveryId}/redeliver`, headers: bearer(apiKey) };
  },
};
for (const [operationId, target] of Object.entries(FIELDLESS)) {
  CASES[`${operationId} 400`] = async () => {
    const { path, headers } = await target();
    return send('POST', path, { json: { mode: 'test' }, headers });
  };
  CASES[`${operationId} 413`] = async () => {
    const { path, headers } = await target();
    return send('POST', path, { body: big(2048), headers: { ...headers, 'Content-Type': 'application/json' } });
  };
}

/** Issue 10.8: a cookie-authenticated write (an unverified session is enough) without a JSON content type is 415. */
// The legacy interface reads no cookie (D11): without its key it is 401, so it has no 415.
for (const op of ALL_OPERATIONS.filter((o) => !['public', 'legacy_key'].includes(o.auth) && o.method !== 'GET')) {
  const concrete = op.path.replace(/\{\w+\}/g, 'x');
  CASES[`${op.operationId} 415`] = async () =>
    send(op.method, concrete, {
      body: 'a=1',
      headers: { Cookie: await sharedSession(), 'Content-Type': 'application/x-www-form-urlencoded' },
    });
}

/** Issue 10.9: every operation refuses an API key in the query string (the 400 of those with no other). */
for (const op of ALL_OPERATIONS) {
  const concrete = op.path.replace(/\{\w+\}/g, 'x');
  CASES[`${op.operationId} 400`] ??= () => send(op.method, `${concrete}?api_key=inv_sk_leaked`);
}
