import { describe, expect, it } from 'vitest';
import { formatIssuePath } from '../src/issue-messages.ts';
import { parseInvoiceRequest } from '../src/validate-invoice-request.ts';

const base = () => ({
  from: { name: 'Acme' },
  to: { name: 'Bob' },
  items: [{ description: 'Work', quantity: 1, unit_price: 10 }],
});

function error(body: unknown) {
  const r = parseInvoiceRequest(body);
  if (r.ok) throw new Error('expected a validation failure');
  return r.error;
}

describe('spec Errors / D4: validation errors carry the exact code and name the field path', () => {
  it('D4: paths are written items[3].unit_price', () => {
    expect(formatIssuePath(['items', 3, 'unit_price'])).toBe('items[3].unit_price');
    expect(formatIssuePath([])).toBe('body');
  });

  it('accepts the minimal body and applies defaults', () => {
    const r = parseInvoiceRequest(base());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.invoice.currency).toBe('USD');
    expect(r.value.invoice.language).toBe('en');
    expect(r.value.template).toBe('classic');
    expect(r.value.output).toBe('json');
    expect(r.value.rounding).toBe('none');
  });

  it('accepts camelCase and flat input after normalisation', () => {
    const r = parseInvoiceRequest({
      ...base(),
      currency: 'EUR',
      dueDate: '2030-01-01',
      items: [{ description: 'x', unitPrice: 3, taxRate: 7.5 }],
    });
    expect(r.ok && r.value.invoice.currency).toBe('EUR');
    expect(r.ok && r.value.invoice.due_date).toBe('2030-01-01');
    expect(r.ok && r.value.items[0].unit_price).toBe(3);
  });

  it('a non-object body is validation_error "body: must be a JSON object"', () => {
    for (const body of [null, [], 'x', 3, true])
      expect(error(body)).toEqual({
        code: 'validation_error',
        message: 'body: must be a JSON object',
        details: [{ path: 'body', rule: 'type', message: 'must be a JSON object' }],
      });
  });

  it('spec Errors: invalid_currency / invalid_language / invalid_template / invalid_output / invalid_qr_type', () => {
    expect(error({ ...base(), invoice: { currency: 'XXX' } }).code).toBe('invalid_currency');
    expect(error({ ...base(), currency: 'usd' }).code).toBe('invalid_currency');
    expect(error({ ...base(), invoice: { language: 'xx' } }).code).toBe('invalid_language');
    expect(error({ ...base(), template: 'fancy' }).code).toBe('invalid_template');
    expect(error({ ...base(), output: 'html' }).code).toBe('invalid_output');
    expect(error({ ...base(), payment: { qr: { type: 'bitcoin', value: 'x' } } }).code).toBe('invalid_qr_type');
    expect(error({ ...base(), invoice: { currency: 'XXX' } }).message).toBe(
      'invoice.currency: must be an active ISO 4217 code such as USD, EUR or KWD (GET /openapi.json and list_options list them)',
    );
  });

  it('the enum code wins over validation_error and is named first', () => {
    const e = error({ ...base(), to: undefined, template: 'fancy' });
    expect(e.code).toBe('invalid_template');
    expect(e.message).toBe('template: must be one of classic, modern, bold, minimal, navy; to: is required');
  });

  it('a missing qr type is validation_error, not invalid_qr_type', () => {
    const e = error({ ...base(), payment: { qr: { value: 'x' } } });
    expect(e.code).toBe('validation_error');
    expect(e.details).toEqual([{ path: 'payment.qr.type', rule: 'required', message: expect.any(String) }]);
  });

  it('D1: limits are named with the path and the rule', () => {
    const items = [1, 2, 3, 4].map(() => ({ description: 'x', unit_price: 1 }));
    items[3] = { description: 'x', unit_price: 1e12 + 1 };
    expect(error({ ...base(), items })).toEqual({
      code: 'validation_error',
      message: 'items[3].unit_price: must be at most 1000000000000',
      details: [{ path: 'items[3].unit_price', rule: 'maximum', message: 'must be at most 1000000000000' }],
    });
    expect(error({ ...base(), items: [{ description: 'x', quantity: -1 }] }).message).toBe(
      'items[0].quantity: must be at least 0',
    );
    expect(error({ ...base(), items: [{ description: 'x', unit_price: 1.1234567 }] }).message).toBe(
      'items[0].unit_price: must have at most 6 decimal places',
    );
    expect(error({ ...base(), global_tax: 101 }).message).toBe('global_tax: must be at most 100');
  });

  it('D1: numeric strings are a validation_error', () => {
    expect(error({ ...base(), items: [{ description: 'x', unit_price: '10' }] })).toEqual({
      code: 'validation_error',
      message: 'items[0].unit_price: must be a number (numeric strings are not accepted)',
      details: [
        { path: 'items[0].unit_price', rule: 'type', message: 'must be a number (numeric strings are not accepted)' },
      ],
    });
  });

  it('missing required fields say "is required"; at least one item is needed', () => {
    expect(error({ to: { name: 'b' }, items: [{ description: 'x' }] }).message).toBe('from: is required');
    expect(error({ ...base(), from: {} }).message).toBe('from.name: is required');
    expect(error({ ...base(), items: [] }).message).toBe('items: must have at least 1 line item');
    expect(error({ from: { name: 'a' }, to: { name: 'b' } }).message).toBe(
      'items: is required and must be an array of line items',
    );
  });

  it('several issues are joined with "; " and capped at five', () => {
    const items = Array.from({ length: 8 }, () => ({ description: 'x', quantity: -1 }));
    const e = error({ ...base(), items });
    expect(e.message.split('; ').slice(0, 5)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `items[${i}].quantity: must be at least 0`),
    );
    expect(e.message.endsWith('; and 3 more issues')).toBe(true);
  });

  it('D1: tax_rate and taxes together, global_tax and global_taxes together are validation_errors naming the fields', () => {
    expect(error({ ...base(), items: [{ description: 'x', tax_rate: 5, taxes: [{ rate: 1 }] }] }).message).toMatch(
      /^items\[0\]\.taxes: cannot be combined with tax_rate/,
    );
    expect(error({ ...base(), global_tax: 5, global_taxes: [{ rate: 1 }] }).message).toMatch(
      /^global_taxes: cannot be combined with global_tax/,
    );
  });

  it('D1 step 5: the same tax component twice in one list is a validation_error naming the duplicate', () => {
    expect(
      error({
        ...base(),
        items: [
          {
            description: 'x',
            taxes: [
              { name: 'VAT', rate: 19 },
              { name: 'VAT', rate: 19 },
            ],
          },
        ],
      }).message,
    ).toBe('items[0].taxes[1]: duplicates items[0].taxes[0] (same name and rate)');
    expect(error({ ...base(), global_taxes: [{ rate: 5 }, { name: 'X', rate: 1 }, { rate: 5 }] }).message).toBe(
      'global_taxes[2]: duplicates global_taxes[0] (same name and rate)',
    );
    expect(
      parseInvoiceRequest({
        ...base(),
        global_taxes: [
          { name: 'VAT', rate: 5 },
          { name: 'VAT', rate: 10 },
        ],
      }).ok,
    ).toBe(true);
  });

  it('D1 step 1: a line amount discount above the line gross is a validation_error naming items[i].discount', () => {
    const e = error({
      ...base(),
      items: [
        { description: 'a', unit_price: 1 },
        { description: 'x', quantity: 2, unit_price: 2.5, discount: 5.01, discount_type: 'amount' },
      ],
    });
    expect(e).toEqual({
      code: 'validation_error',
      message:
        'items[1].discount: must be at most the line gross 5 (quantity × unit_price) when discount_type is amount',
      details: [
        {
          path: 'items[1].discount',
          rule: 'exceeds',
          message: 'must be at most the line gross 5 (quantity × unit_price) when discount_type is amount',
        },
      ],
    });
    expect(
      parseInvoiceRequest({
        ...base(),
        items: [{ description: 'x', quantity: 2, unit_price: 2.5, discount: 5, discount_type: 'amount' }],
      }).ok,
    ).toBe(true);
  });

  it('D1: a percent discount above 100 is a validation_error', () => {
    expect(error({ ...base(), items: [{ description: 'x', unit_price: 1, discount: 101 }] }).message).toBe(
      'items[0].discount: must be at most 100 when discount_type is percent',
    );
  });

  it('D1 step 3: a global amount discount above the subtotal is a validation_error naming global_discount', () => {
    expect(error({ ...base(), global_discount: 10.01, global_discount_type: 'amount' })).toEqual({
      code: 'validation_error',
      message: 'global_discount: must be at most the subtotal 10.00 when global_discount_type is amount',
      details: [
        {
          path: 'global_discount',
          rule: 'exceeds',
          message: 'must be at most the subtotal 10.00 when global_discount_type is amount',
        },
      ],
    });
    expect(parseInvoiceRequest({ ...base(), global_discount: 10, global_discount_type: 'amount' }).ok).toBe(true);
  });

  it('D13: a due_date before the date is a validation_error', () => {
    expect(error({ ...base(), invoice: { date: '2025-03-02', due_date: '2025-03-01' } }).message).toBe(
      'invoice.due_date: must not be before invoice.date (2025-03-02)',
    );
    expect(error({ ...base(), invoice: { date: '2025-02-30' } }).message).toBe(
      'invoice.date: must be a calendar date in the form YYYY-MM-DD',
    );
  });
});

describe('structured address fields on from, to and ship_to', () => {
  const address = {
    street: 'Keizersgracht 1',
    postal_code: '1015 CJ',
    city: 'Amsterdam',
    state: 'Noord-Holland',
    country: 'NL',
  };

  it('are accepted beside the free-text address, in snake_case and camelCase; the country is trimmed and upper-cased', () => {
    const r = parseInvoiceRequest({
      ...base(),
      from: { name: 'Acme', address: 'Keizersgracht 1', ...address, country: ' nl ' },
      to: { name: 'Bob', street: 'Main St 1', postalCode: '10001', city: 'New York', state: 'NY', country: 'us' },
      shipTo: { name: 'Dock', postalCode: '3011', country: 'Nl' },
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.from).toEqual({ name: 'Acme', address: 'Keizersgracht 1', ...address });
    expect(r.value.to).toEqual({
      name: 'Bob',
      street: 'Main St 1',
      postal_code: '10001',
      city: 'New York',
      state: 'NY',
      country: 'US',
    });
    expect(r.value.ship_to).toEqual({ name: 'Dock', postal_code: '3011', country: 'NL' });
  });

  it('a country that is not an assigned ISO 3166-1 alpha-2 code is a validation_error naming the field', () => {
    expect(error({ ...base(), to: { name: 'Bob', country: 'XX' } })).toEqual({
      code: 'validation_error',
      message: 'to.country: must be an ISO 3166-1 alpha-2 country code',
      details: [{ path: 'to.country', rule: 'format', message: 'must be an ISO 3166-1 alpha-2 country code' }],
    });
    expect(error({ ...base(), from: { name: 'A', country: 'Germany' } }).message).toBe(
      'from.country: must be an ISO 3166-1 alpha-2 country code',
    );
    expect(error({ ...base(), ship_to: { country: 'DEU' } }).message).toBe(
      'ship_to.country: must be an ISO 3166-1 alpha-2 country code',
    );
    expect(error({ ...base(), to: { name: 'Bob', country: 49 } }).message).toBe('to.country: must be a string');
    expect(error({ ...base(), to: { name: 'Bob', city: 'x'.repeat(501) } }).message).toBe(
      'to.city: must be at most 500 characters',
    );
  });

  it('an empty country counts as not given', () => {
    const r = parseInvoiceRequest({ ...base(), to: { name: 'Bob', country: ' ' } });
    expect(r.ok && r.value.to.country).toBe('');
  });
});
