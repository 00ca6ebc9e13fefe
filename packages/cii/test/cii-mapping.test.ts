import { parseInvoiceRequest, resolveInvoice } from '@invoice/model';
import { renderInvoiceUbl } from '@invoice/ubl';
import { describe, expect, it } from 'vitest';
import { renderInvoiceCii } from '../src/index.ts';
import { inside, text, texts } from './cii-read.ts';

function render(body: Record<string, unknown>) {
  const parsed = parseInvoiceRequest({ invoice: { number: 'M-1', date: '2025-05-01' }, ...body });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const resolved = resolveInvoice(parsed.value, { today: '2025-05-01', randomBytes: new Uint8Array(16) });
  return { resolved, xml: renderInvoiceCii(resolved) };
}

const full = {
  from: {
    name: 'Seller BV',
    street: 'Keizersgracht 1',
    postal_code: '1015 CJ',
    city: 'Amsterdam',
    country: 'NL',
    tax_id: 'NL123456789B01',
    registration_no: 'KVK 12345678',
    email: 'billing@seller.example',
    phone: '+31 20 123 4567',
  },
  to: { name: 'Buyer GmbH', address: 'Unter den Linden 1\n10117 Berlin\nGermany', tax_id: 'DE123456789' },
  ship_to: { name: 'Dock 5', street: 'Hafenweg 5', city: 'Hamburg', country: 'DE' },
  invoice: { number: 'M-1', date: '2025-05-01', due_date: '2025-05-31', terms: 'Net 30', po_number: 'PO-9' },
  items: [{ description: 'Consulting', quantity: 2, unit: 'hours', unit_price: 100, tax_rate: 21, discount: 10 }],
  payment: {
    iban: 'NL91ABNA0417164300',
    swift: 'ABNANL2A',
    account_name: 'Seller BV',
    instructions: 'Pay by transfer',
  },
  notes: 'Thank you',
};

describe('CII mapping', () => {
  it('issue 13: the Factur-X EN 16931 profile: guideline urn:cen.eu:en16931:2017, commercial invoice 380, dates in format 102', () => {
    const { xml } = render(full);
    expect(text(inside(xml, 'ram:GuidelineSpecifiedDocumentContextParameter'), 'ram:ID')).toBe(
      'urn:cen.eu:en16931:2017',
    );
    expect(text(inside(xml, 'rsm:ExchangedDocument'), 'ram:TypeCode')).toBe('380');
    expect(xml).toContain('<udt:DateTimeString format="102">20250501</udt:DateTimeString>');
    expect(text(inside(xml, 'ram:SpecifiedTradePaymentTerms'), 'udt:DateTimeString')).toBe('20250531');
    expect(text(inside(xml, 'ram:SpecifiedTradePaymentTerms'), 'ram:Description')).toBe('Net 30');
  });

  it('issue 13: parties carry their addresses, tax ids (VA) and registration; ship_to is the ship-to party', () => {
    const { xml } = render(full);
    const seller = inside(xml, 'ram:SellerTradeParty');
    expect(text(seller, 'ram:CountryID')).toBe('NL');
    expect(text(seller, 'ram:LineOne')).toBe('Keizersgracht 1');
    expect(text(seller, 'ram:PostcodeCode')).toBe('1015 CJ');
    expect(seller).toContain('<ram:ID schemeID="VA">NL123456789B01</ram:ID>');
    expect(text(inside(seller, 'ram:SpecifiedLegalOrganization'), 'ram:ID')).toBe('KVK 12345678');
    const buyer = inside(xml, 'ram:BuyerTradeParty');
    expect(text(buyer, 'ram:CountryID')).toBe('DE');
    expect(text(buyer, 'ram:CityName')).toBe('10117 Berlin');
    const shipTo = inside(xml, 'ram:ShipToTradeParty');
    expect(text(shipTo, 'ram:Name')).toBe('Dock 5');
    expect(text(shipTo, 'ram:CountryID')).toBe('DE');
    expect(text(inside(xml, 'ram:BuyerOrderReferencedDocument'), 'ram:IssuerAssignedID')).toBe('PO-9');
  });

  it('issue 13: an IBAN is a SEPA credit transfer (58) with its BIC; an account number only is 30; notes only are 1', () => {
    const means = (payment: Record<string, unknown>) =>
      inside(render({ ...full, payment }).xml, 'ram:SpecifiedTradeSettlementPaymentMeans');
    const sepa = means(full.payment);
    expect(text(sepa, 'ram:TypeCode')).toBe('58');
    expect(text(sepa, 'ram:IBANID')).toBe('NL91ABNA0417164300');
    expect(text(sepa, 'ram:BICID')).toBe('ABNANL2A');
    expect(text(means({ account_number: '123456' }), 'ram:TypeCode')).toBe('30');
    expect(text(means({ account_number: '123456' }), 'ram:ProprietaryID')).toBe('123456');
    expect(text(means({ instructions: 'Cash' }), 'ram:TypeCode')).toBe('1');
    expect(render({ ...full, payment: undefined }).xml).not.toContain('SpecifiedTradeSettlementPaymentMeans');
  });

  it('issue 13: a line discount is a line allowance with its percentage and base; the net price and category are the UBL line’s', () => {
    const { xml, resolved } = render(full);
    const line = inside(xml, 'ram:IncludedSupplyChainTradeLineItem');
    expect(text(line, 'ram:CalculationPercent')).toBe('10');
    expect(text(line, 'ram:BasisAmount')).toBe('200.00');
    expect(text(line, 'ram:ActualAmount')).toBe('20.00');
    expect(text(line, 'ram:LineTotalAmount')).toBe('180.00');
    expect(text(line, 'ram:CategoryCode')).toBe('S');
    expect(text(line, 'ram:RateApplicablePercent')).toBe('21');
    expect(line).toContain('<ram:BilledQuantity unitCode="HUR">2</ram:BilledQuantity>');
    const ubl = renderInvoiceUbl(resolved);
    expect(text(line, 'ram:ChargeAmount')).toBe(text(ubl, 'cbc:PriceAmount'));
  });

  it('issue 13: a non-VAT buyer tax id is the buyer identifier (Factur-X allows only VA there)', () => {
    const { xml } = render({ ...full, to: { name: 'B', country: 'IN', tax_id: '29ABCDE1234F1Z5' } });
    const buyer = inside(xml, 'ram:BuyerTradeParty');
    expect(texts(buyer, 'ram:ID')).toEqual(['29ABCDE1234F1Z5']);
    expect(buyer).not.toContain('SpecifiedTaxRegistration');
  });

  it('issue 13: XML-special characters are escaped and the text reads back unchanged', () => {
    const special = `<&>"' ]]> --> &amp;`;
    const { xml } = render({ ...full, notes: special, items: [{ description: special, quantity: 1, unit_price: 1 }] });
    expect(text(inside(xml, 'rsm:ExchangedDocument'), 'ram:Content')).toBe(special);
    expect(text(inside(xml, 'ram:SpecifiedTradeProduct'), 'ram:Name')).toBe(special);
    expect(xml).not.toContain(special);
  });

  it('issue 13: D14: the same request renders byte-identical CII', () => {
    expect(render(full).xml).toBe(render(full).xml);
  });
});
