// /mcp inside workerd (issue 14): the key check and its challenge, the method rule, and tool errors
// that stay tool results (isError) instead of JSON-RPC errors, with the service's code and field.
import { describe, expect, it } from 'vitest';
import { bearerChallenge } from '../../workers/mcp/mcp-auth.ts';
import { MCP_TOOLS } from '../../workers/mcp/mcp-tools.ts';
import { call, verifiedAccountWithKey } from './accounts-fixtures.ts';

type Json = Record<string, any>;

const rpc = (body: unknown, headers: Record<string, string> = {}) =>
  call('/mcp', {
    method: 'POST',
    json: body,
    headers: { Accept: 'application/json, text/event-stream', ...headers },
  });

const toolCall = (apiKey: string, name: string, args: unknown) =>
  rpc(
    { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } },
    { Authorization: `Bearer ${apiKey}` },
  );

const invoice = { from: { name: 'Acme' }, to: { name: 'Client' }, items: [{ description: 'Work', unit_price: 10 }] };

describe('/mcp authentication (M4)', () => {
  it('no Authorization: 401 auth_required with the Bearer challenge', async () => {
    const res = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toBe(bearerChallenge());
    expect(((await res.json()) as Json).error.code).toBe('auth_required');
  });

  it('a key that was rotated away: 401 invalid_api_key, challenge with error="invalid_token"', async () => {
    const { apiKey, cookie } = await verifiedAccountWithKey('mcp-rotate');
    expect((await toolCall(apiKey, 'get_usage', {})).status).toBe(200);
    await call('/api/auth/generate-api-key', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    });
    const res = await toolCall(apiKey, 'get_usage', {});
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toBe(bearerChallenge('invalid_token'));
    expect(((await res.json()) as Json).error.code).toBe('invalid_api_key');
  });

  it('D5, M6: a body over the batch limit (25 MB) is 413 before anything runs or counts', async () => {
    const { apiKey } = await verifiedAccountWithKey('mcp-big');
    const pad = 'x'.repeat(25 * 1024 * 1024);
    const res = await toolCall(apiKey, 'calculate_invoice', { ...invoice, notes: pad });
    expect(res.status).toBe(413);
    const usage = (await (await toolCall(apiKey, 'get_usage', {})).json()) as Json;
    expect(usage.result.structuredContent.hourly.used).toBe(0);
  });

  it('stateless: GET and DELETE are 405 with Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await call('/mcp', { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe('POST');
    }
  });
});

/** Issue 21: an unknown argument for every tool of MCP_TOOLS (a tool missing here fails the check below). */
const UNKNOWN_ARGUMENTS: [string, Json, string, string | undefined][] = [
  [
    'create_invoice',
    { ...invoice, items: [{ description: 'x', quantity: 1, price: 5 }] },
    'items[0].price',
    'unit_price',
  ],
  ['calculate_invoice', { ...invoice, sendEmail: true }, 'sendEmail', undefined],
  ['create_invoice_batch', { invoices: [invoice], dryRun: true }, 'dryRun', undefined],
  ['get_usage', { verbose: true }, 'verbose', undefined],
  ['list_options', { fields: ['currency'] }, 'fields', undefined],
  ['list_documents', { query: 'INV' }, 'query', undefined],
  ['validate_invoice', { ...invoice, einvoice_profil: 'xrechnung' }, 'einvoice_profil', 'einvoice_profile'],
];

describe('/mcp tool errors are tool results, not protocol errors', () => {
  let unknownArgumentsAccount: ReturnType<typeof verifiedAccountWithKey> | undefined;

  it('D4: an invoice without `to` is isError with validation_error and field "to"', async () => {
    const { apiKey } = await verifiedAccountWithKey('mcp-invalid');
    const res = await toolCall(apiKey, 'create_invoice', { ...invoice, to: undefined });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.error).toBeUndefined();
    expect(body.result.isError).toBe(true);
    expect(JSON.parse(body.result.content[1].text).error).toEqual({
      code: 'validation_error',
      status: 400,
      field: 'to',
      message: 'to: is required',
      details: [{ path: 'to', rule: 'required', message: 'is required' }],
    });
  });

  it('issue 21: the unknown-argument cases below name every tool of MCP_TOOLS', () => {
    expect(UNKNOWN_ARGUMENTS.map(([tool]) => tool).sort()).toEqual(MCP_TOOLS.map((t) => t.name).sort());
  });

  it.each(UNKNOWN_ARGUMENTS)(
    'issue 21: %s refuses an unknown argument as a tool error naming it',
    async (tool, args, path, meant) => {
      // One account for the table: each call is refused before the tool acts on it.
      unknownArgumentsAccount ??= verifiedAccountWithKey('mcp-unknown');
      const { apiKey } = await unknownArgumentsAccount;
      const body = (await (await toolCall(apiKey, tool, args)).json()) as Json;
      expect(body.result.isError).toBe(true);
      const message = `unknown field${meant ? ` (did you mean ${meant}?)` : ''}`;
      expect(JSON.parse(body.result.content[1].text).error).toMatchObject({
        code: 'validation_error',
        field: path,
        details: [{ path, rule: 'unknown_field', message }],
      });
    },
  );

  it('arguments of the wrong shape for the tool still reach the service: invoices must be an array', async () => {
    const { apiKey } = await verifiedAccountWithKey('mcp-shape');
    const body = (await (await toolCall(apiKey, 'create_invoice_batch', { invoices: 'all of them' })).json()) as Json;
    expect(body.result.isError).toBe(true);
    expect(JSON.parse(body.result.content[1].text).error).toMatchObject({
      code: 'validation_error',
      field: 'invoices',
    });
  });

  it('M3: a pdf without its hosted link is refused on that field; the call counts, the document is given back', async () => {
    const { apiKey } = await verifiedAccountWithKey('mcp-pdf-link');
    const args = { ...invoice, output: 'pdf', features: { hosted_link: false } };
    const body = (await (await toolCall(apiKey, 'create_invoice', args)).json()) as Json;
    expect(body.result.isError).toBe(true);
    expect(JSON.parse(body.result.content[1].text).error).toMatchObject({
      code: 'validation_error',
      field: 'features.hosted_link',
    });
    const usage = (await (await toolCall(apiKey, 'get_usage', {})).json()) as Json;
    expect(usage.result.structuredContent).toMatchObject({
      hourly: { used: 1 },
      monthly_documents: { used: 0 },
      monthly_pdfs: { used: 0 },
    });
  });

  it("issue 26: list_documents answers the account's documents as GET /api/documents does, and counts nothing", async () => {
    const { apiKey } = await verifiedAccountWithKey('mcp-docs');
    const made = await call('/api/generate-invoice', {
      method: 'POST',
      json: { ...invoice, invoice: { number: 'MCP-DOC-1' } },
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    const hosted = ((await made.json()) as Json).invoice.hosted_url;
    const body = (await (await toolCall(apiKey, 'list_documents', { number: 'mcp-doc' })).json()) as Json;
    const rest = (await (
      await call('/api/documents?number=mcp-doc', { headers: { Authorization: `Bearer ${apiKey}` } })
    ).json()) as Json;
    expect(body.result.structuredContent).toEqual({ documents: rest.documents, next_cursor: null });
    expect(rest.documents.map((d: Json) => d.hosted_url)).toEqual([hosted]);
    const usage = (await (await toolCall(apiKey, 'get_usage', {})).json()) as Json;
    expect(usage.result.structuredContent.hourly.used).toBe(1);
  });

  it('an unknown tool is the one protocol error (JSON-RPC -32602)', async () => {
    const { apiKey } = await verifiedAccountWithKey('mcp-unknown');
    const body = (await (await toolCall(apiKey, 'delete_everything', {})).json()) as Json;
    expect(body.error.code).toBe(-32602);
  });
});
