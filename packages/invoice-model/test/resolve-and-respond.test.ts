import { describe, expect, it } from 'vitest';
import { calculateInvoice } from '../src/calculate-totals.ts';
import { CalculationError, InvoiceValidationError } from '../src/invoice-errors.ts';
import { generateInvoiceNumber, INVOICE_NUMBER_PATTERN } from '../src/invoice-number.ts';
import type { InvoiceRequest } from '../src/invoice-request-schema.ts';
import { InvoiceResponseSchema, toInvoiceResponse } from '../src/invoice-response.ts';
import { resolveInvoice } from '../src/resolve-invoice.ts';
import { parseInvoiceRequest } from '../src/validate-invoice-request.ts';

function parse(body: Record<string, unknown>): InvoiceRequest {
  const r = parseInvoiceRequest({
    from: { name: 'Seller' },
    to: { name: 'Buyer' },
    items: [{ description: 'Work', quantity: 2, unit_price: 10.5, tax_rate: 20 }],
    ...body,
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const ctx = { today: '2025-03-09', randomBytes: new Uint8Array([0, 1, 25, 26, 31, 255]) };

describe('D13: invoice numbers and dates', () => {
  it('D13: INV- + UTC date + 6 base32 characters from the supplied bytes', () => {
    expect(generateInvoiceNumber('2025-03-09', ctx.randomBytes)).toBe('INV-20250309-ABZ277');
    expect(generateInvoiceNumber('2024-12-31', new Uint8Array([32, 64, 96, 128, 160, 192]))).toBe(
      'INV-20241231-AAAAAA',
    );
    expect(
      INVOICE_NUMBER_PATTERN.test(generateInvoiceNumber('2025-01-01', crypto.getRandomValues(new Uint8Array(6)))),
    ).toBe(true);
    expect(() => generateInvoiceNumber('2025-01-01', new Uint8Array(5))).toThrow(RangeError);
  });

  it('D13: number and date are filled when absent, kept when given; a stray invoice_number is ignored', () => {
    const generated = resolveInvoice(parse({ invoice_number: 'MINE-1' }), ctx);
    expect(generated.request.invoice.number).toBe('INV-20250309-ABZ277');
    expect(generated.request.invoice.date).toBe('2025-03-09');
    const given = resolveInvoice(parse({ invoice: { number: 'A-7', date: '2025-01-02' } }), ctx);
    expect(given.request.invoice).toMatchObject({ number: 'A-7', date: '2025-01-02' });
  });

  it('D13: a due_date before the defaulted date (today) is a validation_error', () => {
    const req = parse({ invoice: { due_date: '2025-03-08' } });
    expect(() => resolveInvoice(req, ctx)).toThrow(InvoiceValidationError);
    expect(() => resolveInvoice(req, ctx)).toThrow('invoice.due_date: must not be before invoice.date (2025-03-09)');
    expect(resolveInvoice(parse({ invoice: { due_date: '2025-03-09' } }), ctx).request.invoice.due_date).toBe(
      '2025-03-09',
    );
  });
});

describe('spec InvoiceResponse', () => {
  it('money as numbers with the currency minor units, rates and quantities as numbers, optional strings omitted', () => {
    const json = toInvoiceResponse(resolveInvoice(parse({ global_discount: 10 }), ctx));
    expect(InvoiceResponseSchema.parse(json)).toEqual(json);
    expect(json).toMatchObject({
      number: 'INV-20250309-ABZ277',
      date: '2025-03-09',
      currency: 'USD',
      language: 'en',
      template: 'classic',
      tax_inclusive: false,
      subtotal: 21,
      discount_total: 2.1,
      total_tax: 3.78,
      grand_total: 22.68,
      balance_due: 22.68,
      status: 'unpaid',
      shipping_label: 'Shipping',
      tax_lines: [{ name: 'Tax 20%', rate: 20, amount: 3.78 }],
    });
    expect(json.items[0]).toEqual({
      description: 'Work',
      quantity: 2,
      unit_price: 10.5,
      discount: 0,
      discount_type: 'percent',
      discount_amount: 0,
      tax_rate: 20,
      taxes: [{ name: 'Tax 20%', rate: 20, amount: 3.78 }],
      tax_amount: 3.78,
      line_total: 21,
    });
    expect(json.title).toBe('INVOICE'); // P3: the spec's default heading
    for (const key of ['due_date', 'po_number', 'terms', 'ship_to', 'hosted_url', 'hosted_expires_at', 'qr', 'notes'])
      expect(json).not.toHaveProperty(key);
    expect(JSON.stringify(json)).not.toContain('null');
  });

  it('D5: logos are never echoed; extras and echoed fields appear when given', () => {
    const logo = 'data:image/png;base64,' + 'A'.repeat(1000);
    const req = parse({
      from: { name: 'S', logo, tax_id: 'NL123' },
      ship_to: { name: 'Dock' },
      notes: 'Thanks',
      invoice: { title: 'Quote', po_number: 'PO1', terms: 'Net 30' },
    });
    const json = toInvoiceResponse(resolveInvoice(req, ctx), {
      hosted_url: 'https://x/api/i/abc?t=s',
      hosted_expires_at: 1_700_000_000,
      qr: { source: 'hosted_link', type: 'url' },
    });
    expect(json.from).toEqual({ name: 'S', tax_id: 'NL123' });
    expect(JSON.stringify(json)).not.toContain('data:image');
    expect(json).toMatchObject({
      title: 'Quote',
      po_number: 'PO1',
      terms: 'Net 30',
      ship_to: { name: 'Dock' },
      notes: 'Thanks',
      hosted_url: 'https://x/api/i/abc?t=s',
      hosted_expires_at: 1_700_000_000,
      qr: { source: 'hosted_link', type: 'url' },
    });
  });

  it('the structured address parts of from, to and ship_to are echoed when given', () => {
    const req = parse({
      to: {
        name: 'B',
        address: 'c/o X',
        street: 'Main St 1',
        postal_code: '10001',
        city: 'New York',
        state: 'NY',
        country: 'us',
      },
      ship_to: { name: 'Dock', city: 'Newark', country: 'US' },
    });
    const json = toInvoiceResponse(resolveInvoice(req, ctx));
    expect(InvoiceResponseSchema.parse(json)).toEqual(json);
    expect(json.to).toEqual({
      name: 'B',
      address: 'c/o X',
      street: 'Main St 1',
      postal_code: '10001',
      city: 'New York',
      state: 'NY',
      country: 'US',
    });
    expect(Object.keys(json.to)).toEqual(['name', 'address', 'street', 'postal_code', 'city', 'state', 'country']);
    expect(json.ship_to).toEqual({ name: 'Dock', city: 'Newark', country: 'US' });
    expect(json.from).toEqual({ name: 'Seller' });
  });

  it('D1: JPY money has no decimals in the response', () => {
    const json = toInvoiceResponse(
      resolveInvoice(
        parse({
          invoice: { currency: 'JPY' },
          items: [{ description: 'x', quantity: 3, unit_price: 333, tax_rate: 10 }],
        }),
        ctx,
      ),
    );
    expect([json.subtotal, json.total_tax, json.grand_total]).toEqual([999, 100, 1099]);
  });
});

describe('calculation_error', () => {
  it('D1/spec Errors: totals beyond exact JSON numbers (15 significant digits) are a CalculationError, never a 500', () => {
    const req = parse({ items: [{ description: 'x', quantity: 1e9, unit_price: 1e12 }] });
    expect(() => calculateInvoice(req)).toThrow(CalculationError);
    try {
      calculateInvoice(req);
    } catch (e) {
      expect((e as CalculationError).code).toBe('calculation_error');
      expect((e as Error).message).toMatch(/^subtotal: .* exceeds the largest supported amount 9999999999999\.99$/);
    }
    expect(() =>
      calculateInvoice(parse({ items: [{ description: 'x', quantity: 10, unit_price: 999_999_999_999.999 }] })),
    ).not.toThrow();
  });

  it('D1: a direct call with an amount discount above the line gross throws a validation error, not a wrong total', () => {
    const req = parse({});
    req.items[0] = { ...req.items[0], discount: 100, discount_type: 'amount' };
    expect(() => calculateInvoice(req)).toThrow(InvoiceValidationError);
  });
});

describe("issue 10.12: a line's taxes keep the request's order", () => {
  it('a line lists its components as given, while tax_lines stay in first-appearance order (D1)', () => {
    const req = parse({
      items: [
        {
          description: 'Eco first',
          quantity: 1,
          unit_price: 100,
          taxes: [
            { name: 'Eco', rate: 0.5 },
            { name: 'IGST', rate: 18 },
          ],
        },
        {
          description: 'IGST first',
          quantity: 1,
          unit_price: 200,
          taxes: [
            { name: 'IGST', rate: 18 },
            { name: 'Eco', rate: 0.5 },
          ],
        },
      ],
    });
    const res = toInvoiceResponse(resolveInvoice(req, ctx), {});
    expect(res.tax_lines.map((t) => t.name)).toEqual(['Eco', 'IGST']);
    expect(res.items[0].taxes.map((t) => t.name)).toEqual(['Eco', 'IGST']);
    expect(res.items[1].taxes.map((t) => t.name)).toEqual(['IGST', 'Eco']);
    expect(res.items[1].taxes.map((t) => t.amount)).toEqual([36, 1]);
  });
});
