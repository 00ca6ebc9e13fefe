// Issue 14, the MCP server: the official MCP client over Streamable HTTP against wrangler dev lists the
// tools, calls each, and gets tool errors (code and field) for a bad invoice and for a full window.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectMcp, exampleArguments, toolErrorOf } from './mcp-client.ts';

const baseUrl = inject('baseUrl');
const accounts = inject('accounts');
type Json = Record<string, any>;

const TOOLS = [
  'calculate_invoice',
  'create_invoice',
  'create_invoice_batch',
  'validate_invoice',
  'get_usage',
  'list_options',
  'list_documents',
];

const restGenerate = (apiKey: string, body: unknown) =>
  fetch(`${baseUrl}/api/generate-invoice`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
    body: JSON.stringify(body),
  });

describe('MCP tools over Streamable HTTP (issue 14)', () => {
  let client: Client;
  let apiKey: string;
  let examples: Record<string, Record<string, unknown>>;

  beforeAll(async () => {
    apiKey = accounts.mcp.apiKey;
    client = await connectMcp(baseUrl, { Authorization: `Bearer ${apiKey}` });
    const { tools } = await client.listTools();
    examples = Object.fromEntries(tools.map((t) => [t.name, exampleArguments(t.description)]));
  });
  afterAll(async () => client?.close());

  it('lists the seven tools, each with an object input schema, an output schema and a cost note', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.description).toMatch(/Cost: /);
    }
    // Hosts may call the read-only tools without asking; the others create documents and count.
    expect(tools.filter((t) => t.annotations?.readOnlyHint).map((t) => t.name)).toEqual([
      'validate_invoice',
      'get_usage',
      'list_options',
      'list_documents',
    ]);
    // The invoice tools take the generate-invoice body: the same required fields as /openapi.json.
    const openapi = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as Json;
    const restBody = openapi.paths['/api/generate-invoice'].post.requestBody.content['application/json'].schema;
    const restSchema = restBody.$ref ? openapi.components.schemas[restBody.$ref.split('/').pop()] : restBody;
    const calculate = tools.find((t) => t.name === 'calculate_invoice')!;
    expect(calculate.inputSchema.required).toEqual(restSchema.required);
    expect(Object.keys(calculate.inputSchema.properties ?? {})).toEqual(Object.keys(restSchema.properties));
  });

  it('calculate_invoice: the totals of the REST JSON answer, structured, with a summary', async () => {
    const args = examples.calculate_invoice;
    const result = (await client.callTool({ name: 'calculate_invoice', arguments: args })) as Json;
    expect(result.isError).toBeFalsy();
    const rest = (await (await restGenerate(apiKey, args)).json()) as Json;
    const { number: _a, date: _b, hosted_url: _c, hosted_expires_at: _d, qr: _e, ...restTotals } = rest.invoice;
    const { number: _f, date: _g, ...mcpTotals } = result.structuredContent.invoice;
    expect(mcpTotals).toEqual(restTotals);
    // Totals only: nothing stored.
    expect(result.structuredContent.invoice.hosted_url).toBeUndefined();
    expect(result.content[0].text).toContain(String(rest.invoice.grand_total));
    expect(JSON.parse(result.content[1].text)).toEqual(result.structuredContent);
  });

  it('create_invoice with output ubl: totals, a live hosted link and the XML text', async () => {
    const args = examples.create_invoice;
    expect(args.output).toBe('ubl');
    const result = (await client.callTool({ name: 'create_invoice', arguments: args })) as Json;
    expect(result.isError).toBeFalsy();
    const { invoice, document } = result.structuredContent;
    expect(document.format).toBe('ubl');
    expect(document.text).toMatch(/^<\?xml/);
    expect(document.text).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(document.text).toContain(`<cbc:PayableAmount currencyID="EUR">${invoice.balance_due.toFixed(2)}`);
    // The hosted link opens as the same document (E4).
    expect(await (await fetch(result.structuredContent.document_url)).text()).toBe(document.text);
  });

  it('issue 22: validate_invoice passes its own example and names the field of each rule a bad one fails', async () => {
    const args = examples.validate_invoice;
    const ok = (await client.callTool({ name: 'validate_invoice', arguments: args })) as Json;
    expect(ok.isError, JSON.stringify(ok.content)).toBeFalsy();
    expect(ok.structuredContent).toMatchObject({ valid: true, profile: 'xrechnung', document: 'ubl', issues: [] });
    const { invoice, ...rest } = args as Json;
    const { buyer_reference: _r, ...withoutReference } = invoice;
    const bad = (await client.callTool({
      name: 'validate_invoice',
      arguments: { ...rest, invoice: withoutReference },
    })) as Json;
    expect(bad.structuredContent.valid).toBe(false);
    expect(bad.structuredContent.issues.map((i: Json) => [i.rule, i.path])).toEqual([
      ['BR-DE-15', 'invoice.buyer_reference'],
    ]);
    expect(bad.content[0].text).toContain('BR-DE-15 (invoice.buyer_reference)');
  });

  it('issue 22: create_invoice with a profile returns the document in it, with its issues', async () => {
    const result = (await client.callTool({
      name: 'create_invoice',
      arguments: examples.validate_invoice,
    })) as Json;
    expect(result.isError).toBeFalsy();
    const { document } = result.structuredContent;
    expect(document.profile).toBe('xrechnung');
    expect(document.issues).toEqual([]);
    expect(document.text).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
  });

  it('M3: create_invoice with output pdf returns the hosted link and totals, never PDF bytes', async () => {
    const result = (await client.callTool({
      name: 'create_invoice',
      arguments: { ...examples.create_invoice, output: 'pdf' },
    })) as Json;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.document).toBeUndefined();
    expect(JSON.stringify(result)).not.toContain('JVBER'); // base64 of "%PDF"
    const { invoice, document_url } = result.structuredContent;
    expect(document_url).toBe(`${invoice.hosted_url}&format=pdf`);
    expect(result.content[0].text).toContain(document_url);
    const pdf = await fetch(document_url);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it('create_invoice_batch: one result per invoice, as POST /api/batch answers', async () => {
    const args = examples.create_invoice_batch as { invoices: unknown[] };
    const result = (await client.callTool({
      name: 'create_invoice_batch',
      arguments: { invoices: [...args.invoices, { from: { name: 'A' }, to: { name: 'B' }, items: [] }] },
    })) as Json;
    expect(result.isError).toBeFalsy();
    const body = result.structuredContent;
    expect(body.meta).toMatchObject({ requested: args.invoices.length + 1, generated: args.invoices.length });
    expect(body.results.at(-1)).toMatchObject({ success: false, error: { code: 'validation_error' } });
    expect(body.results.at(-1).error.message).toMatch(/^items: /);
  });

  it('get_usage and list_options answer without counting anything', async () => {
    const before = ((await client.callTool({ name: 'get_usage', arguments: {} })) as Json).structuredContent;
    expect(before.plan).toBe('enterprise');
    const options = ((await client.callTool({ name: 'list_options', arguments: {} })) as Json).structuredContent;
    const after = ((await client.callTool({ name: 'get_usage', arguments: {} })) as Json).structuredContent;
    expect(after.hourly.used).toBe(before.hourly.used);
    expect(after.monthly_documents.used).toBe(before.monthly_documents.used);
    // The values come from the request schema: the same sets /openapi.json documents.
    const openapi = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as Json;
    const schemas = openapi.components.schemas;
    const request = schemas.InvoiceRequest ?? schemas.InvoiceRequestInput;
    const meta = schemas.InvoiceMeta ?? schemas.InvoiceMetaInput;
    expect(options.outputs).toEqual(request.properties.output.enum);
    expect(options.templates).toEqual(request.properties.template.enum);
    expect(options.languages).toEqual(meta.properties.language.enum);
    expect(options.currencies).toEqual(meta.properties.currency.enum);
    expect(options.fields.output.default).toBe('json');
  });

  it('D4: a bad invoice is a tool error with the service code and the field path, not a protocol error', async () => {
    const bad = { ...examples.calculate_invoice, items: [{ description: 'X', unit_price: 'abc' }] };
    const validation = toolErrorOf(await client.callTool({ name: 'calculate_invoice', arguments: bad }));
    expect(validation).toMatchObject({ code: 'validation_error', status: 400, field: 'items[0].unit_price' });
    expect(validation.message).toMatch(/^items\[0\]\.unit_price: /);

    const currency = { ...examples.create_invoice, invoice: { currency: 'XXX' } };
    expect(toolErrorOf(await client.callTool({ name: 'create_invoice', arguments: currency }))).toMatchObject({
      code: 'invalid_currency',
      field: 'invoice.currency',
    });
    const envelope = toolErrorOf(await client.callTool({ name: 'create_invoice_batch', arguments: { invoices: [] } }));
    expect(envelope).toMatchObject({ code: 'validation_error', field: 'invoices' });
  });
});

describe('MCP calls count against the REST windows (D7)', () => {
  it('a full hourly window is a tool error rate_limit_hourly with retry_after', { timeout: 240_000 }, async () => {
    // The window is the UTC hour: start well inside one.
    const intoHour = Date.now() % 3_600_000;
    if (intoHour > 3_540_000) await new Promise((r) => setTimeout(r, 3_600_500 - intoHour));
    const { apiKey } = accounts['mcp-limit'];
    const client = await connectMcp(baseUrl, { Authorization: `Bearer ${apiKey}` });
    try {
      const { tools } = await client.listTools();
      const example = exampleArguments(tools.find((t) => t.name === 'calculate_invoice')!.description);
      const usage = async () =>
        ((await client.callTool({ name: 'get_usage', arguments: {} })) as Json).structuredContent;
      const start = await usage();
      expect(start.hourly).toMatchObject({ limit: 40, used: 0 });

      // One MCP call is one call and one document, seen by the REST headers too.
      expect(((await client.callTool({ name: 'calculate_invoice', arguments: example })) as Json).isError).toBeFalsy();
      expect(await usage()).toMatchObject({ hourly: { used: 1 }, monthly_documents: { used: 1 } });
      const rest = await restGenerate(apiKey, example);
      expect(rest.headers.get('X-RateLimit-Remaining-Hourly')).toBe('38');

      // The rest of the hour's 40 calls over REST, then the window is full for MCP too.
      const fill = await Promise.all(Array.from({ length: 38 }, () => restGenerate(apiKey, example)));
      expect(fill.map((r) => r.status)).toEqual(Array(38).fill(200));
      const refused = toolErrorOf(await client.callTool({ name: 'create_invoice', arguments: example }));
      expect(refused).toMatchObject({ code: 'rate_limit_hourly', status: 429 });
      expect(refused.retry_after).toBeGreaterThan(0);
      expect(refused.retry_after).toBeLessThanOrEqual(3600);
      expect((await restGenerate(apiKey, example)).status).toBe(429);
    } finally {
      await client.close();
    }
  });
});

describe('/mcp authentication', () => {
  const initialize = (headers: Record<string, string>) =>
    fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '0' } },
      }),
    });

  it('no key: 401 auth_required with a Bearer WWW-Authenticate naming where a key comes from', async () => {
    const res = await initialize({});
    expect(res.status).toBe(401);
    const challenge = res.headers.get('WWW-Authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer realm="invoice-service"/);
    expect(challenge).toContain('/api/auth/generate-api-key');
    expect(challenge).not.toContain('error=');
    expect(((await res.json()) as Json).error.code).toBe('auth_required');
    // The official client gives up on the 401 rather than connecting.
    await expect(connectMcp(baseUrl, {})).rejects.toThrow(/auth_required/);
  });

  it('an unknown key: 401 invalid_api_key with error="invalid_token"; a session cookie is not enough', async () => {
    const res = await initialize({ Authorization: `Bearer inv_sk_${'x'.repeat(40)}` });
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toContain('error="invalid_token"');
    expect(((await res.json()) as Json).error.code).toBe('invalid_api_key');
    expect((await initialize({ Cookie: 'inv_session=whatever' })).status).toBe(401);
  });

  it('a valid key initializes a stateless session (no Mcp-Session-Id)', async () => {
    const { apiKey } = accounts['mcp-init'];
    const res = await initialize({ Authorization: `Bearer ${apiKey}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('Mcp-Session-Id')).toBeNull();
    expect(((await res.json()) as Json).result.serverInfo.name).toBe('invoice-service');
  });
});
