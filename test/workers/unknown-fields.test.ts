// Issue 21: every JSON body refuses keys it does not know, at the top and one level down, with a 400
// `validation_error` whose details name each unknown path (rule `unknown_field`) and, for a close miss, the
// field probably meant; the tolerated keys and the accepted spellings still pass; routes that take no
// fields refuse one rather than act on it.
import { describe, expect, it } from 'vitest';
import { call, login, register, uniqueEmail, verifiedAccountWithKey } from './accounts-fixtures.ts';
import { LEGACY, legacyAccount } from './legacy-fixtures.ts';

type Json = Record<string, any>;
type Detail = { path: string; rule: string; message: string };

const INVOICE = {
  from: { name: 'Acme' },
  to: { name: 'Client' },
  items: [{ description: 'Work', quantity: 2, unit_price: 5 }],
};

/** Who calls: a fresh verified account (key and session) per test, so no window fills up. */
async function caller() {
  const { apiKey, cookie } = await verifiedAccountWithKey('strict');
  return {
    key: { Authorization: `Bearer ${apiKey}` },
    session: { Cookie: cookie },
  };
}

interface Route {
  name: string;
  send: (body: Json) => Promise<Response>;
  valid: Json;
  /** An unknown key at the top, its path, and the field it suggests (if any). */
  top: [Json, string, string | undefined];
  /** One level down. */
  nested?: [Json, string, string | undefined];
  /** Where the details are: the answer's error, or the first batch result's. */
  details?: (body: Json) => Detail[];
}

async function routes(): Promise<Route[]> {
  const { key, session } = await caller();
  const legacy = await legacyAccount();
  const post = (path: string, headers: Record<string, string>) => (json: Json) =>
    call(path, { method: 'POST', json, headers });
  return [
    {
      name: 'POST /api/generate-invoice',
      send: post('/api/generate-invoice', key),
      valid: INVOICE,
      top: [{ ...INVOICE, send_email: true }, 'send_email', undefined],
      nested: [{ ...INVOICE, items: [{ description: 'x', quantity: 2, price: 5 }] }, 'items[0].price', 'unit_price'],
    },
    {
      name: 'POST /api/batch (envelope)',
      send: post('/api/batch', key),
      valid: { invoices: [INVOICE] },
      top: [{ invoices: [INVOICE], dry_run: true }, 'dry_run', undefined],
    },
    {
      name: 'POST /api/batch (an item)',
      send: post('/api/batch', key),
      valid: { invoices: [INVOICE] },
      top: [{ invoices: [{ ...INVOICE, font: 'Inter' }] }, 'font', undefined],
      nested: [{ invoices: [{ ...INVOICE, to: { name: 'C', emial: 'c@example.com' } }] }, 'to.emial', 'email'],
      details: (body) => body.results[0].error.details,
    },
    {
      name: 'POST /api/preview',
      send: post('/api/preview', session),
      valid: INVOICE,
      top: [{ ...INVOICE, watermark: 'DRAFT' }, 'watermark', undefined],
      nested: [{ ...INVOICE, invoice: { dueDat: '2030-01-01' } }, 'invoice.dueDat', 'due_date'],
    },
    {
      name: 'POST /api/webhooks',
      send: post('/api/webhooks', key),
      valid: { url: 'https://hooks.example.com/a' },
      top: [{ url: 'https://hooks.example.com/a', event: ['invoice.generated'] }, 'event', 'events'],
    },
    {
      name: 'POST /api/auth/register',
      send: post('/api/auth/register', {}),
      valid: { email: uniqueEmail('strict-reg'), password: 'correct horse battery' },
      top: [
        { email: uniqueEmail('strict-reg'), password: 'correct horse battery', pasword: 'x' },
        'pasword',
        'password',
      ],
    },
    {
      name: 'POST /api/auth/login',
      send: post('/api/auth/login', {}),
      valid: { email: uniqueEmail('nobody'), password: 'x' },
      top: [{ email: uniqueEmail('nobody'), password: 'x', remember_me: true }, 'remember_me', undefined],
    },
    {
      name: 'POST /api/render (legacy)',
      send: post('/api/render', { Authorization: legacy.apiKey }),
      valid: LEGACY,
      top: [{ ...LEGACY, note: 'x' }, 'note', 'notes'],
      nested: [{ ...LEGACY, rows: [{ desc: 'x', qty: 1, rate: 1, quantity: 1 }] }, 'rows[0].quantity', 'qty'],
      details: (body) => body.details,
    },
  ];
}

const errorDetails = (body: Json): Detail[] => body.error.details;

describe('issue 21: unknown fields are refused on every JSON route', () => {
  it('a valid body, an unknown key at the top and one level down, on each route', async () => {
    for (const route of await routes()) {
      const details = route.details ?? errorDetails;
      const ok = await route.send(route.valid);
      // Login of an unknown address is 401 (the body was read and valid); the others succeed.
      expect([200, 201, 401], route.name).toContain(ok.status);
      for (const [body, path, meant] of [route.top, route.nested].filter((x) => x !== undefined)) {
        const res = await route.send(body);
        const json = (await res.json()) as Json;
        const batchItem = route.details !== undefined && route.name.includes('item');
        expect(res.status, `${route.name} ${path}`).toBe(batchItem ? 200 : 400);
        expect(details(json), `${route.name} ${path}`).toEqual([
          { path, rule: 'unknown_field', message: `unknown field${meant ? ` (did you mean ${meant}?)` : ''}` },
        ]);
      }
    }
  });

  it('spec: the stray top-level invoice_number is tolerated, and the number is still generated', async () => {
    const { key } = await caller();
    for (const stray of [{ invoice_number: 'CLIENT-7' }, { invoiceNumber: 'CLIENT-8' }]) {
      const res = await call('/api/generate-invoice', { method: 'POST', json: { ...INVOICE, ...stray }, headers: key });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Json).invoice.number).toMatch(/^INV-/);
    }
  });

  it('the accepted spellings still pass: camelCase keys and the flat layer', async () => {
    const { key } = await caller();
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
    const { key } = await caller();
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: { from: { name: 'A' }, to: { name: 'B' }, items: [{ description: 'x', quantity: 2, price: 5 }] },
      headers: key,
    });
    expect(res.status).toBe(400);
    // D7: the call counts, the document does not.
    expect(res.headers.get('X-RateLimit-Remaining-Monthly')).toBe(res.headers.get('X-RateLimit-Limit-Monthly'));
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
