// Issue 27: every README example that makes an invoice runs in the e2e suite as it is written (read from
// README.md by readme-commands.ts) against wrangler dev, and makes a conformant document: no
// X-EN16931-Issues / X-EInvoice-Issues header, and the validation dry run of the same body finds no issue (a PDF
// or a batch item is checked as the UBL its hosted link opens). The anonymous totals example makes no document.
import { describe, expect, inject, it } from 'vitest';
import { type ReadmeCurl, readmeCurls } from './readme-commands.ts';

const baseUrl = inject('baseUrl');
const { apiKey } = inject('accounts').readme;
const curls = readmeCurls({ API_KEY: apiKey }).filter((c) =>
  /^http:\/\/localhost:8787\/api\/(generate-invoice|batch|validate-invoice)$/.test(c.url),
);

function send(curl: ReadmeCurl) {
  return fetch(curl.url.replace('http://localhost:8787', baseUrl), {
    method: curl.method,
    headers: curl.headers,
    body: curl.body,
  });
}

/** The dry run of one invoice body, with the example's key: the rules its document fails. */
async function issuesOf(invoice: unknown) {
  const res = await fetch(`${baseUrl}/api/validate-invoice`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(invoice),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { issues: { rule: string }[] }).issues.map((i) => i.rule);
}

describe('issue 27: the README examples against wrangler dev', () => {
  it('finds the examples: anonymous totals, PDF, UBL, Factur-X, a batch and the dry run', () => {
    expect(curls.map((c) => `${c.url.split('/api/')[1]} ${JSON.parse(c.body ?? '{}').output ?? ''}`.trim())).toEqual([
      'generate-invoice',
      'generate-invoice pdf',
      'generate-invoice ubl',
      'generate-invoice facturx',
      'batch',
      'validate-invoice ubl',
    ]);
  });

  it.each(curls.map((c) => [`${c.url.split('/api/')[1]} ${JSON.parse(c.body ?? '{}').output ?? ''}`, c] as const))(
    'answers 200 with no issues header, and makes a conformant document: %s',
    async (_, curl) => {
      const res = await send(curl);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-en16931-issues')).toBeNull();
      expect(res.headers.get('x-einvoice-issues')).toBeNull();
      const answer = await res.text();
      if (!curl.headers.Authorization) {
        // Anonymous: JSON totals (or the dry run itself), no document; as the README says, no hosted_url.
        if (curl.url.endsWith('/generate-invoice')) {
          const { invoice: totals } = JSON.parse(answer) as { invoice: Record<string, unknown> };
          expect(totals.grand_total).toBe(514.54);
          expect(totals).not.toHaveProperty('hosted_url');
        }
        return;
      }
      const body = JSON.parse(curl.body!) as { invoices?: unknown[] };
      for (const invoice of body.invoices ?? [body]) expect(await issuesOf(invoice)).toEqual([]);
    },
  );

  it('what the README says of a batch: an item asking for UBL gets document_url, its hosted link as UBL', async () => {
    const batch = curls.find((c) => c.url.endsWith('/api/batch'))!;
    const res = await send({ ...batch, headers: { ...batch.headers, 'Idempotency-Key': crypto.randomUUID() } });
    const { results } = (await res.json()) as { results: { invoice: { hosted_url: string }; document_url?: string }[] };
    expect(results[0].document_url).toBe(`${results[0].invoice.hosted_url}&format=ubl`);
    // The free plan's PDF pair is absent on this (enterprise) account; limits-pdf-headers.test.ts covers the free one.
    expect(res.headers.get('x-ratelimit-limit-pdf')).toBeNull();
  });
});
