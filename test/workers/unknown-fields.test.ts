// Issue 21: every JSON body refuses keys it does not know, at the top and one level down, with a 400
// `validation_error` whose details name each unknown path (rule `unknown_field`) and, for a close miss, the
// field probably meant; the tolerated keys and the accepted spellings still pass; routes that take no
// fields refuse one rather than act on it; /openapi.json says so for every body. And V2's path parameters: a
// malformed id names its rule, a well-formed unknown one nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_OPERATIONS } from '../../workers/openapi/all-operations.ts';
import { openApiDocument } from '../../workers/openapi/openapi-document.ts';
import { BASE, call, fetchWithEnv, login, register, uniqueEmail, verifiedAccountWithKey } from './accounts-fixtures.ts';
import { LEGACY, legacyAccount } from './legacy-fixtures.ts';
import { consumedByWorker, emittedMessages, watchEmits } from './queue-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

type Json = Record<string, any>;
type Detail = { path: string; rule: string; message: string };

const INVOICE = {
  from: { name: 'Acme' },
  to: { name: 'Client' },
  items: [{ description: 'Work', quantity: 2, unit_price: 5 }],
};

/**
 * Who calls, made once for the file's table: a verified account (key and session) that generates, and another
 * that owns a webhook, so that no event of the table is handed to the queue.
 */
async function makeCaller() {
  const { apiKey, cookie } = await verifiedAccountWithKey('strict');
  const owner = await verifiedAccountWithKey('strict-hooks');
  const hookKey = { Authorization: `Bearer ${owner.apiKey}` };
  const json = { url: 'https://hooks.example.com/s' };
  const hook = await call('/api/webhooks', { method: 'POST', json, headers: hookKey });
  if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${await hook.text()}`);
  const hookId = ((await hook.json()) as Json).webhook.id as string;
  return { key: { Authorization: `Bearer ${apiKey}` }, session: { Cookie: cookie }, hookKey, hookId };
}
type Caller = Awaited<ReturnType<typeof makeCaller>>;
let made: Promise<Caller> | undefined;
const caller = () => {
  made ??= makeCaller();
  return made;
};

/** An unknown key, its path, and the field it suggests (if any). */
type Unknown = [Json, string, string | undefined];

interface Case {
  label?: string;
  headers?: (c: Caller) => Record<string, string>;
  /** The values of the path's parameters. */
  params?: (c: Caller) => Record<string, string>;
  /**
   * A body the schema accepts and the status it gets: the success, or a refusal that comes after the body was
   * read (a wrong password, an unknown token or delivery), so the 400s below are the unknown key's. Left out
   * where the call would act on the shared account (rotate its key, end its session, queue a delivery); those
   * routes' empty bodies are tested below and in their own files.
   */
  valid?: [Json, number];
  top: Unknown;
  /** One level down, where the body has a nested object. */
  nested?: Unknown;
  /** Where the details are: the answer's error unless told (a batch item's result, the legacy body). */
  details?: (body: Json) => Detail[];
}

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'another long passphrase';
const WRONG = 'not the password';
const UNKNOWN_DELIVERY = 'dlv_000000000000000000000000';

/** Every operation that reads a JSON body (ALL_OPERATIONS with `body`), by operationId: a missing one fails. */
const CASES: Record<string, Case | Case[]> = {
  generateInvoice: {
    headers: (c) => c.key,
    valid: [INVOICE, 200],
    top: [{ ...INVOICE, send_email: true }, 'send_email', undefined],
    nested: [{ ...INVOICE, items: [{ description: 'x', quantity: 2, price: 5 }] }, 'items[0].price', 'unit_price'],
  },
  previewInvoice: {
    headers: (c) => c.session,
    valid: [INVOICE, 200],
    top: [{ ...INVOICE, watermark: 'DRAFT' }, 'watermark', undefined],
    nested: [{ ...INVOICE, invoice: { dueDat: '2030-01-01' } }, 'invoice.dueDat', 'due_date'],
  },
  validateInvoice: {
    headers: (c) => c.key,
    valid: [INVOICE, 200],
    top: [{ ...INVOICE, profile: 'xrechnung' }, 'profile', 'einvoice_profile'],
    nested: [{ ...INVOICE, items: [{ description: 'x', qty: 2, unit_price: 5 }] }, 'items[0].qty', 'quantity'],
  },
  generateInvoiceBatch: [
    {
      label: 'the envelope',
      headers: (c) => c.key,
      valid: [{ invoices: [INVOICE] }, 200],
      top: [{ invoices: [INVOICE], dry_run: true }, 'dry_run', undefined],
    },
    {
      label: 'an item',
      headers: (c) => c.key,
      top: [{ invoices: [{ ...INVOICE, font: 'Inter' }] }, 'font', undefined],
      nested: [{ invoices: [{ ...INVOICE, to: { name: 'C', emial: 'c@example.com' } }] }, 'to.emial', 'email'],
      details: (body) => body.results[0].error.details,
    },
  ],
  renderLegacy: {
    headers: () => ({ Authorization: legacyKey }),
    valid: [LEGACY, 200],
    top: [{ ...LEGACY, note: 'x' }, 'note', 'notes'],
    nested: [{ ...LEGACY, rows: [{ desc: 'x', qty: 1, rate: 1, quantity: 1 }] }, 'rows[0].quantity', 'qty'],
    details: (body) => body.details,
  },
  createWebhook: {
    headers: (c) => c.hookKey,
    valid: [{ url: 'https://hooks.example.com/a' }, 201],
    top: [{ url: 'https://hooks.example.com/a', event: ['invoice.generated'] }, 'event', 'events'],
  },
  updateWebhook: {
    headers: (c) => c.hookKey,
    params: (c) => ({ id: c.hookId }),
    valid: [{ is_active: true }, 200],
    top: [{ is_active: true, active: false }, 'active', 'is_active'],
  },
  redeliverWebhookDelivery: {
    headers: (c) => c.hookKey,
    params: (c) => ({ id: c.hookId, delivery_id: UNKNOWN_DELIVERY }),
    valid: [{}, 404],
    top: [{ force: true }, 'force', undefined],
  },
  testWebhook: {
    headers: (c) => c.hookKey,
    params: (c) => ({ id: c.hookId }),
    top: [{ event: 'invoice.generated' }, 'event', undefined],
  },
  register: {
    valid: [{ email: uniqueEmail('strict-reg'), password: PASSWORD }, 201],
    top: [{ email: uniqueEmail('strict-reg'), password: PASSWORD, pasword: 'x' }, 'pasword', 'password'],
  },
  login: {
    // An unknown address is 401: the body was read and valid.
    valid: [{ email: uniqueEmail('nobody'), password: 'x' }, 401],
    top: [{ email: uniqueEmail('nobody'), password: 'x', remember_me: true }, 'remember_me', undefined],
  },
  logout: { headers: (c) => c.session, top: [{ all_sessions: true }, 'all_sessions', undefined] },
  generateApiKey: { headers: (c) => c.session, top: [{ mode: 'test' }, 'mode', undefined] },
  resendVerification: { headers: (c) => c.session, top: [{ to: 'else@example.com' }, 'to', undefined] },
  forgotPassword: {
    valid: [{ email: uniqueEmail('strict-forgot') }, 200],
    top: [{ email: uniqueEmail('strict-forgot'), redirect_url: 'https://x' }, 'redirect_url', undefined],
  },
  resetPassword: {
    valid: [{ token: 'no-such-token', password: NEW_PASSWORD }, 400],
    top: [
      { token: 'no-such-token', password: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
      'password_confirm',
      undefined,
    ],
  },
  changePassword: {
    headers: (c) => c.session,
    valid: [{ current_password: WRONG, new_password: NEW_PASSWORD }, 401],
    top: [{ current_password: WRONG, new_password: NEW_PASSWORD, new_pasword: 'x' }, 'new_pasword', 'new_password'],
  },
  changeEmail: {
    headers: (c) => c.session,
    valid: [{ new_email: uniqueEmail('strict-new'), password: WRONG }, 401],
    top: [{ new_email: uniqueEmail('strict-new'), password: WRONG, notify: false }, 'notify', undefined],
  },
  deleteAccount: {
    headers: (c) => c.session,
    valid: [{ password: WRONG }, 401],
    top: [{ password: WRONG, reason: 'x' }, 'reason', undefined],
  },
  createApiKey: {
    headers: (c) => c.session,
    valid: [{ name: 'Strict', mode: 'test' }, 201],
    top: [{ name: 'Strict', mode: 'test', expires_in: 30 }, 'expires_in', undefined],
  },
};

let legacyKey = '';

/** A key of an account of its own, for a test that reads its counters. */
async function freshKey() {
  const { apiKey } = await verifiedAccountWithKey('strict-own');
  return { Authorization: `Bearer ${apiKey}` };
}

const errorDetails = (body: Json): Detail[] => body.error.details;

const pathOf = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => params[name]);

describe('issue 21: unknown fields are refused on every JSON route', () => {
  const bodyOperations = ALL_OPERATIONS.filter((op) => op.body !== undefined);

  it('issue 21: the table names only operations that read a JSON body', () => {
    expect(Object.keys(CASES).filter((id) => !bodyOperations.some((op) => op.operationId === id))).toEqual([]);
  });

  for (const op of bodyOperations) {
    it(`issue 21: ${op.method} ${op.path} (${op.operationId}): a valid body passes; an unknown key at the top and one level down is named`, async () => {
      const entry = CASES[op.operationId];
      expect(entry, `no unknown-field case for ${op.operationId}: add one to CASES`).toBeDefined();
      const c = await caller();
      if (op.operationId === 'renderLegacy') legacyKey ||= (await legacyAccount()).apiKey;
      for (const route of [entry].flat()) {
        const name = `${op.operationId}${route.label ? ` (${route.label})` : ''}`;
        const send = (json: Json) =>
          call(pathOf(op.path, route.params?.(c) ?? {}), { method: op.method, json, headers: route.headers?.(c) });
        if (route.valid) {
          const res = await send(route.valid[0]);
          expect(res.status, `${name} valid`).toBe(route.valid[1]);
          if (res.status === 400) expect(((await res.json()) as Json).error.code).not.toBe('validation_error');
        }
        const details = route.details ?? errorDetails;
        for (const [body, path, meant] of [route.top, route.nested].filter((x) => x !== undefined)) {
          const res = await send(body);
          const json = (await res.json()) as Json;
          // A batch item's problem is its result's; the batch itself answers 200.
          expect(res.status, `${name} ${path}`).toBe(route.label === 'an item' ? 200 : 400);
          expect(details(json), `${name} ${path}`).toEqual([
            { path, rule: 'unknown_field', message: `unknown field${meant ? ` (did you mean ${meant}?)` : ''}` },
          ]);
        }
      }
    });
  }

  it('spec: the stray top-level invoice_number is tolerated, and the number is still generated', async () => {
    const key = await freshKey();
    for (const stray of [{ invoice_number: 'CLIENT-7' }, { invoiceNumber: 'CLIENT-8' }]) {
      const res = await call('/api/generate-invoice', { method: 'POST', json: { ...INVOICE, ...stray }, headers: key });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Json).invoice.number).toMatch(/^INV-/);
    }
  });

  it('spec: the stray invoice_number is tolerated wherever an invoice request goes: a batch item, preview, MCP create_invoice', async () => {
    const { apiKey, cookie } = await verifiedAccountWithKey('strict-stray');
    const stray = { ...INVOICE, invoice_number: 'CLIENT-9' };
    const key = { Authorization: `Bearer ${apiKey}` };
    const batch = await call('/api/batch', { method: 'POST', json: { invoices: [stray] }, headers: key });
    expect(batch.status).toBe(200);
    const [item] = ((await batch.json()) as Json).results;
    expect([item.success, item.invoice.number]).toEqual([true, expect.stringMatching(/^INV-/)]);
    const preview = await call('/api/preview', { method: 'POST', json: stray, headers: { Cookie: cookie } });
    expect(preview.status).toBe(200);
    const mcp = await call('/mcp', {
      method: 'POST',
      json: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_invoice', arguments: stray } },
      headers: { ...key, Accept: 'application/json, text/event-stream' },
    });
    const { result } = (await mcp.json()) as Json;
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent.invoice.number).toMatch(/^INV-/);
  });

  it('the accepted spellings still pass: camelCase keys and the flat layer', async () => {
    const key = await freshKey();
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: {
        from: { name: 'Acme', taxId: 'DE1' },
        to: { name: 'Client' },
        items: [{ description: 'x', unitPrice: 10, taxRate: 10 }],
        globalDiscount: 10,
        currency: 'EUR',
        dueDate: '2030-01-01',
      },
      headers: key,
    });
    expect(res.status).toBe(200);
    const invoice = ((await res.json()) as Json).invoice;
    expect([invoice.currency, invoice.due_date, invoice.grand_total]).toEqual(['EUR', '2030-01-01', 9.9]);
  });

  it('a misspelt field is a 400 that spends nothing: no document counted, no event', async () => {
    const { apiKey } = await verifiedAccountWithKey('strict-spend');
    const key = { Authorization: `Bearer ${apiKey}` };
    const hook = await call('/api/webhooks', {
      method: 'POST',
      json: { url: 'https://hooks.example.com/spend' },
      headers: key,
    });
    expect(hook.status).toBe(201);
    const hookId = ((await hook.json()) as Json).webhook.id;
    const delivered = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: 204 }));
    const emits = watchEmits();
    // With the work it leaves running (waitUntil), where an event would be handed off.
    const generate = (json: Json) =>
      fetchWithEnv(
        new Request(`${BASE}/api/generate-invoice`, {
          method: 'POST',
          headers: { ...key, 'Content-Type': 'application/json' },
          body: JSON.stringify(json),
        }),
        {},
      );
    const res = await generate({ ...INVOICE, items: [{ description: 'x', quantity: 2, price: 5 }] });
    expect(res.status).toBe(400);
    // D7: the call counts, the document does not.
    expect(res.headers.get('X-RateLimit-Remaining-Monthly')).toBe(res.headers.get('X-RateLimit-Limit-Monthly'));
    expect(emits).not.toHaveBeenCalled();
    // The same invoice spelt right is counted and its event handed off: the spy sees what the 400 did not send.
    const ok = await generate(INVOICE);
    expect(ok.status).toBe(200);
    expect(Number(ok.headers.get('X-RateLimit-Remaining-Monthly'))).toBe(
      Number(ok.headers.get('X-RateLimit-Limit-Monthly')) - 1,
    );
    expect(emittedMessages(emits).map((m) => m.event_type)).toEqual(['invoice.generated']);
    await consumedByWorker(hookId, 1);
    expect(delivered).toHaveBeenCalledTimes(1);
  });
});

describe('issue 21 (V2): a path parameter is read through its declared schema', () => {
  // A cookie write says it is JSON (H8), even without a body.
  const sessionJson = (c: Caller) => ({ ...c.session, 'Content-Type': 'application/json' });
  const ZEROS = '0'.repeat(24);
  /** [method, path, who, the details of its 404]: malformed ids name the rule, well-formed unknown ones nothing. */
  const table = (c: Caller): [string, string, Record<string, string>, { path: string; rule: string }[]][] => [
    ['GET', '/api/webhooks/not-an-id', c.hookKey, [{ path: 'id', rule: 'pattern' }]],
    ['GET', `/api/webhooks/wh_${ZEROS}`, c.hookKey, []],
    ['GET', '/api/webhooks/wh_short/deliveries', c.hookKey, [{ path: 'id', rule: 'pattern' }]],
    [
      'POST',
      `/api/webhooks/${c.hookId}/deliveries/dlv_short/redeliver`,
      c.hookKey,
      [{ path: 'delivery_id', rule: 'pattern' }],
    ],
    ['POST', `/api/webhooks/${c.hookId}/deliveries/dlv_${ZEROS}/redeliver`, c.hookKey, []],
    ['DELETE', '/api/keys/not-a-key', sessionJson(c), [{ path: 'id', rule: 'pattern' }]],
    ['DELETE', `/api/keys/key_${'0'.repeat(20)}`, sessionJson(c), []],
    ['GET', '/api/documents/not-a-document', c.key, [{ path: 'id', rule: 'pattern' }]],
    ['GET', `/api/documents/${'A'.repeat(22)}`, c.key, []],
    // H22: a hosted link tells a malformed id from an unknown one by nothing, not even a detail.
    ['GET', '/api/i/not-a-link?t=x', {}, []],
    ['GET', `/api/i/${'A'.repeat(22)}?t=x`, {}, []],
  ];

  it('issue 21: a malformed id is 404 with {path, rule: pattern}; a well-formed unknown one 404 with no detail', async () => {
    const c = await caller();
    for (const [method, path, headers, expected] of table(c)) {
      const res = await call(path, { method, headers, ...(method === 'POST' ? { json: {} } : {}) });
      const { error } = (await res.json()) as Json;
      expect([res.status, error.code], `${method} ${path}`).toEqual([404, 'not_found']);
      expect(
        error.details.map((d: Detail) => ({ path: d.path, rule: d.rule })),
        `${method} ${path}`,
      ).toEqual(expected);
    }
  });
});

type Schema = Record<string, any>;

/**
 * The objects of a request-body schema that take keys they do not name (`open`: not `additionalProperties: false`),
 * and among them those a `propertyNames` enum closes (`byNames`). `$ref`s are followed (each once per branch);
 * the paths name where each object is.
 */
function openObjects(schema: Schema, components: Record<string, Schema>, path: string, seen = new Set<string>()) {
  const open: string[] = [];
  const byNames: string[] = [];
  const visit = (s: unknown, at: string, refs: Set<string>) => {
    if (typeof s !== 'object' || s === null) return;
    if (Array.isArray(s)) return s.forEach((x) => visit(x, at, refs));
    const node = s as Schema;
    if (typeof node.$ref === 'string') {
      const name = node.$ref.split('/').pop()!;
      if (!refs.has(name)) visit(components[name], at, new Set([...refs, name]));
      return;
    }
    const isObject = node.type === 'object' || 'properties' in node || 'additionalProperties' in node;
    const closedNames = Array.isArray(node.propertyNames?.enum);
    if (isObject && node.additionalProperties !== false) (closedNames ? byNames : open).push(at);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties')
        for (const [name, p] of Object.entries(value as Schema)) visit(p, `${at}.${name}`, refs);
      else if (key === 'items' || key === 'prefixItems') visit(value, `${at}[]`, refs);
      else if (key === 'additionalProperties') visit(value, `${at}.*`, refs);
      else if (!['default', 'examples', 'example', 'enum', 'const', 'required'].includes(key)) visit(value, at, refs);
    }
  };
  visit(schema, path, seen);
  return { open, byNames };
}

/** Maps closed by the names they take rather than by `additionalProperties: false` (V1: the legacy table). */
const CLOSED_BY_NAMES = ['POST /api/render body.customLabels', 'POST /api/render body.customLabels.*'];

describe('issue 21: /openapi.json says every request body is closed', () => {
  it('issue 21: every object of every request body, at every depth, refuses keys it does not name', () => {
    const doc = JSON.parse(openApiDocument()) as Schema;
    const components = doc.components.schemas as Record<string, Schema>;
    const open: string[] = [];
    const byNames: string[] = [];
    let bodies = 0;
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Schema>))
      for (const [method, op] of Object.entries(methods)) {
        for (const media of Object.values((op.requestBody?.content ?? {}) as Record<string, Schema>)) {
          bodies += 1;
          const found = openObjects(media.schema, components, `${method.toUpperCase()} ${path} body`);
          open.push(...found.open);
          byNames.push(...found.byNames);
        }
      }
    expect(bodies).toBe(ALL_OPERATIONS.filter((op) => op.body !== undefined).length);
    expect(open).toEqual([]);
    expect(byNames).toEqual(CLOSED_BY_NAMES);
  });

  it('the check can fail: a z.object one level down, an open map, an open item of an array; a named map is told apart', () => {
    const components = { Party: { type: 'object', properties: { name: { type: 'string' } } } };
    const body = {
      type: 'object',
      additionalProperties: false,
      properties: {
        to: { $ref: '#/components/schemas/Party' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        named: { type: 'object', propertyNames: { enum: ['a'] }, additionalProperties: { type: 'string' } },
        items: { type: 'array', items: { anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] } },
      },
    };
    expect(openObjects(body, components, 'body')).toEqual({
      open: ['body.to', 'body.labels', 'body.items[]'],
      byNames: ['body.named'],
    });
  });
});

describe('issue 21: routes that take no fields refuse one instead of acting on it', () => {
  it('{"mode":"test"} on generate-api-key is 400 naming mode, and the live key keeps working', async () => {
    const { apiKey, cookie } = await verifiedAccountWithKey('strict-rotate');
    const res = await call('/api/auth/generate-api-key', {
      method: 'POST',
      json: { mode: 'test' },
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error.details).toEqual([
      { path: 'mode', rule: 'unknown_field', message: 'unknown field' },
    ]);
    const me = await call('/api/auth/me', { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(me.status).toBe(200);
  });

  it('logout and resend-verification refuse a field; nothing and {} still work', async () => {
    const email = uniqueEmail('strict-fieldless');
    await register(email);
    const cookie = await login(email);
    const headers = { Cookie: cookie };
    const resend = (json?: Json) =>
      call('/api/auth/resend-verification', {
        method: 'POST',
        ...(json ? { json } : {}),
        headers: { ...headers, 'Content-Type': 'application/json' },
      });
    expect((await resend({ to: 'else@example.com' })).status).toBe(400);
    expect((await resend({})).status).toBe(200);
    const logout = (json?: Json) =>
      call('/api/auth/logout', {
        method: 'POST',
        ...(json ? { json } : {}),
        headers: { ...headers, 'Content-Type': 'application/json' },
      });
    const refused = await logout({ all_sessions: true });
    expect(refused.status).toBe(400);
    // The session was not ended by the refused call.
    expect((await call('/api/auth/me', { headers })).status).toBe(200);
    expect((await logout()).status).toBe(200);
    expect((await call('/api/auth/me', { headers })).status).toBe(401);
  });
});
