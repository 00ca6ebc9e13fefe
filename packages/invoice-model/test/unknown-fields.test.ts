// Issue 21: an invoice request refuses every key it does not know, naming its path and, where one is
// close, the field that was probably meant; the accepted spellings and the tolerated keys still pass.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  InvoiceRequestSchema,
  ISSUE_RULES,
  keysAt,
  parseInvoiceRequest,
  suggestField,
  TOLERATED_FIELDS,
} from '../src/index.ts';

const base = () => ({
  from: { name: 'Acme' },
  to: { name: 'Bob' },
  items: [{ description: 'Work', quantity: 1, unit_price: 10 }],
});

function refusal(body: unknown) {
  const r = parseInvoiceRequest(body);
  if (r.ok) throw new Error('expected a refusal');
  return r.error;
}

describe('issue 21: unknown fields are errors', () => {
  it.each([
    ['a line price', { items: [{ description: 'x', quantity: 2, price: 5 }] }, 'items[0].price', 'unit_price'],
    ['a misspelt quantity', { items: [{ description: 'x', quantiy: 2 }] }, 'items[0].quantiy', 'quantity'],
    ['qty', { items: [{ description: 'x', qty: 2 }] }, 'items[0].qty', 'quantity'],
    ['a camelCase typo', { invoice: { dueDat: '2026-01-01' } }, 'invoice.dueDat', 'due_date'],
    ['a transposition', { items: [{ description: 'x', unit_pirce: 1 }] }, 'items[0].unit_pirce', 'unit_price'],
    ['a field of another object', { from: { name: 'A', iban: 'DE00' } }, 'from.iban', undefined],
    ['a zip code', { to: { name: 'B', zip: '10115' } }, 'to.zip', 'postal_code'],
    ['a font', { font: 'Inter' }, 'font', undefined],
    ['send_email', { send_email: true }, 'send_email', undefined],
    ['a number inside invoice', { invoice: { invoice_number: 'X' } }, 'invoice.invoice_number', 'number'],
    [
      'a QR option',
      { payment: { qr: { type: 'url', value: 'https://a.example', size: 3 } } },
      'payment.qr.size',
      undefined,
    ],
  ])('%s is a validation_error naming the path and the suggestion', (_, change, path, meant) => {
    const e = refusal({ ...base(), ...change });
    expect(e.code).toBe('validation_error');
    const message = `unknown field${meant ? ` (did you mean ${meant}?)` : ''}`;
    expect(e.details).toEqual([{ path, rule: 'unknown_field', message }]);
    expect(e.message).toBe(`${path}: ${message}`);
  });

  it('every unknown key is named, beside the other problems, in one answer', () => {
    const e = refusal({ ...base(), font: 'Inter', to: { name: '' }, items: [{ description: 'x', price: 1 }] });
    expect(e.details.map((d) => [d.path, d.rule])).toEqual(
      expect.arrayContaining([
        ['font', 'unknown_field'],
        ['items[0].price', 'unknown_field'],
        ['to.name', 'not_empty'],
      ]),
    );
  });

  it('a long unknown key is echoed shortened', () => {
    const e = refusal({ ...base(), ['x'.repeat(100)]: 1 });
    expect(e.details[0].path).toBe(`${'x'.repeat(40)}…`);
  });

  it('the accepted spellings keep working: camelCase, the flat layer, order_reference', () => {
    const ok = parseInvoiceRequest({
      from: { name: 'A', taxId: 'DE1', postalCode: '1' },
      to: { name: 'B' },
      items: [{ description: 'x', unitPrice: 3, taxRate: 7.5, discountType: 'amount', discount: 1 }],
      globalDiscount: 1,
      currency: 'EUR',
      dueDate: '2030-01-01',
      orderReference: 'PO-1',
    });
    if (!ok.ok) throw new Error(ok.error.message);
    expect(ok.value.invoice).toMatchObject({ currency: 'EUR', due_date: '2030-01-01', po_number: 'PO-1' });
    expect(ok.value.from).toMatchObject({ tax_id: 'DE1', postal_code: '1' });
  });

  it('spec: the tolerated keys (TOLERATED_FIELDS) still pass, unread', () => {
    expect(TOLERATED_FIELDS.map((f) => f.path)).toEqual(['invoice_number']);
    for (const key of ['invoice_number', 'invoiceNumber']) {
      const r = parseInvoiceRequest({ ...base(), [key]: 'INV-CLIENT-1' });
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.invoice.number).toBeUndefined();
    }
  });

  it('property: a key no schema object has, added to any object of a valid request, is refused at its path', () => {
    // The objects of a request and their paths; a key is added to one of them.
    const places: [string, (b: ReturnType<typeof full>) => Record<string, unknown>][] = [
      ['', (b) => b],
      ['from.', (b) => b.from],
      ['to.', (b) => b.to],
      ['ship_to.', (b) => b.ship_to],
      ['invoice.', (b) => b.invoice],
      ['items[0].', (b) => b.items[0]],
      ['items[0].taxes[0].', (b) => b.items[0].taxes[0]],
      ['payment.', (b) => b.payment],
      ['payment.qr.', (b) => b.payment.qr],
      ['features.', (b) => b.features],
    ];
    const full = () => ({
      ...base(),
      ship_to: { name: 'Dock' },
      invoice: { currency: 'EUR' },
      items: [{ description: 'x', quantity: 1, unit_price: 2, taxes: [{ name: 'VAT', rate: 19 }] }],
      payment: { iban: 'DE00', qr: { type: 'text', value: 'hello' } },
      features: { qr: true },
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...places),
        fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,20}$/).filter((k) => k !== 'invoice_number' && k !== 'invoiceNumber'),
        ([prefix, at], key) => {
          const body = full();
          const target = at(body);
          const known = keysAt(InvoiceRequestSchema, []).keys;
          fc.pre(!(key in target) && !Object.hasOwn(Object.prototype, key));
          // A key that is some field's name in any spelling is converted, and then unknown where it landed.
          target[key] = 1;
          const r = parseInvoiceRequest(body);
          if (r.ok) {
            // Only the flat layer's metadata fields are accepted at the top level.
            expect(prefix).toBe('');
            expect(known).not.toContain(key);
            return;
          }
          expect(r.error.details.some((d) => d.rule === 'unknown_field' && d.path.startsWith(prefix))).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('issue 21: rules are stable machine names', () => {
  it.each([
    [{ from: undefined }, 'from', 'required'],
    [{ items: 'x' }, 'items', 'type'],
    [{ items: [] }, 'items', 'min_items'],
    [{ items: Array.from({ length: 101 }, () => ({ description: 'x' })) }, 'items', 'max_items'],
    [{ to: { name: ' ' } }, 'to.name', 'not_empty'],
    [{ to: { name: 'x'.repeat(501) } }, 'to.name', 'max_length'],
    [{ items: [{ description: 'x', quantity: -1 }] }, 'items[0].quantity', 'minimum'],
    [{ global_tax: 101 }, 'global_tax', 'maximum'],
    [{ items: [{ description: 'x', unit_price: 1.0000001 }] }, 'items[0].unit_price', 'decimal_places'],
    [{ accent_color: 'red' }, 'accent_color', 'pattern'],
    [{ template: 'fancy' }, 'template', 'enum'],
    [{ invoice: { date: '2026-02-30' } }, 'invoice.date', 'format'],
    [{ global_tax: 1, global_taxes: [{ rate: 1 }] }, 'global_taxes', 'conflict'],
    [{ invoice: { date: '2026-02-02', due_date: '2026-02-01' } }, 'invoice.due_date', 'order'],
    [{ global_taxes: [{ rate: 1 }, { rate: 1 }] }, 'global_taxes[1]', 'duplicate'],
    [{ global_discount: 11, global_discount_type: 'amount' }, 'global_discount', 'exceeds'],
    [{ payment: { qr: { type: 'upi', value: 'nope' } } }, 'payment.qr.value', 'payload'],
    [{ from: { name: 'A', logo: 'ftp://x' } }, 'from.logo', 'format'],
    [{ to: { name: 'B', country: 'XX' } }, 'to.country', 'format'],
    [{ invoice: { number: '  ' } }, 'invoice.number', 'not_empty'],
    [{ items: [{ description: 'x', tax_rate: 1, taxes: [{ rate: 1 }] }] }, 'items[0].taxes', 'conflict'],
    [{ items: [{ description: 'x', unit_price: 1, discount: 101 }] }, 'items[0].discount', 'maximum'],
    [{ global_discount: 101 }, 'global_discount', 'maximum'],
    [{ invoice: { original_number: 'A-1' } }, 'invoice.original_number', 'conflict'],
    [{ invoice: { type: 'credit_note', original_date: '2026-01-01' } }, 'invoice.original_date', 'required'],
    [
      { invoice: { type: 'credit_note', number: 'A-1', original_number: 'A-1' } },
      'invoice.original_number',
      'conflict',
    ],
    [
      { invoice: { type: 'credit_note', date: '2026-01-01', original_number: 'A', original_date: '2026-02-01' } },
      'invoice.original_date',
      'order',
    ],
    [
      { items: [{ description: 'x', quantity: 1, unit_price: 1, discount: 2, discount_type: 'amount' }] },
      'items[0].discount',
      'exceeds',
    ],
    [{ invoice: { order_reference: 'A', po_number: 'B' } }, 'invoice.order_reference', 'conflict'],
  ])('%j → %s breaks %s', (change, path, rule) => {
    const e = refusal({ ...base(), ...change });
    expect(e.details).toContainEqual({ path, rule, message: expect.any(String) });
    expect(ISSUE_RULES).toContain(rule);
    expect(e.details.map((d) => d.rule)).not.toContain('invalid');
  });
});

describe('issue 21: suggestField', () => {
  it.each([
    ['Unit-Price', ['description', 'unit_price'], 'unit_price'],
    ['quantity', ['desc', 'qty', 'rate'], 'qty'],
    ['price', ['description', 'quantity', 'unit_price'], 'unit_price'],
    ['descripton', ['description', 'quantity'], 'description'],
    ['colour', ['description', 'quantity'], undefined],
    ['x'.repeat(65), ['x'.repeat(65)], undefined],
  ])('%s among %j → %s', (key, candidates, meant) => {
    expect(suggestField(key, candidates)).toBe(meant);
  });
});
