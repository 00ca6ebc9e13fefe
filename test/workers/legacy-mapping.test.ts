// D11: the legacy request is the canonical invoice by another name. Random legacy invoices and the
// canonical requests a client of /api/generate-invoice would write for them get the same D1 totals.
import { CURRENCY_CODES, parseInvoiceRequest, resolveInvoice, toInvoiceResponse } from '@invoice/model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LegacyRenderRequestSchema } from '../../workers/legacy/legacy-request-schema.ts';
import { legacyIssueText, legacyPresentation, legacyToCanonical } from '../../workers/legacy/legacy-to-canonical.ts';

const decimal = (max: number, places: number) =>
  fc.integer({ min: 0, max: max * 10 ** places }).map((n) => n / 10 ** places);
/** D11: numbers or numeric strings with a dot, as clients send them. */
const numberOrString = (arb: fc.Arbitrary<number>) =>
  fc.tuple(arb, fc.boolean()).map(([n, asText]) => (asText ? n.toFixed(6).replace(/\.?0+$/, '') : n));

const row = fc.record({
  desc: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== ''),
  qty: numberOrString(decimal(1000, 3)),
  rate: numberOrString(decimal(100_000, 2)),
  disc: fc.option(numberOrString(decimal(100, 2)), { nil: undefined }),
  tax: fc.option(numberOrString(decimal(30, 2)), { nil: undefined }),
});

const legacyInvoice = fc.record({
  title: fc.constant('Acme Ltd'),
  invno: fc.constant('L-42'),
  date: fc.constant('2026-03-01'),
  to: fc.constant('Client GmbH\nBerlin'),
  currency: fc.constantFrom(...CURRENCY_CODES),
  lang: fc.constantFrom('en', 'de', 'ar-e'),
  template: fc.constant('band-blue-pro'),
  rows: fc.array(row, { minLength: 1, maxLength: 12 }),
});

/** What a client of the current interface writes for the same invoice (docs/legacy.md's table). */
function canonicalOf(legacy: fc.Arbitrary<unknown> extends fc.Arbitrary<infer T> ? T : never) {
  const l = legacy as any;
  return {
    from: { name: l.title },
    to: { name: 'Client GmbH', address: 'Berlin' },
    invoice: { number: l.invno, date: l.date, currency: l.currency, language: l.lang === 'ar-e' ? 'ar' : l.lang },
    items: l.rows.map((r: any) => ({
      description: r.desc,
      quantity: Number(r.qty),
      unit_price: Number(r.rate),
      ...(r.disc !== undefined ? { discount: Number(r.disc), discount_type: 'percent' } : {}),
      ...(r.tax !== undefined ? { tax_rate: Number(r.tax) } : {}),
    })),
    output: 'pdf',
  };
}

const totalsOf = (body: unknown) => {
  const parsed = parseInvoiceRequest(body);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const resolved = resolveInvoice(parsed.value, { today: '2026-03-01', randomBytes: new Uint8Array(6) });
  const { hosted_url: _h, hosted_expires_at: _e, qr: _q, ...response } = toInvoiceResponse(resolved);
  return response;
};

describe('legacy → canonical (D11)', () => {
  it('D11: the same invoice gives the same totals on both interfaces (random invoices)', () => {
    fc.assert(
      fc.property(legacyInvoice, (raw) => {
        const legacy = LegacyRenderRequestSchema.parse(raw);
        const viaLegacy = totalsOf(legacyToCanonical(legacy));
        const viaCanonical = totalsOf(canonicalOf(raw));
        expect(viaLegacy).toEqual(viaCanonical);
      }),
      { numRuns: 200 },
    );
  });

  it('D11: numeric strings and numbers are the same value ("12.50" = 12.5)', () => {
    const asText = LegacyRenderRequestSchema.parse({
      ...base,
      rows: [{ desc: 'x', qty: ' 3 ', rate: '12.50', disc: '10', tax: '7.5' }],
    });
    const asNumbers = LegacyRenderRequestSchema.parse({
      ...base,
      rows: [{ desc: 'x', qty: 3, rate: 12.5, disc: 10, tax: 7.5 }],
    });
    expect(legacyToCanonical(asText)).toEqual(legacyToCanonical(asNumbers));
  });

  it('D11: ar-e is Arabic with Eastern Arabic digits; customLabels of the request language only', () => {
    const legacy = LegacyRenderRequestSchema.parse({
      ...base,
      lang: 'ar-e',
      customLabels: { 'ar-e': { bill_to: 'العميل', rate: 'السعر', page: '' }, en: { total: 'Sum' } },
    });
    expect((legacyToCanonical(legacy).invoice as { language: string }).language).toBe('ar');
    expect(legacyPresentation(legacy)).toEqual({
      template: 'neat-pro',
      digits: 'arab',
      labels: { billTo: 'العميل', unitPrice: 'السعر' },
    });
  });

  it('D11: the customer and delivery texts split into a name line and address lines', () => {
    const legacy = LegacyRenderRequestSchema.parse({
      ...base,
      to: 'Client GmbH\r\nHauptstraße 1\r\n10115 Berlin',
      ship: 'Warehouse 3',
    });
    const canonical = legacyToCanonical(legacy);
    expect(canonical.to).toEqual({ name: 'Client GmbH', address: 'Hauptstraße 1\n10115 Berlin' });
    expect(canonical.ship_to).toEqual({ name: 'Warehouse 3' });
  });

  it('D11: unknown customLabels keys are named, at most five and each shortened', () => {
    const labels = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}${'x'.repeat(60)}`, 'x']));
    const parsed = LegacyRenderRequestSchema.safeParse({ ...base, customLabels: { en: labels } });
    expect(parsed.success).toBe(false);
    const message = parsed.success ? '' : parsed.error.issues[0].message;
    expect(message).toMatch(
      /^has unknown label keys \(k0x{38}…, k1x{38}…, k2x{38}…, k3x{38}…, k4x{38}… and 995 more\)/,
    );
    expect(message.length).toBeLessThan(500);
  });

  it('D11: the model’s issue paths are told in legacy field names', () => {
    expect(legacyIssueText('items[3].quantity: must have at most 6 decimals; invoice.date: is required')).toBe(
      'rows[3].qty: must have at most 6 decimals; date: is required',
    );
    expect(legacyIssueText('from.logo: is 3000×3000 pixels; signature: x; to.address: y')).toBe(
      'logo: is 3000×3000 pixels; sig: x; to: y',
    );
  });
});

const base = {
  title: 'Acme',
  invno: 'L-1',
  date: '2026-03-01',
  to: 'Client',
  currency: 'USD',
  lang: 'en',
  template: 'neat-pro',
  rows: [{ desc: 'x', qty: 1, rate: 1 }],
};
