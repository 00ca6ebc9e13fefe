import { parseInvoiceRequest, resolveInvoice } from '@invoice/model';
import { describe, expect, it } from 'vitest';
import { renderInvoiceUbl } from '../src/index.ts';
import { all, documentLines, type El, one, opt, parseUbl, path } from './ubl-dom.ts';

function render(invoice: Record<string, unknown>, extra: Record<string, unknown> = {}): { doc: El; xml: string } {
  const parsed = parseInvoiceRequest({
    from: { name: 'S', country: 'NL', tax_id: 'NL123456789B01' },
    to: { name: 'B', country: 'DE' },
    items: [{ description: 'x', quantity: 3, unit: 'hours', unit_price: 100, tax_rate: 21, discount: 10 }],
    invoice: { number: 'CN-1', date: '2026-01-20', ...invoice },
    ...extra,
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const xml = renderInvoiceUbl(resolveInvoice(parsed.value, { today: '2026-01-20', randomBytes: new Uint8Array(6) }));
  return { doc: parseUbl(xml), xml };
}

const names = (el: El) => el.children.map((c) => c.name);

describe('issue 13: a credit note is a UBL CreditNote (type code 381)', () => {
  const note = render(
    {
      type: 'credit_note',
      original_number: 'INV-1',
      original_date: '2026-01-05',
      due_date: '2026-02-19',
      buyer_reference: 'BR-9',
      po_number: 'PO-7',
    },
    { payment: { iban: 'NL91ABNA0417164300' } },
  );

  it('issue 13: the root is CreditNote in the CreditNote-2 namespace with CreditNoteTypeCode 381 and credit note lines', () => {
    const { doc, xml } = note;
    expect(doc.name).toBe('CreditNote');
    expect(doc.attrs.xmlns).toBe('urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2');
    expect(one(doc, 'cbc:CreditNoteTypeCode').text).toBe('381');
    expect(opt(doc, 'cbc:InvoiceTypeCode')).toBeUndefined();
    const [line] = documentLines(doc);
    expect(line.name).toBe('cac:CreditNoteLine');
    expect(one(line, 'cbc:CreditedQuantity').attrs.unitCode).toBe('HUR');
    expect(one(line, 'cbc:CreditedQuantity').text).toBe('3');
    expect(xml).not.toContain('Invoice-2');
    expect(xml).not.toContain('InvoicedQuantity');
  });

  it('issue 13: the corrected invoice is cac:BillingReference/cac:InvoiceDocumentReference (BT-25, BT-26)', () => {
    const ref = path(note.doc, 'cac:BillingReference', 'cac:InvoiceDocumentReference');
    expect(names(ref)).toEqual(['cbc:ID', 'cbc:IssueDate']);
    expect(one(ref, 'cbc:ID').text).toBe('INV-1');
    expect(one(ref, 'cbc:IssueDate').text).toBe('2026-01-05');
  });

  it('issue 13: the header keeps the CreditNote sequence: no header DueDate, BT-9 as PaymentMeans/PaymentDueDate', () => {
    const { doc } = note;
    expect(opt(doc, 'cbc:DueDate')).toBeUndefined();
    const header = names(doc).filter((n) => !n.startsWith('cac:Accounting') && n !== 'cac:CreditNoteLine');
    expect(header.slice(0, 10)).toEqual([
      'cbc:UBLVersionID',
      'cbc:CustomizationID',
      'cbc:ID',
      'cbc:IssueDate',
      'cbc:CreditNoteTypeCode',
      'cbc:DocumentCurrencyCode',
      'cbc:BuyerReference',
      'cac:OrderReference',
      'cac:BillingReference',
      'cac:PaymentMeans',
    ]);
    const pm = one(doc, 'cac:PaymentMeans');
    expect(names(pm).slice(0, 2)).toEqual(['cbc:PaymentMeansCode', 'cbc:PaymentDueDate']);
    expect(one(pm, 'cbc:PaymentMeansCode').text).toBe('58');
    expect(one(pm, 'cbc:PaymentDueDate').text).toBe('2026-02-19');
  });

  it('issue 13: a due date without a payment block still reaches the credit note, with payment means code 1', () => {
    const { doc } = render({ type: 'credit_note', due_date: '2026-02-01' });
    const pm = one(doc, 'cac:PaymentMeans');
    expect(one(pm, 'cbc:PaymentMeansCode').text).toBe('1');
    expect(one(pm, 'cbc:PaymentDueDate').text).toBe('2026-02-01');
    expect(one(pm, 'cbc:PaymentID').text).toBe('CN-1');
  });

  it('issue 13: a credit note without original_number has no BillingReference', () => {
    expect(opt(render({ type: 'credit_note' }).doc, 'cac:BillingReference')).toBeUndefined();
  });

  it('issue 13: same positive amounts as the same request written as an invoice', () => {
    const invoice = render({ due_date: '2026-02-19' }, { payment: { iban: 'NL91ABNA0417164300' } });
    const amounts = (xml: string) => [...xml.matchAll(/currencyID="EUR">([^<]+)</g)].map((m) => m[1]);
    expect(amounts(note.xml)).toEqual(amounts(invoice.xml));
    expect(amounts(note.xml).every((a) => !a.startsWith('-'))).toBe(true);
    expect(invoice.doc.name).toBe('Invoice');
    expect(one(invoice.doc, 'cbc:InvoiceTypeCode').text).toBe('380');
    expect(one(invoice.doc, 'cbc:DueDate').text).toBe('2026-02-19');
    expect(opt(one(invoice.doc, 'cac:PaymentMeans'), 'cbc:PaymentDueDate')).toBeUndefined();
  });
});

describe('issue 13: optional EN 16931 references on any document', () => {
  it('issue 13: buyer_reference is cbc:BuyerReference (BT-10), order_reference/po_number cac:OrderReference/cbc:ID (BT-13)', () => {
    const { doc } = render({ buyer_reference: '04011000-12345-34', order_reference: 'PO-1' });
    expect(one(doc, 'cbc:BuyerReference').text).toBe('04011000-12345-34');
    expect(path(doc, 'cac:OrderReference', 'cbc:ID').text).toBe('PO-1');
    expect(all(doc, 'cac:BillingReference')).toEqual([]);
  });

  it('issue 13: the payment means code follows the payment block: 58 with an IBAN, 30 with an account number, else 1', () => {
    const code = (payment: Record<string, unknown>) =>
      path(render({}, { payment }).doc, 'cac:PaymentMeans', 'cbc:PaymentMeansCode').text;
    expect(code({ iban: 'NL91ABNA0417164300', account_number: '417164300' })).toBe('58');
    expect(code({ account_number: '417164300' })).toBe('30');
    expect(code({ instructions: 'Cash' })).toBe('1');
    expect(opt(render({}, { payment: { status: 'paid' } }).doc, 'cac:PaymentMeans')).toBeUndefined();
  });
});
