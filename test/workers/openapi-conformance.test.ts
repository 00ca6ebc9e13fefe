import { describe, expect, it } from 'vitest';
import { createApp } from '../../workers/app.ts';
import { honoPath } from '../../workers/http/operation.ts';
import { ALL_OPERATIONS } from '../../workers/openapi/all-operations.ts';
import { BASE, call, workerFetch } from './accounts-fixtures.ts';
import { CASES } from './openapi-conformance-cases.ts';
import { assertDocumented, DOCUMENT, documentedPath } from './openapi-conformance-check.ts';

const documentedCases = ALL_OPERATIONS.flatMap((op) =>
  Object.keys(DOCUMENT.paths[op.path][op.method.toLowerCase()].responses).map((s) => `${op.operationId} ${s}`),
);

describe('/openapi.json conformance', () => {
  it('every API route the app serves is an operation of the document, and every operation a route', () => {
    // The HTML pages of workers/web (/, /login, /app, …) are no API operations: only /api/* and /openapi.json are.
    const served = createApp()
      .routes.filter((r) => r.method !== 'ALL' && (r.path.startsWith('/api/') || r.path === '/openapi.json'))
      .map((r) => `${r.method} ${r.path}`);
    const documented = ALL_OPERATIONS.map((op) => `${op.method} ${honoPath(op.path)}`);
    expect(new Set(served)).toEqual(new Set(documented));
    for (const op of ALL_OPERATIONS)
      expect(DOCUMENT.paths[op.path]?.[op.method.toLowerCase()]?.operationId, op.operationId).toBe(op.operationId);
  });

  it('every documented status of every operation has a case here, and no case is undocumented', () => {
    expect(Object.keys(CASES).sort()).toEqual([...documentedCases].sort());
  });

  it('issue 10.14: a known path with another method is 405 with Allow, never 404 (POST /api/auth/me)', async () => {
    const res = await call('/api/auth/me', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
  });

  it('an unknown path is no operation (404 not_found from the app, not from a route)', async () => {
    expect(documentedPath('/api/nothing-here')).toBeUndefined();
    const res = await workerFetch(`${BASE}/api/nothing-here`);
    expect(res.status).toBe(404);
  });

  it('the check can fail: an undocumented property, status, content type or missing required header is refused', async () => {
    const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
    const health = `${BASE}/api/health`;
    await expect(assertDocumented('GET', health, json({ status: 'ok', version: '1' }))).resolves.toMatchObject({
      operationId: 'getHealth',
    });
    await expect(assertDocumented('GET', health, json({ status: 'ok', version: '1', extra: true }))).rejects.toThrow(
      /does not match/,
    );
    await expect(assertDocumented('GET', health, json({ status: 'ok', version: 1 }))).rejects.toThrow(/does not match/);
    await expect(assertDocumented('GET', health, json({ status: 'ok', version: '1' }, 418))).rejects.toThrow(
      /not documented/,
    );
    await expect(
      assertDocumented('GET', health, new Response('ok', { headers: { 'Content-Type': 'text/plain' } })),
    ).rejects.toThrow(/Content-Type/);
    const refusal = { success: false, error: { code: 'rate_limit_hourly', message: 'full', details: [] } };
    await expect(assertDocumented('POST', `${BASE}/api/generate-invoice`, json(refusal, 429))).rejects.toThrow(
      /required header/,
    );
    // Issue 21: details are part of every error body, and each names a rule of the closed table.
    const withDetails = (details: unknown) => ({
      success: false,
      error: { code: 'auth_required', message: 'x', details },
    });
    await expect(assertDocumented('GET', `${BASE}/api/webhooks`, json(withDetails([]), 401))).resolves.toMatchObject({
      status: 401,
    });
    await expect(
      assertDocumented(
        'GET',
        `${BASE}/api/webhooks`,
        json({ success: false, error: { code: 'auth_required', message: 'x' } }, 401),
      ),
    ).rejects.toThrow(/does not match/);
    await expect(
      assertDocumented(
        'GET',
        `${BASE}/api/webhooks`,
        json(withDetails([{ path: 'a', rule: 'no_such_rule', message: 'm' }]), 401),
      ),
    ).rejects.toThrow(/does not match/);
    // A code the operation does not list for that status.
    await expect(
      assertDocumented(
        'GET',
        `${BASE}/api/webhooks`,
        json({ success: false, error: { code: 'email_taken', message: 'x', details: [] } }, 401),
      ),
    ).rejects.toThrow(/does not match/);
  });

  for (const name of documentedCases) {
    it(`${name}: the live answer has that status and matches the documented response`, async () => {
      const { method, url, res } = await CASES[name]();
      const [operationId, status] = name.split(' ');
      expect(res.status, await res.clone().text()).toBe(Number(status));
      const documented = await assertDocumented(method, url, res);
      // 405 is answered for a method the path lacks: documented on each operation of the path.
      expect(documented).toEqual({
        operationId: res.status === 405 ? undefined : operationId,
        path: ALL_OPERATIONS.find((o) => o.operationId === operationId)!.path,
        status: Number(status),
      });
      if (res.status >= 400) {
        const body = (await res.json()) as { error: { message: string } | string };
        // The legacy body carries the message as `error` itself (D11).
        const message = typeof body.error === 'string' ? body.error : body.error.message;
        // Never internals: no stack, no binding names, no test-made failure text.
        expect(message).not.toMatch(/storage unavailable|TypeError|at .*\.ts/);
      }
    });
  }
});
