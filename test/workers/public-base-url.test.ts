// Issue 10.7: absolute links come from PUBLIC_BASE_URL, never from the Host header; outside development
// a missing PUBLIC_BASE_URL is 503 not_provisioned wherever a link would be built.
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../workers/app.ts';
import type { Env } from '../../workers/env.ts';
import { publicBaseUrl } from '../../workers/http/public-base-url.ts';
import {
  call,
  latestEmail,
  login,
  register,
  testEnv,
  uniqueEmail,
  verifiedAccountWithKey,
} from './accounts-fixtures.ts';

type Json = Record<string, any>;
const PUBLIC = 'https://invoices.example.com';
const INVOICE = {
  from: { name: 'Acme' },
  to: { name: 'Client' },
  items: [{ description: 'Work', quantity: 1, unit_price: 5 }],
};
// A provider that is configured but never reached by these requests (they stop before sending).
const PROVIDER = { EMAIL_API_URL: 'http://127.0.0.1:9/emails', EMAIL_API_KEY: 'k', EMAIL_FROM: 'a@example.com' };
const PRODUCTION = { DEV_MODE: 'false', PUBLIC_BASE_URL: PUBLIC, ...PROVIDER };
const UNPROVISIONED = { DEV_MODE: 'false', PUBLIC_BASE_URL: undefined, ...PROVIDER };

/** A request to the real app on a forged host (`Host: evil.example`) with some vars replaced. */
async function forged(
  overrides: Partial<Record<keyof Env, unknown>>,
  method: string,
  path: string,
  init: RequestInit & { json?: unknown } = {},
) {
  const headers = new Headers(init.headers);
  headers.set('Host', 'evil.example');
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  const request = new Request(`http://evil.example${path}`, { ...init, method, headers, body });
  return createApp().fetch(request, { ...testEnv, ...overrides } as Env, createExecutionContext());
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

describe('publicBaseUrl', () => {
  it('uses the configured origin whatever the request, trimming a trailing slash', () => {
    expect(publicBaseUrl({ DEV_MODE: 'false', PUBLIC_BASE_URL: `${PUBLIC}/` }, 'http://evil.example/x')).toBe(PUBLIC);
    expect(publicBaseUrl({ DEV_MODE: 'true', PUBLIC_BASE_URL: PUBLIC }, 'http://evil.example/x')).toBe(PUBLIC);
  });

  it('falls back to the request origin only in development', () => {
    expect(publicBaseUrl({ DEV_MODE: 'true', PUBLIC_BASE_URL: '' }, 'http://localhost:8787/api/x')).toBe(
      'http://localhost:8787',
    );
    expect(() => publicBaseUrl({ DEV_MODE: 'false', PUBLIC_BASE_URL: '' }, 'http://evil.example/x')).toThrow(
      /PUBLIC_BASE_URL is not configured/,
    );
  });

  it.each([
    'invoices.example.com',
    'ftp://invoices.example.com',
    `${PUBLIC}/app`,
    `${PUBLIC}/?x=1`,
    'https://u:p@x.example',
  ])('refuses %j as a misconfiguration (503)', (value) => {
    expect(() => publicBaseUrl({ DEV_MODE: 'false', PUBLIC_BASE_URL: value }, 'http://x/')).toThrow(/PUBLIC_BASE_URL/);
  });
});

describe('links on a forged Host', () => {
  it('hosted_url is on PUBLIC_BASE_URL, not on the Host of the request', async () => {
    const { apiKey } = await verifiedAccountWithKey('pbu');
    const res = await forged(PRODUCTION, 'POST', '/api/generate-invoice', {
      json: INVOICE,
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(res.status).toBe(200);
    const { invoice } = (await res.json()) as Json;
    expect(invoice.hosted_url).toMatch(/^https:\/\/invoices\.example\.com\/api\/i\/[A-Za-z0-9_-]+\?t=/);
  });

  it('batch hosted links are on PUBLIC_BASE_URL too', async () => {
    const { apiKey } = await verifiedAccountWithKey('pbu');
    const res = await forged(PRODUCTION, 'POST', '/api/batch', {
      json: { invoices: [INVOICE] },
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as Json;
    expect(results[0].invoice.hosted_url.startsWith(`${PUBLIC}/api/i/`)).toBe(true);
  });

  it('the verification link of register and resend is on PUBLIC_BASE_URL (dev mail sink reads it)', async () => {
    const email = uniqueEmail('pbu');
    const reg = await forged({ DEV_MODE: 'true', PUBLIC_BASE_URL: PUBLIC }, 'POST', '/api/auth/register', {
      json: { email, password: 'correct horse battery' },
    });
    expect(reg.status).toBe(201);
    expect((await latestEmail(email)).links[0].startsWith(`${PUBLIC}/api/auth/verify-email?token=`)).toBe(true);
    const cookie = await login(email);
    const resend = await forged(
      { DEV_MODE: 'true', PUBLIC_BASE_URL: PUBLIC },
      'POST',
      '/api/auth/resend-verification',
      {
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      },
    );
    expect(resend.status).toBe(200);
    const mail = await latestEmail(email);
    expect(mail.links[0].startsWith(`${PUBLIC}/api/auth/verify-email?token=`)).toBe(true);
    expect(mail.text).not.toContain('evil.example');
  });
});

describe('without PUBLIC_BASE_URL outside development', () => {
  it('a hosted link is 503 not_provisioned; a generate without one still works', async () => {
    const { apiKey } = await verifiedAccountWithKey('pbu');
    const auth = { Authorization: `Bearer ${apiKey}` };
    const res = await forged(UNPROVISIONED, 'POST', '/api/generate-invoice', { json: INVOICE, headers: auth });
    expect(res.status).toBe(503);
    const error = await errorOf(res);
    expect(error.code).toBe('not_provisioned');
    expect(error.message).toContain('PUBLIC_BASE_URL');
    const plain = await forged(UNPROVISIONED, 'POST', '/api/generate-invoice', {
      json: { ...INVOICE, features: { hosted_link: false } },
      headers: auth,
    });
    expect(plain.status).toBe(200);
  });

  it('in a batch, an item that needs a hosted link fails with not_provisioned itself; the others are generated', async () => {
    const { apiKey } = await verifiedAccountWithKey('pbu');
    const res = await forged(UNPROVISIONED, 'POST', '/api/batch', {
      json: { invoices: [INVOICE, { ...INVOICE, features: { hosted_link: false } }] },
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as Json;
    expect(results[0]).toMatchObject({ success: false, error: { code: 'not_provisioned' } });
    expect(results[0].error.message).toContain('PUBLIC_BASE_URL');
    expect(results[1].success).toBe(true);
  });

  it('register is 503 not_provisioned before anything is written (registering later works)', async () => {
    const email = uniqueEmail('pbu');
    const res = await forged(UNPROVISIONED, 'POST', '/api/auth/register', {
      json: { email, password: 'correct horse battery' },
    });
    expect(res.status).toBe(503);
    expect((await errorOf(res)).message).toContain('PUBLIC_BASE_URL');
    await register(email);
  });

  it('resend-verification is 503 not_provisioned', async () => {
    const email = uniqueEmail('pbu');
    await register(email);
    const cookie = await login(email);
    const res = await forged(UNPROVISIONED, 'POST', '/api/auth/resend-verification', {
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(503);
    expect((await errorOf(res)).code).toBe('not_provisioned');
  });

  it('in development the request origin is used (local dev needs nothing)', async () => {
    const { apiKey } = await verifiedAccountWithKey('pbu');
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: INVOICE,
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(((await res.json()) as Json).invoice.hosted_url.startsWith('http://localhost:8787/api/i/')).toBe(true);
  });
});
