// D11: the legacy request is the canonical invoice by another name. Random legacy invoices and the
// canonical requests a client of /api/generate-invoice would write for them get the same D1 totals.
import {
  MAX_DETAILS,
  parseInvoiceRequest,
  resolveInvoice,
  SPEC_CURRENCY_CODES,
  toInvoiceResponse,
  zodIssueDetails,
} from '@invoice/model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../workers/http/api-error.ts';
import type { ErrorCode } from '../../workers/http/error-codes.ts';
import { FROM_API_CODE, legacyErrorRow, toLegacyError } from '../../workers/http/legacy-error-codes.ts';
import { LegacyRenderRequestSchema } from '../../workers/legacy/legacy-request-schema.ts';
import { legacyDetails, legacyPresentation, legacyToCanonical } from '../../workers/legacy/legacy-to-canonical.ts';

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
  currency: fc.constantFrom(...SPEC_CURRENCY_CODES),
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

  it('D11 / issue 21: unknown customLabels keys are named, at most five in the message, each shortened', () => {
    const labels = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}${'x'.repeat(60)}`, 'x']));
    const parsed = LegacyRenderRequestSchema.safeParse({ ...base, customLabels: { en: labels } });
    if (parsed.success) throw new Error('expected a refusal');
    const error = ApiError.fromDetails(
      'validation_error',
      zodIssueDetails(parsed.error.issues, LegacyRenderRequestSchema, { customLabels: { en: labels } }),
    );
    expect(error.details).toHaveLength(MAX_DETAILS);
    expect(error.details[0]).toEqual({
      path: `customLabels.en.k0${'x'.repeat(38)}…`,
      rule: 'unknown_field',
      message: expect.stringMatching(/^unknown field \(the keys are invoice, invoice_no, /),
    });
    expect(error.message).toMatch(/^customLabels\.en\.k0x{38}…: unknown field .*; and 995 more issues$/);
    expect(error.message.length).toBeLessThan(3000);
  });

  it('D11: the model’s issue paths are told in legacy field names', () => {
    const details = (paths: string[]) => paths.map((path) => ({ path, rule: 'invalid' as const, message: 'm' }));
    expect(
      legacyDetails(details(['items[3].quantity', 'invoice.date', 'from.logo', 'signature', 'to.address'])),
    ).toEqual(details(['rows[3].qty', 'date', 'logo', 'sig', 'to']));
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

describe('issue 21: the legacy error mapping is exhaustive', () => {
  it('every code of the error table has a legacy code; a client mistake is never told as INTERNAL_ERROR', () => {
    for (const [code, legacy] of Object.entries(FROM_API_CODE)) {
      const status = new ApiError(code as ErrorCode, 'x').status;
      const legacyStatus = legacyErrorRow(legacy)![1];
      // The spec's legacy table answers a failed document with 400 RENDER_ERROR (L5).
      if (legacy === 'RENDER_ERROR') {
        expect([code, status]).toEqual([code, 500]);
        continue;
      }
      // Otherwise 4xx stays 4xx and 5xx stays 5xx: the kind of failure is kept.
      expect([code, Math.floor(legacyStatus / 100)]).toEqual([code, Math.floor(status / 100)]);
    }
  });

  it('an unmapped failure and an internal one are INTERNAL_ERROR naming only the request id; details travel', () => {
    expect(toLegacyError(new Error('boom'), 'req_1')).toMatchObject({
      error: { code: 'INTERNAL_ERROR', message: 'Internal server error (request req_1)' },
      internal: true,
    });
    expect(toLegacyError(new ApiError('not_provisioned', 'HOSTED_LINK_SECRET missing'), 'req_2').error.message).toBe(
      'Internal server error (request req_2)',
    );
    const details = [{ path: 'rows[0].qty', rule: 'type' as const, message: 'must be a number' }];
    expect(toLegacyError(ApiError.fromDetails('validation_error', details), 'req_3').error.toBody()).toEqual({
      success: false,
      error: 'rows[0].qty: must be a number',
      code: 'VALIDATION_ERROR',
      details,
    });
  });
});
