import { describe, expect, it } from 'vitest';
import { InvoiceValidationError } from '../src/invoice-errors.ts';
import { KNOWN_FIELD_FINGERPRINTS } from '../src/known-field-names.ts';
import { camelToSnake, MAX_KEYS_PER_OBJECT, normaliseInvoiceInput } from '../src/normalise-input.ts';
import { parseInvoiceRequest } from '../src/validate-invoice-request.ts';

describe('spec Resources: accepted input forms are normalised to canonical snake_case nested', () => {
  it('camelCase keys are converted at every level, generically', () => {
    const out = normaliseInvoiceInput({
      from: { name: 'Acme', taxId: 'NL1', registrationNo: 'R1' },
      to: { name: 'Bob' },
      shipTo: { name: 'Dock 4' },
      items: [
        { description: 'x', unitPrice: 5, taxRate: 20, discountType: 'amount', taxes: [{ name: 'VAT', rate: 1 }] },
      ],
      globalTax: 10,
      globalTaxes: [{ rate: 2 }],
      globalDiscount: 3,
      globalDiscountType: 'percent',
      amountPaid: 1,
      accentColor: '#112233',
      refundPolicy: 'none',
      shippingLabel: 'Freight',
      payment: {
        payTo: 'me',
        bankName: 'B',
        accountName: 'A',
        accountNumber: '1',
        routingNumber: '2',
        methodNote: 'n',
        qr: { type: 'text', value: 'v' },
      },
      features: { hostedLink: false, qr: true },
      invoice: { dueDate: '2025-02-01', poNumber: 'PO', taxInclusive: true },
    });
    expect(out).toEqual({
      from: { name: 'Acme', tax_id: 'NL1', registration_no: 'R1' },
      to: { name: 'Bob' },
      ship_to: { name: 'Dock 4' },
      items: [
        { description: 'x', unit_price: 5, tax_rate: 20, discount_type: 'amount', taxes: [{ name: 'VAT', rate: 1 }] },
      ],
      global_tax: 10,
      global_taxes: [{ rate: 2 }],
      global_discount: 3,
      global_discount_type: 'percent',
      amount_paid: 1,
      accent_color: '#112233',
      refund_policy: 'none',
      shipping_label: 'Freight',
      payment: {
        pay_to: 'me',
        bank_name: 'B',
        account_name: 'A',
        account_number: '1',
        routing_number: '2',
        method_note: 'n',
        qr: { type: 'text', value: 'v' },
      },
      features: { hosted_link: false, qr: true },
      invoice: { due_date: '2025-02-01', po_number: 'PO', tax_inclusive: true },
    });
  });

  it('generic conversion handles acronyms and leaves snake keys alone', () => {
    expect(camelToSnake('unitPrice')).toBe('unit_price');
    expect(camelToSnake('IBAN')).toBe('iban');
    expect(camelToSnake('swiftBIC')).toBe('swift_bic');
    expect(camelToSnake('someNewFieldX2')).toBe('some_new_field_x2');
    expect(camelToSnake('due_date')).toBe('due_date');
  });

  it('string values are never touched, even when they look like camelCase keys', () => {
    const out = normaliseInvoiceInput({
      notes: 'unitPrice taxRate',
      items: [{ description: 'dueDate' }],
      from: { name: 'camelCase Ltd' },
    });
    expect(out).toEqual({
      notes: 'unitPrice taxRate',
      items: [{ description: 'dueDate' }],
      from: { name: 'camelCase Ltd' },
    });
  });

  it('flat top-level invoice metadata moves under invoice (snake and camel forms)', () => {
    const out = normaliseInvoiceInput({
      number: 'A-1',
      date: '2025-01-01',
      dueDate: '2025-01-31',
      currency: 'EUR',
      language: 'de',
      title: 'Quote',
      terms: 'Net 30',
      poNumber: 'PO-9',
      taxInclusive: true,
      items: [],
    });
    expect(out).toEqual({
      items: [],
      invoice: {
        number: 'A-1',
        date: '2025-01-01',
        due_date: '2025-01-31',
        currency: 'EUR',
        language: 'de',
        title: 'Quote',
        terms: 'Net 30',
        po_number: 'PO-9',
        tax_inclusive: true,
      },
    });
  });

  it('nested invoice metadata wins over flat fields', () => {
    const out = normaliseInvoiceInput({ currency: 'EUR', language: 'fr', invoice: { currency: 'GBP' } }) as Record<
      string,
      unknown
    >;
    expect(out.invoice).toEqual({ currency: 'GBP', language: 'fr' });
    expect(out).not.toHaveProperty('currency');
  });

  it('D13: a stray invoice_number / invoiceNumber is ignored', () => {
    expect(normaliseInvoiceInput({ invoice_number: 'X-1', from: { name: 'a' } })).toEqual({ from: { name: 'a' } });
    expect(normaliseInvoiceInput({ invoiceNumber: 'X-1' })).toEqual({});
  });

  it('snake wins when a key comes both camel and snake at one level', () => {
    expect(normaliseInvoiceInput({ unitPrice: 1, unit_price: 2 })).toEqual({ unit_price: 2 });
    expect(normaliseInvoiceInput({ unit_price: 2, unitPrice: 1 })).toEqual({ unit_price: 2 });
    expect(normaliseInvoiceInput({ items: [{ taxRate: 5, tax_rate: 7 }] })).toEqual({ items: [{ tax_rate: 7 }] });
  });

  it('non-objects pass through unchanged, and __proto__ keys never reach the prototype', () => {
    expect(normaliseInvoiceInput('x')).toBe('x');
    expect(normaliseInvoiceInput(null)).toBe(null);
    const arr = [1];
    expect(normaliseInvoiceInput(arr)).toBe(arr);
    const out = normaliseInvoiceInput(JSON.parse('{"__proto__": {"polluted": true}, "from": {"name": "a"}}')) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('very deep values do not overflow the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => normaliseInvoiceInput({ notes: deep })).not.toThrow();
  });

  it('issue 10.10 / 21: unknown keys are kept as sent, unconverted, for the strict schema to name; known ones are converted', () => {
    const unknown = { deep: { fooBar: 1 } };
    const out = normaliseInvoiceInput({
      fooBarBaz: unknown,
      from: { name: 'a', nickName: 'b' },
      items: [{ unitPrice: 1, colourHint: 'x' }],
    }) as Record<string, unknown>;
    expect(out).toEqual({
      fooBarBaz: unknown,
      from: { name: 'a', nickName: 'b' },
      items: [{ unit_price: 1, colourHint: 'x' }],
    });
    // Not converted, not even looked into: the same object, whatever it holds.
    expect(out.fooBarBaz).toBe(unknown);
    expect(KNOWN_FIELD_FINGERPRINTS.has('unitprice')).toBe(true);
    expect(KNOWN_FIELD_FINGERPRINTS.has('hostedlink')).toBe(true);
    expect(KNOWN_FIELD_FINGERPRINTS.has('iban')).toBe(true);
    expect(normaliseInvoiceInput({ payment: { IBAN: 'DE00', swiftBIC: 'x' } })).toEqual({
      payment: { iban: 'DE00', swiftBIC: 'x' },
    });
  });

  it('issue 21: a `__proto__` key stays an own data key (it never becomes the prototype)', () => {
    const out = normaliseInvoiceInput(JSON.parse('{"from":{"name":"a"},"__proto__":{"polluted":true}}')) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(out)).toEqual(['from', '__proto__']);
  });

  it('spec Resources: a stray top-level invoice_number (any spelling) is dropped unread', () => {
    expect(normaliseInvoiceInput({ invoice_number: 'X-1', invoiceNumber: 'X-2', from: { name: 'a' } })).toEqual({
      from: { name: 'a' },
    });
    // Only at the top level: inside `invoice` the number is `number`, and invoice_number there is unknown.
    expect(normaliseInvoiceInput({ invoice: { invoice_number: 'X-3' } })).toEqual({
      invoice: { invoice_number: 'X-3' },
    });
  });

  it('issue 10.10: an object with more keys than any request has, or a body past the key budget, is a validation_error before conversion', () => {
    const wide = Object.fromEntries(Array.from({ length: MAX_KEYS_PER_OBJECT + 1 }, (_, i) => [`someKey${i}`, i]));
    expect(() => normaliseInvoiceInput({ from: wide })).toThrow(
      new InvoiceValidationError(
        'from',
        'max_keys',
        `has ${MAX_KEYS_PER_OBJECT + 1} keys; an object of an invoice request has at most ${MAX_KEYS_PER_OBJECT}`,
      ),
    );
    const many = Array.from({ length: 200 }, () =>
      Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, i])),
    );
    expect(() => normaliseInvoiceInput({ items: many })).toThrow(/body: has more than 20000 keys/);
    expect(parseInvoiceRequest({ from: wide })).toMatchObject({
      ok: false,
      error: { code: 'validation_error', message: expect.stringMatching(/^from: has \d+ keys/) },
    });
  });

  it('issue 10.10: the review body (760,000 unique camelCase keys) is refused by the object bound, before any key is converted', () => {
    const body: Record<string, number> = {};
    for (let i = 0; i < 760_000; i++) body[`someCamelKey${i}`] = i;
    expect(parseInvoiceRequest(body)).toEqual({
      ok: false,
      error: {
        code: 'validation_error',
        message: `body: has 760000 keys; an object of an invoice request has at most ${MAX_KEYS_PER_OBJECT}`,
        details: [
          {
            path: 'body',
            rule: 'max_keys',
            message: `has 760000 keys; an object of an invoice request has at most ${MAX_KEYS_PER_OBJECT}`,
          },
        ],
      },
    });
  });
});
