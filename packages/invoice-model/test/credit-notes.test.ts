import { describe, expect, it } from 'vitest';
import { documentTypeOf } from '../src/document-type.ts';
import { InvoiceResponseSchema, toInvoiceResponse } from '../src/invoice-response.ts';
import { normaliseInvoiceInput } from '../src/normalise-input.ts';
import { resolveInvoice } from '../src/resolve-invoice.ts';
import { parseInvoiceRequest } from '../src/validate-invoice-request.ts';

const ctx = { today: '2026-01-20', randomBytes: new Uint8Array(6) };
const body = (extra: Record<string, unknown> = {}, invoice: Record<string, unknown> = {}) => ({
  from: { name: 'Seller' },
  to: { name: 'Buyer' },
  items: [{ description: 'Work', quantity: 2, unit_price: 10.5, tax_rate: 20 }],
  invoice: { number: 'CN-1', date: '2026-01-20', ...invoice },
  ...extra,
});

function respond(raw: Record<string, unknown>) {
  const parsed = parseInvoiceRequest(raw);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return toInvoiceResponse(resolveInvoice(parsed.value, ctx));
}

function errorOf(raw: Record<string, unknown>) {
  const parsed = parseInvoiceRequest(raw);
  if (parsed.ok) throw new Error('expected a validation error');
  return parsed.error;
}

describe('issue 13: invoice.type, the reference to the corrected invoice (BG-3)', () => {
  it('issue 13: type defaults to invoice and is echoed; the default title stays INVOICE', () => {
    const json = respond(body());
    expect(json).toMatchObject({ type: 'invoice', title: 'INVOICE' });
    expect(json).not.toHaveProperty('original_number');
    expect(() => InvoiceResponseSchema.parse(json)).not.toThrow();
  });

  it('issue 13: a credit note echoes its type, CREDIT NOTE as title and the original reference', () => {
    const json = respond(body({}, { type: 'credit_note', original_number: 'INV-1', original_date: '2026-01-05' }));
    expect(json).toMatchObject({
      type: 'credit_note',
      title: 'CREDIT NOTE',
      number: 'CN-1',
      original_number: 'INV-1',
      original_date: '2026-01-05',
    });
    expect(json.grand_total).toBe(25.2);
    expect(() => InvoiceResponseSchema.parse(json)).not.toThrow();
    // An explicit title still overrides the heading (spec InvoiceMeta.title).
    expect(respond(body({}, { type: 'credit_note', title: 'Storno' })).title).toBe('Storno');
  });

  it('issue 13: a credit note without a reference is valid (the reference is optional)', () => {
    expect(respond(body({}, { type: 'credit_note' })).type).toBe('credit_note');
  });

  it('issue 13: camelCase and flat spellings of type, original number and date are accepted', () => {
    const camel = respond(
      body({}, { type: 'credit_note', originalNumber: 'INV-1', originalDate: '2026-01-05' }) as Record<string, unknown>,
    );
    expect(camel).toMatchObject({ original_number: 'INV-1', original_date: '2026-01-05' });
    const flat = respond({
      from: { name: 'S' },
      to: { name: 'B' },
      items: [{ description: 'x', unitPrice: 1 }],
      type: 'credit_note',
      number: 'CN-9',
      originalNumber: 'INV-8',
      original_date: '2025-12-01',
      date: '2026-01-02',
    });
    expect(flat).toMatchObject({ type: 'credit_note', number: 'CN-9', original_number: 'INV-8' });
  });

  it('issue 13: a credit note whose number equals original_number is a 400 naming invoice.original_number and the rule', () => {
    const e = errorOf(body({}, { type: 'credit_note', number: 'INV-1', original_number: ' INV-1 ' }));
    expect(e.code).toBe('validation_error');
    expect(e.message).toBe(
      'invoice.original_number: must differ from invoice.number (INV-1): a credit note cannot correct itself',
    );
  });

  it('E3: original_number and original_date on a plain invoice are refused, naming each field', () => {
    const e = errorOf(body({}, { original_number: 'INV-0', original_date: '2026-01-01' }));
    expect(e.message).toBe(
      'invoice.original_number: is only allowed when invoice.type is credit_note; '
        + 'invoice.original_date: is only allowed when invoice.type is credit_note',
    );
  });

  it('E3: original_date needs original_number, must be a calendar date and not after the credit note', () => {
    expect(errorOf(body({}, { type: 'credit_note', original_date: '2026-01-05' })).message).toBe(
      'invoice.original_date: requires invoice.original_number (the invoice that date belongs to)',
    );
    expect(errorOf(body({}, { type: 'credit_note', original_number: 'I', original_date: '2025-02-30' })).message).toBe(
      'invoice.original_date: must be a calendar date in the form YYYY-MM-DD',
    );
    expect(errorOf(body({}, { type: 'credit_note', original_number: 'I', original_date: '2026-01-21' })).message).toBe(
      'invoice.original_date: must not be after invoice.date (2026-01-20): a credit note follows the invoice it corrects',
    );
    expect(errorOf(body({}, { type: 'credit_note', original_number: '  ' })).message).toBe(
      'invoice.original_number: must not be empty',
    );
  });

  it('issue 13: an unknown type is a validation_error listing the allowed values', () => {
    expect(errorOf(body({}, { type: 'debit_note' }))).toEqual({
      code: 'validation_error',
      message: 'invoice.type: must be one of invoice, credit_note',
      details: [{ path: 'invoice.type', rule: 'enum', message: 'must be one of invoice, credit_note' }],
    });
  });
});

describe('issue 13: optional EN 16931 references (BT-10, BT-13)', () => {
  it('issue 13: buyer_reference is accepted in snake, camel and flat form and echoed', () => {
    expect(respond(body({}, { buyer_reference: '04011000-12345-34' })).buyer_reference).toBe('04011000-12345-34');
    expect(respond(body({}, { buyerReference: 'R-2' })).buyer_reference).toBe('R-2');
    expect(respond({ ...body(), buyerReference: 'R-3' }).buyer_reference).toBe('R-3');
  });

  it('E3: order_reference (and orderReference, flat) is another name for po_number', () => {
    expect(respond(body({}, { order_reference: 'PO-1' })).po_number).toBe('PO-1');
    expect(respond(body({}, { orderReference: 'PO-2' })).po_number).toBe('PO-2');
    expect(respond({ ...body(), order_reference: 'PO-3' }).po_number).toBe('PO-3');
    expect(respond(body({}, { order_reference: 'PO-4', po_number: 'PO-4' })).po_number).toBe('PO-4');
    expect(normaliseInvoiceInput({ invoice: { orderReference: 'PO-5' } })).toEqual({ invoice: { po_number: 'PO-5' } });
  });

  it('E3: order_reference and po_number with different values are a 400 naming the alias', () => {
    expect(errorOf(body({}, { order_reference: 'PO-1', po_number: 'PO-2' }))).toEqual({
      code: 'validation_error',
      message:
        'invoice.order_reference: is another name for invoice.po_number, which has a different value; give one of them',
      details: [
        {
          path: 'invoice.order_reference',
          rule: 'conflict',
          message: 'is another name for invoice.po_number, which has a different value; give one of them',
        },
      ],
    });
  });
});

describe('issue 13 / D9: a request parsed before issue 13 (a hosted snapshot) has no type', () => {
  it('issue 13: it is an invoice in the JSON (and every renderer reads it through documentTypeOf)', () => {
    const parsed = parseInvoiceRequest(body());
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { type: _dropped, ...invoice } = parsed.value.invoice;
    const old = { ...parsed.value, invoice } as typeof parsed.value;
    expect(toInvoiceResponse(resolveInvoice(old, ctx))).toMatchObject({ type: 'invoice', title: 'INVOICE' });
    expect(documentTypeOf({ ...invoice, type: undefined })).toBe('invoice');
  });
});
