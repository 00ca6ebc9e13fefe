// Issue 10.8: cross-site requests. A cookie-authenticated write must be JSON (415 otherwise), so a
// plain HTML form can never reach the API; login refuses a foreign Origin like the cookie routes.
import { describe, expect, it } from 'vitest';
import { call, cookieFrom, register, uniqueEmail, verifiedAccountWithKey } from './accounts-fixtures.ts';

type ErrorBody = { success: false; error: { code: string; message: string } };
const INVOICE = {
  from: { name: 'Acme' },
  to: { name: 'Client' },
  items: [{ description: 'Work', quantity: 1, unit_price: 5 }],
};
const codeOf = async (res: Response) => ((await res.json()) as ErrorBody).error.code;

describe('cookie-authenticated writes need Content-Type: application/json', () => {
  it.each([
    ['no Content-Type', {}],
    ['text/plain', { 'Content-Type': 'text/plain' }],
    ['a form encoding', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['multipart', { 'Content-Type': 'multipart/form-data; boundary=x' }],
  ])('POST /api/auth/generate-api-key with %s is 415 unsupported_media_type', async (_name, headers) => {
    const { cookie } = await verifiedAccountWithKey('cw');
    const res = await call('/api/auth/generate-api-key', { method: 'POST', headers: { Cookie: cookie, ...headers } });
    expect(res.status).toBe(415);
    expect(await codeOf(res)).toBe('unsupported_media_type');
  });

  it('a JSON content type (with parameters, any case) passes, even without a body', async () => {
    const { cookie } = await verifiedAccountWithKey('cw');
    const res = await call('/api/auth/generate-api-key', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'Application/JSON; charset=utf-8' },
    });
    expect(res.status).toBe(200);
  });

  it('a form-shaped generate with the cookie is refused before anything is counted or produced', async () => {
    const { cookie } = await verifiedAccountWithKey('cw');
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      body: JSON.stringify(INVOICE),
      headers: { Cookie: cookie, 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.headers.get('X-RateLimit-Remaining-Hourly')).toBeNull();
  });

  it('DELETE with the cookie and no content type is 415; GET needs none', async () => {
    const { cookie } = await verifiedAccountWithKey('cw');
    expect((await call('/api/webhooks/wh_x', { method: 'DELETE', headers: { Cookie: cookie } })).status).toBe(415);
    expect((await call('/api/auth/me', { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await call('/api/webhooks', { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it('a foreign Origin is still 403 forbidden_origin, checked first', async () => {
    const { cookie } = await verifiedAccountWithKey('cw');
    const res = await call('/api/auth/generate-api-key', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://evil.example', 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe('forbidden_origin');
  });

  it('API-key calls keep accepting a missing content type', async () => {
    const { apiKey } = await verifiedAccountWithKey('cw');
    const auth = { Authorization: `Bearer ${apiKey}` };
    const gen = await call('/api/generate-invoice', { method: 'POST', body: JSON.stringify(INVOICE), headers: auth });
    expect(gen.status).toBe(200);
    const rotated = await call('/api/auth/generate-api-key', { method: 'POST', headers: auth });
    expect(rotated.status).toBe(200);
  });
});

describe('login refuses a foreign Origin (login CSRF)', () => {
  const password = 'correct horse battery';

  it.each([
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
  ])('%s is 403 forbidden_origin and sets no cookie', async (_name, headers) => {
    const email = uniqueEmail('cw-login');
    await register(email);
    const res = await call('/api/auth/login', { method: 'POST', json: { email, password }, headers });
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe('forbidden_origin');
    expect(res.headers.get('Set-Cookie')).toBeNull();
  });

  it('the own Origin, same-origin fetch metadata and no Origin at all (curl) log in', async () => {
    const email = uniqueEmail('cw-login');
    await register(email);
    for (const headers of [
      { Origin: 'http://localhost:8787' },
      { 'Sec-Fetch-Site': 'same-origin' },
      {} as Record<string, string>,
    ]) {
      const res = await call('/api/auth/login', { method: 'POST', json: { email, password }, headers });
      expect(res.status).toBe(200);
      expect(cookieFrom(res)).toMatch(/^inv_session=/);
    }
  });
});
