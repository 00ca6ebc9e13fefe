// Decision F3 over every declared operation (ALL_OPERATIONS), with the requests of the OpenAPI conformance
// cases: a success and an error answer of each route that reads a credential carry `Cache-Control:
// no-store`; public routes keep the policy they chose, else no-store too. And /mcp, which is no operation.
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../workers/http/operation.ts';
import { ALL_OPERATIONS } from '../../workers/openapi/all-operations.ts';
import { call, verifiedAccountWithKey } from './accounts-fixtures.ts';
import { CASES } from './openapi-conformance-cases.ts';
import { send } from './openapi-conformance-requests.ts';

/** Public operations whose handler chooses its own policy. */
const OWN_POLICY: Record<string, string> = { getOpenApi: 'public, max-age=300', getHostedInvoice: 'private, no-store' };

const noStore = (value: string | null) => (value ?? '').split(',').some((d) => d.trim() === 'no-store');

/** The operation's 401 when it has one (the credential refused), else its first other error case. */
function errorCase(op: Operation) {
  const statuses = Object.keys(CASES)
    .filter((name) => name.startsWith(`${op.operationId} `))
    .map((name) => Number(name.split(' ')[1]))
    .filter((s) => s >= 400);
  const status = statuses.includes(401) ? 401 : statuses.sort()[0];
  // Routes with no error case of their own: a method the path lacks (405, answered by the app).
  return status
    ? { status, run: CASES[`${op.operationId} ${status}`] }
    : { status: 405, run: () => send('PUT', op.path) };
}

describe('F3: private answers are never cached', () => {
  for (const op of ALL_OPERATIONS) {
    it(`F3: ${op.operationId} (auth ${op.auth}): its success and an error answer are never stored`, async () => {
      const success = await CASES[`${op.operationId} ${op.success.status}`]();
      expect(success.res.status).toBe(op.success.status);
      const chosen = success.res.headers.get('Cache-Control');
      if (op.auth !== 'public') expect(noStore(chosen), `${op.operationId}: ${chosen}`).toBe(true);
      else expect(chosen).toBe(OWN_POLICY[op.operationId] ?? 'no-store');

      const error = errorCase(op);
      const failed = await error.run();
      expect(failed.res.status).toBe(error.status);
      expect(failed.res.headers.get('Cache-Control')).toBe('no-store');
    });
  }

  it('F3: /mcp answers depend on the API key: no-store on a tool list and on the 401', async () => {
    const { apiKey } = await verifiedAccountWithKey('mcp-cache');
    const rpc = (headers: Record<string, string>) =>
      call('/mcp', {
        method: 'POST',
        json: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        headers: { Accept: 'application/json, text/event-stream', ...headers },
      });
    const listed = await rpc({ Authorization: `Bearer ${apiKey}` });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('Cache-Control')).toBe('no-store');
    const refused = await rpc({});
    expect(refused.status).toBe(401);
    expect(refused.headers.get('Cache-Control')).toBe('no-store');
  });

  it('F3: an error no route answered (unknown path) is not stored either', async () => {
    const res = await call('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });
});
