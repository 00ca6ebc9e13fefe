// Issue 27: the free plan's 50 PDFs a month (D7) are visible: X-RateLimit-Limit-Pdf / X-RateLimit-Remaining-Pdf
// on the answers of a plan that caps PDFs apart, counting pdf and facturx outputs only; absent on the other
// plans; /openapi.json documents the pair; the dashboard's plan card shows the PDFs used of those included.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, call, testEnv, verifiedAccountWithKey } from './accounts-fixtures.ts';

const invoice = (output: 'json' | 'pdf') => ({
  from: { name: 'Seller' },
  to: { name: 'Buyer' },
  items: [{ description: 'Work', quantity: 1, unit_price: 10 }],
  output,
  features: { hosted_link: false, qr: false },
});
const generate = (apiKey: string, output: 'json' | 'pdf') =>
  call('/api/generate-invoice', {
    method: 'POST',
    json: invoice(output),
    headers: { Authorization: `Bearer ${apiKey}` },
  });

describe('issue 27: the free plan’s PDF share in the headers and on the dashboard', () => {
  it('free: a PDF takes one of the 50, a JSON answer none; both answers carry the pair', async () => {
    const { apiKey, cookie } = await verifiedAccountWithKey('pdf-headers-free');
    const pdf = await generate(apiKey, 'pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('X-RateLimit-Limit-Pdf')).toBe('50');
    expect(pdf.headers.get('X-RateLimit-Remaining-Pdf')).toBe('49');
    expect(pdf.headers.get('X-RateLimit-Remaining-Monthly')).toBe('99');
    await pdf.arrayBuffer();
    const json = await generate(apiKey, 'json');
    expect(json.headers.get('X-RateLimit-Limit-Pdf')).toBe('50');
    expect(json.headers.get('X-RateLimit-Remaining-Pdf')).toBe('49');
    expect(json.headers.get('X-RateLimit-Remaining-Monthly')).toBe('98');
    await json.arrayBuffer();

    const page = await exports.default.fetch(`${BASE}/app`, { headers: { Cookie: cookie, Accept: 'text/html' } });
    const html = await page.text();
    expect(html).toMatch(/data-out="pdfs">1 of 50 PDFs used this month/);
  });

  it('starter: no PDF cap, so no pair, and no PDF line on the dashboard', async () => {
    const { email, apiKey, cookie } = await verifiedAccountWithKey('pdf-headers-starter');
    await testEnv.DB.prepare("UPDATE accounts SET tier = 'starter' WHERE email = ?").bind(email).run();
    const res = await generate(apiKey, 'pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('X-RateLimit-Limit-Pdf')).toBeNull();
    expect(res.headers.get('X-RateLimit-Remaining-Pdf')).toBeNull();
    await res.arrayBuffer();
    const page = await exports.default.fetch(`${BASE}/app`, { headers: { Cookie: cookie, Accept: 'text/html' } });
    expect(await page.text()).not.toContain('data-out="pdfs"');
  });

  it('/openapi.json documents the pair on generate-invoice, optional', async () => {
    const doc = (await (await call('/openapi.json')).json()) as Record<string, any>;
    const headers = doc.paths['/api/generate-invoice'].post.responses['200'].headers;
    for (const name of ['X-RateLimit-Limit-Pdf', 'X-RateLimit-Remaining-Pdf']) {
      expect(headers[name]).toMatchObject({ required: false, schema: { type: 'integer' } });
      expect(headers[name].description).toContain('free: 50');
    }
  });
});
