// Issue 10.9: an API key in the query string is refused with 400 on every path, never ignored.
import { describe, expect, it } from 'vitest';
import { BASE, call, verifiedAccountWithKey, workerFetch } from './accounts-fixtures.ts';

type ErrorBody = { success: false; error: { code: string; message: string } };
const INVOICE = {
  from: { name: 'Acme' },
  to: { name: 'Client' },
  items: [{ description: 'Work', quantity: 1, unit_price: 5 }],
};

async function refusal(res: Response): Promise<ErrorBody['error']> {
  expect(res.status).toBe(400);
  return ((await res.json()) as ErrorBody).error;
}

describe('API keys in the query string', () => {
  it('?api_key=<live key> on generate is 400 naming the parameter, advising the header and rotation', async () => {
    const { apiKey } = await verifiedAccountWithKey('qs');
    const res = await call(`/api/generate-invoice?api_key=${apiKey}`, { method: 'POST', json: INVOICE });
    const error = await refusal(res);
    expect(error.code).toBe('validation_error');
    expect(error.message).toMatch(/^api_key: /);
    expect(error.message).toContain('Authorization header');
    expect(error.message).toMatch(/logs/);
    expect(error.message).toMatch(/rotate the key/);
    expect(error.message).not.toContain(apiKey);
    expect(error.message).not.toContain('inv_sk_');
  });

  it.each([
    ['apiKey', 'whatever'],
    ['API_KEY', 'x'],
    ['api-key', 'x'],
    ['access_token', 'x'],
    ['key', 'inv_sk_0123456789'],
    ['token', 'inv_sk_0123456789'],
  ])('?%s=… is refused on any route (GET /api/auth/me)', async (name, value) => {
    const error = await refusal(await call(`/api/auth/me?${name}=${value}`));
    expect(error.code).toBe('validation_error');
    expect(error.message.startsWith(`${name}: `)).toBe(true);
    expect(error.message).not.toContain(value === 'x' ? 'x=' : value);
  });

  it('public routes and unknown paths refuse it too, before routing', async () => {
    await refusal(await call('/api/health?api_key=inv_sk_abc'));
    await refusal(await workerFetch(`${BASE}/api/nothing-here?apiKey=inv_sk_abc`));
  });

  it('ordinary parameters named key or token pass when their value is no API key', async () => {
    expect((await call('/api/health?key=abc&token=def')).status).toBe(200);
    expect((await call('/api/auth/verify-email?token=nope')).status).toBe(400);
    const body = (await (await call('/api/auth/verify-email?token=nope')).json()) as ErrorBody;
    expect(body.error.code).toBe('invalid_token');
  });
});
