import { parseInvoiceRequest, resolveInvoice } from '@invoice/model';
import { describe, expect, it } from 'vitest';
import { renderInvoiceCii } from '../src/index.ts';
import { inside, text, texts } from './cii-read.ts';

function render(invoice: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  const parsed = parseInvoiceRequest({
    from: { name: 'S', country: 'FR', tax_id: 'FR12345678901' },
    to: { name: 'B', country: 'BE' },
    items: [{ description: 'x', quantity: 2, unit_price: 100, tax_rate: 20 }],
    invoice: { number: 'AV-1', date: '2026-01-20', currency: 'EUR', ...invoice },
    ...extra,
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return renderInvoiceCii(resolveInvoice(parsed.value, { today: '2026-01-20', randomBytes: new Uint8Array(6) }));
}

/** The names of the direct children of the first element of that name, in document order. */
function childNames(xml: string, name: string): string[] {
  const body = inside(xml, name).slice(name.length + 2);
  const names: string[] = [];
  let depth = 0;
  for (const m of body.matchAll(/<(\/?)([a-z]+:[A-Za-z]+)[^>]*?(\/?)>/g)) {
    if (m[1] === '/') depth--;
    else {
      if (depth === 0) names.push(m[2]);
      if (m[3] !== '/') depth++;
    }
  }
  return names;
}

describe('issue 13: a credit note in CII', () => {
  const note = render(
    { type: 'credit_note', original_number: 'F-2026-1', original_date: '2026-01-05', buyer_reference: 'SERVICE-A' },
    { payment: { iban: 'FR7630006000011234567890189' } },
  );

  it('issue 13: TypeCode 381 (BT-3)', () => {
    expect(text(inside(note, 'rsm:ExchangedDocument'), 'ram:TypeCode')).toBe('381');
    expect(text(inside(render({}), 'rsm:ExchangedDocument'), 'ram:TypeCode')).toBe('380');
  });

  it('issue 13: the corrected invoice is ram:InvoiceReferencedDocument after the monetary summation (BT-25, BT-26)', () => {
    const ref = inside(note, 'ram:InvoiceReferencedDocument');
    expect(text(ref, 'ram:IssuerAssignedID')).toBe('F-2026-1');
    expect(ref).toContain('<qdt:DateTimeString format="102">20260105</qdt:DateTimeString>');
    expect(childNames(note, 'ram:ApplicableHeaderTradeSettlement').slice(-2)).toEqual([
      'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
      'ram:InvoiceReferencedDocument',
    ]);
    expect(texts(render({ type: 'credit_note' }), 'ram:InvoiceReferencedDocument')).toEqual([]);
    expect(render({ type: 'credit_note' })).not.toContain('InvoiceReferencedDocument');
  });

  it('issue 13: BuyerReference (BT-10) opens the trade agreement, the order reference (BT-13) follows the parties', () => {
    const xml = render({ buyer_reference: 'SERVICE-A', orderReference: 'PO-3' });
    expect(childNames(xml, 'ram:ApplicableHeaderTradeAgreement')).toEqual([
      'ram:BuyerReference',
      'ram:SellerTradeParty',
      'ram:BuyerTradeParty',
      'ram:BuyerOrderReferencedDocument',
    ]);
    expect(text(xml, 'ram:BuyerReference')).toBe('SERVICE-A');
    expect(text(inside(xml, 'ram:BuyerOrderReferencedDocument'), 'ram:IssuerAssignedID')).toBe('PO-3');
  });

  it('issue 13: the amounts are those of the same request as an invoice', () => {
    const invoice = render({ buyer_reference: 'SERVICE-A' }, { payment: { iban: 'FR7630006000011234567890189' } });
    const sums = ['LineTotalAmount', 'TaxBasisTotalAmount', 'TaxTotalAmount', 'GrandTotalAmount', 'DuePayableAmount'];
    const amounts = (xml: string) => sums.map((n) => text(xml, `ram:${n}`));
    expect(amounts(note)).toEqual(['200.00', '200.00', '40.00', '240.00', '240.00']);
    expect(amounts(note)).toEqual(amounts(invoice));
    expect(texts(note, 'ram:CalculatedAmount')).toEqual(texts(invoice, 'ram:CalculatedAmount'));
    expect(text(note, 'ram:DuePayableAmount')).toBe('240.00');
    expect(text(inside(note, 'ram:SpecifiedTradeSettlementPaymentMeans'), 'ram:TypeCode')).toBe('58');
  });
});

describe('issue 13 / D9: a hosted snapshot stored before issue 13 has no invoice.type', () => {
  it('issue 13: it renders as an invoice (TypeCode 380), not a broken document', () => {
    const parsed = parseInvoiceRequest({
      from: { name: 'S', country: 'FR' },
      to: { name: 'B', country: 'BE' },
      items: [{ description: 'x', unit_price: 1 }],
    });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { type: _dropped, ...invoice } = parsed.value.invoice;
    const old = { ...parsed.value, invoice } as typeof parsed.value;
    const xml = renderInvoiceCii(resolveInvoice(old, { today: '2026-01-20', randomBytes: new Uint8Array(6) }));
    expect(text(inside(xml, 'rsm:ExchangedDocument'), 'ram:TypeCode')).toBe('380');
  });
});
