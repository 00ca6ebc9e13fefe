// D4 / issue 10.11: whatever text a client puts in an invoice, no output and no hosted-link open is a 500.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentDisposition, wellFormed } from '../../workers/http/content-disposition.ts';
import { call, testEnv, verifiedAccountWithKey, workerFetch } from './accounts-fixtures.ts';

/** Text that has broken header and filename writers elsewhere: lone and reversed surrogates, controls, bidi, quotes. */
const EDGE_TEXTS = [
  '\uD800',
  '\uDFFF',
  '\uDC00\uD800',
  'A\uD83D',
  '\u0000',
  '\r\n',
  '\u202E\u2066',
  '\uFEFF',
  '\uFFFF',
  '\u2028',
  '"\\%/;=',
  'e\u0301\u0301',
  '👩‍👩‍👧',
  '٠١٢',
  'x'.repeat(200),
];
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const wildText = fc.oneof(
  fc.constantFrom(...EDGE_TEXTS),
  fc.string({ unit: codeUnit, minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
);

describe('issue 10.11: Content-Disposition from any invoice number', () => {
  it('lone surrogates become U+FFFD; the header never throws and is ASCII only', () => {
    expect(wellFormed('a\uD800b\uDC00')).toBe('a\uFFFDb\uFFFD');
    expect(wellFormed('😀')).toBe('😀');
    expect(contentDisposition('attachment', 'INV\uD800', 'pdf')).toBe(
      `attachment; filename="INV_.pdf"; filename*=UTF-8''INV%EF%BF%BD.pdf`,
    );
    fc.assert(
      fc.property(wildText, (number) => {
        const header = contentDisposition('inline', number, 'pdf');
        expect(header).toMatch(/^[\x20-\x7e]+$/);
        // RFC 8187: outside attr-char everything is percent-encoded, so quotes and parentheses too.
        expect(header.split("filename*=UTF-8''")[1]).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
        expect(() => new Headers({ 'Content-Disposition': header })).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});

describe('D4 / issue 10.11: no text makes an output or a hosted link fail with 500', () => {
  it('json, pdf, ubl, cii and facturx with edge-case text in every text field, and their hosted links, answer below 500', async () => {
    const { apiKey, email } = await verifiedAccountWithKey('never500');
    // Enterprise: no window stops the fuzz (the tier is read before the first metered call caches the key).
    await testEnv.DB.prepare("UPDATE accounts SET tier = 'enterprise' WHERE email = ?").bind(email).run();
    const bodyOf = fc.record({
      number: wildText,
      from: wildText,
      to: wildText,
      address: wildText,
      description: wildText,
      notes: wildText,
      output: fc.constantFrom('json', 'pdf', 'ubl', 'cii', 'facturx'),
      language: fc.constantFrom('en', 'ar', 'hi', 'ja', 'ru'),
      template: fc.constantFrom('classic', 'minimal', 'modern', 'navy', 'bold'),
    });
    let ok = 0;
    await fc.assert(
      fc.asyncProperty(bodyOf, async (b) => {
        const json = {
          from: { name: b.from, address: b.address },
          to: { name: b.to, address: b.address },
          invoice: { number: b.number, language: b.language },
          items: [{ description: b.description, quantity: 1, unit_price: 10, tax_rate: 5 }],
          notes: b.notes,
          output: b.output,
          template: b.template,
        };
        const res = await call('/api/generate-invoice', {
          method: 'POST',
          json,
          headers: { Authorization: `Bearer ${apiKey}` },
        });
        const text = res.status >= 500 ? await res.text() : '';
        expect(res.status, `${text} for ${JSON.stringify(json)}`).toBeLessThan(500);
        if (res.status !== 200) return;
        ok++;
        if (b.output !== 'json') return;
        const hosted = ((await res.json()) as { invoice: { hosted_url: string } }).invoice.hosted_url;
        const opened = await workerFetch(hosted);
        expect(opened.status, JSON.stringify(json)).toBe(200);
        await opened.arrayBuffer();
      }),
      { numRuns: 60 },
    );
    // Most bodies are valid: the property must reach the writers, not stop at validation.
    expect(ok).toBeGreaterThan(30);
  });
});
