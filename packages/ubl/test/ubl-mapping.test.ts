import { parseInvoiceRequest, type ResolvedInvoice, resolveInvoice } from '@invoice/model';
import { describe, expect, it } from 'vitest';
import { renderInvoiceUbl } from '../src/index.ts';
import { all, type El, one, opt, parseUbl, path } from './ubl-dom.ts';

function render(raw: Record<string, unknown>): { doc: El; xml: string; resolved: ResolvedInvoice } {
  const parsed = parseInvoiceRequest({
    invoice: { number: 'T-1', date: '2025-05-01' },
    from: { name: 'S' },
    to: { name: 'B' },
    ...raw,
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const resolved = resolveInvoice(parsed.value, { today: '2025-05-01', randomBytes: new Uint8Array(16) });
  const xml = renderInvoiceUbl(resolved);
  return { doc: parseUbl(xml), xml, resolved };
}

const lineCats = (doc: El) =>
  all(doc, 'cac:InvoiceLine').map((l) => path(l, 'cac:Item', 'cac:ClassifiedTaxCategory', 'cbc:ID').text);
const subCats = (doc: El) =>
  all(one(doc, 'cac:TaxTotal'), 'cac:TaxSubtotal').map((s) => {
    const c = one(s, 'cac:TaxCategory');
    return `${one(c, 'cbc:ID').text}${opt(c, 'cbc:Percent')?.text ?? ''}`;
  });
const item = (extra: Record<string, unknown> = {}) => ({ description: 'x', quantity: 1, unit_price: 100, ...extra });

describe('header and parties', () => {
  it('writes UBLVersionID 2.1, the EN 16931 CustomizationID and InvoiceTypeCode 380', () => {
    const { doc } = render({ items: [item()] });
    expect(one(doc, 'cbc:UBLVersionID').text).toBe('2.1');
    expect(one(doc, 'cbc:CustomizationID').text).toBe('urn:cen.eu:en16931:2017');
    expect(one(doc, 'cbc:InvoiceTypeCode').text).toBe('380');
    expect(one(doc, 'cbc:IssueDate').text).toBe('2025-05-01');
  });

  it('maps every party field: name, address, tax id, registration number, email, phone, website', () => {
    const { doc } = render({
      from: {
        name: 'Seller',
        address: 'Main St 1\nFloor 2\nBuilding C\nSuite 4\n75001 Paris\nFrance',
        tax_id: 'FR12345678901',
        registration_no: 'RCS 1',
        email: 'a@s.fr',
        phone: '+33 1',
        website: 'https://s.fr',
      },
      items: [item({ tax_rate: 20 })],
    });
    const p = path(doc, 'cac:AccountingSupplierParty', 'cac:Party');
    expect(one(p, 'cbc:WebsiteURI').text).toBe('https://s.fr');
    expect(path(p, 'cac:PartyName', 'cbc:Name').text).toBe('Seller');
    const a = one(p, 'cac:PostalAddress');
    expect([
      one(a, 'cbc:StreetName').text,
      one(a, 'cbc:AdditionalStreetName').text,
      path(a, 'cac:AddressLine', 'cbc:Line').text,
      one(a, 'cbc:CityName').text,
      path(a, 'cac:Country', 'cbc:IdentificationCode').text,
    ]).toEqual(['Main St 1', 'Floor 2', 'Building C, Suite 4', '75001 Paris', 'FR']);
    expect(path(p, 'cac:PartyTaxScheme', 'cbc:CompanyID').text).toBe('FR12345678901');
    expect(path(p, 'cac:PartyTaxScheme', 'cac:TaxScheme', 'cbc:ID').text).toBe('VAT');
    expect(path(p, 'cac:PartyLegalEntity', 'cbc:RegistrationName').text).toBe('Seller');
    expect(path(p, 'cac:PartyLegalEntity', 'cbc:CompanyID').text).toBe('RCS 1');
    expect(path(p, 'cac:Contact', 'cbc:Telephone').text).toBe('+33 1');
    expect(path(p, 'cac:Contact', 'cbc:ElectronicMail').text).toBe('a@s.fr');
  });

  it('a tax id without a country prefix, or on an invoice without tax, is a tax registration id (scheme TAX, BR-O-02)', () => {
    const gst = render({ from: { name: 'S', tax_id: '27AAPFU0939F1ZV' }, items: [item({ tax_rate: 18 })] }).doc;
    expect(
      path(gst, 'cac:AccountingSupplierParty', 'cac:Party', 'cac:PartyTaxScheme', 'cac:TaxScheme', 'cbc:ID').text,
    ).toBe('TAX');
    const untaxed = render({ from: { name: 'S', tax_id: 'DE123456789' }, items: [item()] }).doc;
    expect(
      path(untaxed, 'cac:AccountingSupplierParty', 'cac:Party', 'cac:PartyTaxScheme', 'cac:TaxScheme', 'cbc:ID').text,
    ).toBe('TAX');
  });

  it('a VAT id needs an ISO 3166 prefix, or EL / XI (BR-CO-09); two other capitals make a tax registration id', () => {
    const scheme = (taxId: string) =>
      path(
        render({ from: { name: 'S', tax_id: taxId }, items: [item({ tax_rate: 20 })] }).doc,
        'cac:AccountingSupplierParty',
        'cac:Party',
        'cac:PartyTaxScheme',
        'cac:TaxScheme',
        'cbc:ID',
      ).text;
    expect(
      ['NL123456789B01', 'EL123456789', 'XI123456789', 'CHE-123.456.789', 'XX123456', 'QQ1', 'UK123'].map(scheme),
    ).toEqual(['VAT', 'VAT', 'VAT', 'VAT', 'TAX', 'TAX', 'TAX']);
  });

  it('maps po_number, due date, notes, terms, ship_to and payment (IBAN as SEPA credit transfer 58, payment id = invoice number)', () => {
    const { doc } = render({
      invoice: { number: 'INV-77', date: '2025-05-01', due_date: '2025-05-31', po_number: 'PO-1', terms: 'Net 30' },
      ship_to: { name: 'Dock', address: 'Pier 1\nOslo\nNorway' },
      payment: {
        iban: 'NO9386011117947',
        swift: 'DNBANOKK',
        account_name: 'S AS',
        bank_name: 'DNB',
        instructions: 'Ref INV-77',
        pay_to: 'S Holding',
      },
      notes: 'n',
      refund_policy: 'r',
      footer: 'f',
      items: [item()],
    });
    expect(one(doc, 'cbc:DueDate').text).toBe('2025-05-31');
    expect(all(doc, 'cbc:Note').map((n) => n.text)).toEqual(['n', 'r', 'f']);
    expect(path(doc, 'cac:OrderReference', 'cbc:ID').text).toBe('PO-1');
    expect(path(doc, 'cac:PaymentTerms', 'cbc:Note').text).toBe('Net 30');
    expect(path(doc, 'cac:PayeeParty', 'cac:PartyName', 'cbc:Name').text).toBe('S Holding');
    expect(path(doc, 'cac:Delivery', 'cac:DeliveryParty', 'cac:PartyName', 'cbc:Name').text).toBe('Dock');
    expect(
      path(doc, 'cac:Delivery', 'cac:DeliveryLocation', 'cac:Address', 'cac:Country', 'cbc:IdentificationCode').text,
    ).toBe('NO');
    const pm = one(doc, 'cac:PaymentMeans');
    expect(one(pm, 'cbc:PaymentMeansCode').text).toBe('58');
    expect(one(pm, 'cbc:PaymentID').text).toBe('INV-77');
    expect(one(pm, 'cbc:InstructionNote').text).toBe('Ref INV-77');
    expect(path(pm, 'cac:PayeeFinancialAccount', 'cbc:ID').text).toBe('NO9386011117947');
    expect(path(pm, 'cac:PayeeFinancialAccount', 'cbc:Name').text).toBe('S AS');
    expect(path(pm, 'cac:PayeeFinancialAccount', 'cac:FinancialInstitutionBranch', 'cbc:ID').text).toBe('DNBANOKK');
    expect(
      path(pm, 'cac:PayeeFinancialAccount', 'cac:FinancialInstitutionBranch', 'cac:FinancialInstitution', 'cbc:Name')
        .text,
    ).toBe('DNB');
  });
});

describe('text escaping', () => {
  it('XML-special characters and unicode round-trip exactly through a parser', () => {
    const text = `<&>"' ]]> &amp; &#x26; 日本語 العربية 👩‍💻`;
    const { doc, xml } = render({ from: { name: text }, items: [item({ description: text })], notes: text });
    expect(path(doc, 'cac:AccountingSupplierParty', 'cac:Party', 'cac:PartyName', 'cbc:Name').text).toBe(text);
    expect(path(doc, 'cac:InvoiceLine', 'cac:Item', 'cbc:Name').text).toBe(text);
    expect(one(doc, 'cbc:Note').text).toBe(text);
    expect(xml).not.toContain(`<&>`);
  });

  it('characters XML 1.0 cannot carry become U+FFFD; CR, LF and tab survive', () => {
    const { doc } = render({ items: [item({ description: 'a\u0000b\u0007c\ud800d\r\ne\tf' })] });
    expect(path(doc, 'cac:InvoiceLine', 'cac:Item', 'cbc:Name').text).toBe('a\uFFFDb\uFFFDc\uFFFDd\r\ne\tf');
  });
});

describe('tax categories', () => {
  it('S with the rate for taxed lines, Z for 0 % lines and shipping, E for untaxed lines beside taxed ones', () => {
    const { doc } = render({ items: [item({ tax_rate: 20 }), item({ tax_rate: 0 }), item()], shipping: 5 });
    expect(lineCats(doc)).toEqual(['S', 'Z', 'E']);
    expect(subCats(doc)).toEqual(['S20', 'Z0', 'E0']);
    const shipping = all(doc, 'cac:AllowanceCharge').find((a) => one(a, 'cbc:ChargeIndicator').text === 'true')!;
    expect(path(shipping, 'cac:TaxCategory', 'cbc:ID').text).toBe('Z');
    expect(path(shipping, 'cbc:AllowanceChargeReasonCode').text).toBe('FC');
  });

  it('an invoice without any tax is O everywhere (BR-O-11), with the VATEX-EU-O reason and no rate', () => {
    const { doc } = render({ items: [item(), item()], shipping: 5, global_discount: 10 });
    expect(lineCats(doc)).toEqual(['O', 'O']);
    expect(subCats(doc)).toEqual(['O']);
    const cat = path(doc, 'cac:TaxTotal', 'cac:TaxSubtotal', 'cac:TaxCategory');
    expect(one(cat, 'cbc:TaxExemptionReasonCode').text).toBe('VATEX-EU-O');
    expect(opt(cat, 'cbc:Percent')).toBeUndefined();
  });

  it('multi-component taxes: one S subtotal at the summed rate, named after its components, taxing the line at that rate (BR-S-08)', () => {
    const { doc } = render({
      items: [
        item({
          taxes: [
            { name: 'State', rate: 6 },
            { name: 'Central', rate: 9 },
          ],
        }),
      ],
    });
    const subs = all(one(doc, 'cac:TaxTotal'), 'cac:TaxSubtotal');
    expect(
      subs.map((s) => [
        path(s, 'cac:TaxCategory', 'cbc:Name').text,
        path(s, 'cac:TaxCategory', 'cbc:Percent').text,
        one(s, 'cbc:TaxableAmount').text,
        one(s, 'cbc:TaxAmount').text,
      ]),
    ).toEqual([['State + Central', '15', '100.00', '15.00']]);
    expect(path(doc, 'cac:InvoiceLine', 'cac:Item', 'cac:ClassifiedTaxCategory', 'cbc:Percent').text).toBe('15');
  });

  it("two differently named groups at one rate share one S subtotal; a 0 % component joins its line's rate", () => {
    const same = render({ items: [item({ tax_rate: 10 }), item({ taxes: [{ name: 'GST', rate: 10 }] })] }).doc;
    expect(
      all(one(same, 'cac:TaxTotal'), 'cac:TaxSubtotal').map((s) => [
        path(s, 'cac:TaxCategory', 'cbc:Name').text,
        one(s, 'cbc:TaxableAmount').text,
        one(s, 'cbc:TaxAmount').text,
      ]),
    ).toEqual([['Tax 10% + GST', '200.00', '20.00']]);
    const zeroPart = render({
      items: [
        item({
          taxes: [
            { name: 'Levy', rate: 0 },
            { name: 'VAT', rate: 5 },
          ],
        }),
      ],
    }).doc;
    expect(subCats(zeroPart)).toEqual(['S5']);
  });

  it('the global discount becomes one document allowance per line category (BR-S-08 per rate)', () => {
    const { doc } = render({
      items: [item({ tax_rate: 20 }), item({ tax_rate: 10 }), item({ tax_rate: 20 })],
      global_discount: 10,
    });
    const acs = all(doc, 'cac:AllowanceCharge');
    expect(acs.map((a) => [path(a, 'cac:TaxCategory', 'cbc:Percent').text, one(a, 'cbc:Amount').text])).toEqual([
      ['20', '20.00'],
      ['10', '10.00'],
    ]);
  });
});

describe('amounts', () => {
  it('JPY and KRW amounts have no decimals; prices keep their own decimals', () => {
    const { xml } = render({
      invoice: { number: 'J', date: '2025-05-01', currency: 'JPY' },
      items: [item({ unit_price: 1234.5, quantity: 3, tax_rate: 10 })],
    });
    expect(xml).toContain('<cbc:PayableAmount currencyID="JPY">4074</cbc:PayableAmount>');
    expect(xml).toContain('<cbc:PriceAmount currencyID="JPY">1234.5</cbc:PriceAmount>');
  });

  it('tax-inclusive prices are written net, and totals reconcile with the gross D1 grand total', () => {
    const { doc, resolved } = render({
      invoice: { number: 'I', date: '2025-05-01', tax_inclusive: true },
      items: [item({ unit_price: 121, tax_rate: 21 })],
    });
    expect(path(doc, 'cac:InvoiceLine', 'cac:Price', 'cbc:PriceAmount').text).toBe('100.00');
    expect(path(doc, 'cac:InvoiceLine', 'cbc:LineExtensionAmount').text).toBe('100.00');
    expect(path(doc, 'cac:LegalMonetaryTotal', 'cbc:TaxInclusiveAmount').text).toBe(
      resolved.totals.grand_total.toFixed(2),
    );
    expect(path(doc, 'cac:TaxTotal', 'cbc:TaxAmount').text).toBe('21.00');
  });

  it('a line discount is a line allowance with its percentage and base amount', () => {
    const { doc } = render({ items: [item({ quantity: 3, unit_price: 33.333, discount: 10 })] });
    const ac = path(doc, 'cac:InvoiceLine', 'cac:AllowanceCharge');
    expect([
      one(ac, 'cbc:MultiplierFactorNumeric').text,
      one(ac, 'cbc:Amount').text,
      one(ac, 'cbc:BaseAmount').text,
    ]).toEqual(['10', '10.00', '100.00']);
    expect(path(doc, 'cac:InvoiceLine', 'cbc:LineExtensionAmount').text).toBe('90.00');
  });

  it('overpayment: PrepaidAmount is capped at the grand total so PayableAmount = balance_due = 0', () => {
    const { doc } = render({ items: [item()], deposit: 80, amount_paid: 80 });
    expect(path(doc, 'cac:LegalMonetaryTotal', 'cbc:PrepaidAmount').text).toBe('100.00');
    expect(path(doc, 'cac:LegalMonetaryTotal', 'cbc:PayableAmount').text).toBe('0.00');
  });
});

describe('structured addresses', () => {
  const parts = (a: El) =>
    a.children.map(
      (c) =>
        `${c.name}=${c.name === 'cac:Country' ? path(c, 'cbc:IdentificationCode').text : c.name === 'cac:AddressLine' ? path(c, 'cbc:Line').text : c.text}`,
    );

  it('street, postal code, city, state and country map to their elements in the AddressType sequence', () => {
    const { doc } = render({
      to: { name: 'B', street: '1 Main St', postal_code: '10001', city: 'New York', state: 'NY', country: 'us' },
      items: [item()],
    });
    expect(parts(path(doc, 'cac:AccountingCustomerParty', 'cac:Party', 'cac:PostalAddress'))).toEqual([
      'cbc:StreetName=1 Main St',
      'cbc:CityName=New York',
      'cbc:PostalZone=10001',
      'cbc:CountrySubentity=NY',
      'cac:Country=US',
    ]);
  });

  it('structured fields win over what the free text gives; the lines they do not replace stay', () => {
    const { doc } = render({
      from: {
        name: 'S',
        address: 'Main St 1\nFloor 2\nBuilding C\n75001 Paris\nFrance',
        street: 'Rue X 5',
        postal_code: '75002',
        country: 'BE',
      },
      items: [item()],
    });
    expect(parts(path(doc, 'cac:AccountingSupplierParty', 'cac:Party', 'cac:PostalAddress'))).toEqual([
      'cbc:StreetName=Rue X 5',
      'cbc:AdditionalStreetName=Floor 2',
      'cbc:CityName=75001 Paris',
      'cbc:PostalZone=75002',
      'cac:AddressLine=Building C',
      'cac:Country=BE',
    ]);
  });

  it('a country alone is a postal address (BR-08, BR-09); a ship_to with only a country is a deliver-to address (BR-57)', () => {
    const { doc } = render({ from: { name: 'S', country: 'NL' }, ship_to: { country: 'de' }, items: [item()] });
    expect(parts(path(doc, 'cac:AccountingSupplierParty', 'cac:Party', 'cac:PostalAddress'))).toEqual([
      'cac:Country=NL',
    ]);
    expect(parts(path(doc, 'cac:Delivery', 'cac:DeliveryLocation', 'cac:Address'))).toEqual(['cac:Country=DE']);
    expect(opt(path(doc, 'cac:Delivery'), 'cac:DeliveryParty')).toBeUndefined();
  });

  it('blank structured fields and an empty country are not written; nothing given writes no address', () => {
    const { doc } = render({
      to: { name: 'B', street: ' ', city: '', country: '' },
      ship_to: { name: 'Dock', city: ' ' },
      items: [item()],
    });
    expect(opt(path(doc, 'cac:AccountingCustomerParty', 'cac:Party'), 'cac:PostalAddress')).toBeUndefined();
    expect(opt(path(doc, 'cac:Delivery'), 'cac:DeliveryLocation')).toBeUndefined();
  });
});
