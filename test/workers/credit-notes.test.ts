import { describe, expect, it } from 'vitest';
import { call, freshClientIp, verifiedAccountWithKey } from './accounts-fixtures.ts';

type Json = Record<string, any>;

const body = {
  from: { name: 'Verkäufer GmbH', country: 'DE', tax_id: 'DE123456789', address: 'Hauptstraße 1\n10115 Berlin' },
  to: { name: 'Acheteur SA', country: 'FR', address: '1 rue de la Paix\n75002 Paris' },
  items: [
    { description: 'Returned licence', quantity: 2, unit_price: 49.95, tax_rate: 19 },
    { description: 'Support', quantity: 1.5, unit: 'hours', unit_price: 80, tax_rate: 19, discount: 10 },
  ],
  shipping: 4.5,
  invoice: {
    type: 'credit_note',
    number: 'GS-2026-1',
    date: '2026-01-20',
    original_number: 'RE-2026-7',
    original_date: '2026-01-05',
    buyer_reference: '04011000-12345-34',
    order_reference: 'PO-55',
    currency: 'EUR',
  },
};

const generate = (json: unknown, headers: Record<string, string> = {}) =>
  call('/api/generate-invoice', { method: 'POST', json, headers });

describe('issue 13: credit notes through POST /api/generate-invoice', () => {
  it('issue 13: output json echoes type, the original reference and buyer reference, with the totals of the same invoice', async () => {
    const { apiKey } = await verifiedAccountWithKey('cnjson');
    const headers = { Authorization: `Bearer ${apiKey}` };
    const note = (await (await generate({ ...body, features: { hosted_link: false } }, headers)).json()) as Json;
    const invoice = (await (
      await generate(
        {
          ...body,
          invoice: { ...body.invoice, type: 'invoice', original_number: undefined, original_date: undefined },
        },
        headers,
      )
    ).json()) as Json;
    expect(note.success).toBe(true);
    expect(note.invoice).toMatchObject({
      type: 'credit_note',
      title: 'CREDIT NOTE',
      number: 'GS-2026-1',
      original_number: 'RE-2026-7',
      original_date: '2026-01-05',
      buyer_reference: '04011000-12345-34',
      po_number: 'PO-55',
    });
    expect(invoice.invoice.type).toBe('invoice');
    for (const key of ['subtotal', 'total_tax', 'shipping', 'grand_total', 'balance_due', 'tax_lines', 'items'])
      expect(note.invoice[key], key).toEqual(invoice.invoice[key]);
    expect(note.invoice.grand_total).toBeGreaterThan(0);
  });

  it('issue 13: output ubl answers a UBL CreditNote (381) naming the corrected invoice, with no EN 16931 issues', async () => {
    const { apiKey } = await verifiedAccountWithKey('cnubl');
    const res = await generate({ ...body, output: 'ubl' }, { Authorization: `Bearer ${apiKey}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/xml/);
    expect(res.headers.get('Content-Disposition')).toMatch(/filename="GS-2026-1\.xml"/);
    expect(res.headers.has('X-EN16931-Issues')).toBe(false);
    const xml = await res.text();
    expect(xml).toMatch(/<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/);
    expect(xml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(xml).toContain('<cbc:BuyerReference>04011000-12345-34</cbc:BuyerReference>');
    expect(xml).toMatch(
      /<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>RE-2026-7<\/cbc:ID>\s*<cbc:IssueDate>2026-01-05<\/cbc:IssueDate>/,
    );
    expect(xml.match(/<cac:CreditNoteLine>/g)).toHaveLength(2);
    expect(xml).not.toContain('InvoiceLine');
  });

  it('issue 13: output cii answers TypeCode 381 with the InvoiceReferencedDocument (BT-25, BT-26)', async () => {
    const { apiKey } = await verifiedAccountWithKey('cncii');
    const res = await generate({ ...body, output: 'cii' }, { Authorization: `Bearer ${apiKey}` });
    expect(res.status).toBe(200);
    expect(res.headers.has('X-EN16931-Issues')).toBe(false);
    const xml = await res.text();
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toContain('<ram:BuyerReference>04011000-12345-34</ram:BuyerReference>');
    expect(xml).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>RE-2026-7<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20260105<\/qdt:DateTimeString>/,
    );
  });

  it('issue 13: output pdf renders a credit note', async () => {
    const { apiKey } = await verifiedAccountWithKey('cnpdf');
    const res = await generate(
      { ...body, output: 'pdf', invoice: { ...body.invoice, language: 'fr' } },
      {
        Authorization: `Bearer ${apiKey}`,
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).subarray(0, 5))).toBe('%PDF-');
  });

  it('issue 13: /openapi.json describes type, the original reference and buyer_reference, request and response', async () => {
    const s = ((await (await call('/openapi.json')).json()) as Json).components.schemas;
    expect(s.InvoiceMeta.properties.type).toMatchObject({ enum: ['invoice', 'credit_note'], default: 'invoice' });
    for (const field of ['original_number', 'original_date', 'buyer_reference', 'po_number'])
      expect(s.InvoiceMeta.properties[field], field).toBeDefined();
    expect(s.InvoiceMeta.properties.po_number.description).toContain('order_reference');
    expect(s.InvoiceResponse.properties.type.enum).toEqual(['invoice', 'credit_note']);
    expect(s.InvoiceResponse.required).toContain('type');
    for (const field of ['original_number', 'original_date', 'buyer_reference'])
      expect(s.InvoiceResponse.properties[field], field).toBeDefined();
  });

  it.each([
    [
      { ...body.invoice, original_number: 'GS-2026-1' },
      'invoice.original_number: must differ from invoice.number (GS-2026-1): a credit note cannot correct itself',
    ],
    [
      { ...body.invoice, type: 'invoice' },
      'invoice.original_number: is only allowed when invoice.type is credit_note; invoice.original_date: is only allowed when invoice.type is credit_note',
    ],
    [{ ...body.invoice, type: 'refund' }, 'invoice.type: must be one of invoice, credit_note'],
    [
      { ...body.invoice, po_number: 'PO-1' },
      'invoice.order_reference: is another name for invoice.po_number, which has a different value; give one of them',
    ],
  ])('issue 13 / E3: %# answers 400 validation_error naming the field and the rule', async (invoice, message) => {
    // A client IP per refused request, so the anonymous window (D3) never decides the answer.
    const res = await generate({ ...body, invoice }, { 'CF-Connecting-IP': freshClientIp() });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as Json).error;
    expect(error).toEqual({ code: 'validation_error', message, details: expect.any(Array) });
    // The details are what the message is made of, field by field.
    expect(error.details.map((d: Json) => `${d.path}: ${d.message}`).join('; ')).toBe(message);
  });
});
