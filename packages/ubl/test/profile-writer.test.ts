import { parseInvoiceRequest, resolveInvoice } from '@invoice/model';
import { describe, expect, it } from 'vitest';
import { renderInvoiceUbl } from '../src/index.ts';
import { splitPostcodeLine } from '../src/postal-code.ts';
import { BE_BUYER, BE_SELLER, DE_PUBLIC_BUYER, DE_SELLER } from './profile-parties.ts';
import { all, documentLines, type El, one, opt, parseUbl, path } from './ubl-dom.ts';

type Raw = Record<string, unknown>;

const PEPPOL_BT24 = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const XRECHNUNG_BT24 = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const BILLING_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

function resolveProfileCase(body: Raw) {
  const parsed = parseInvoiceRequest(body);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return resolveInvoice(parsed.value, { today: '2026-03-02', randomBytes: new Uint8Array(16) });
}

function render(profile: string, extra: Raw = {}, invoice: Raw = {}): El {
  const resolved = resolveProfileCase({
    from: BE_SELLER,
    to: BE_BUYER,
    invoice: { number: 'P-1', date: '2026-03-02', currency: 'EUR', po_number: 'PO-1', ...invoice },
    items: [{ description: 'x', quantity: 2, unit_price: 50, tax_rate: 21 }],
    einvoice_profile: profile,
    ...extra,
  });
  return parseUbl(renderInvoiceUbl(resolved));
}
const names = (el: El) => el.children.map((c) => c.name);
const seller = (doc: El) => path(doc, 'cac:AccountingSupplierParty', 'cac:Party');
const buyer = (doc: El) => path(doc, 'cac:AccountingCustomerParty', 'cac:Party');

describe('issue 22: what each profile writes (UBL)', () => {
  it('PEPPOL-EN16931-R004, R001, R007: Peppol BT-24 and BT-23, ProfileID right after CustomizationID', () => {
    const doc = render('peppol');
    expect(one(doc, 'cbc:CustomizationID').text).toBe(PEPPOL_BT24);
    expect(one(doc, 'cbc:ProfileID').text).toBe(BILLING_PROCESS);
    expect(names(doc).slice(0, 4)).toEqual(['cbc:UBLVersionID', 'cbc:CustomizationID', 'cbc:ProfileID', 'cbc:ID']);
  });

  it('BR-DE-21: XRechnung BT-24 is exactly the CIUS id (KoSIT picks its scenario by it), with a business process', () => {
    const doc = render('xrechnung');
    expect(one(doc, 'cbc:CustomizationID').text).toBe(XRECHNUNG_BT24);
    expect(one(doc, 'cbc:ProfileID').text).toBe(BILLING_PROCESS);
  });

  it('en16931 writes the CEN core id and no ProfileID; options.profile overrides the request’s profile', () => {
    const doc = render('en16931');
    expect(one(doc, 'cbc:CustomizationID').text).toBe('urn:cen.eu:en16931:2017');
    expect(opt(doc, 'cbc:ProfileID')).toBeUndefined();
    const resolved = resolveProfileCase({
      from: BE_SELLER,
      to: BE_BUYER,
      items: [{ description: 'x' }],
      einvoice_profile: 'peppol',
    });
    expect(renderInvoiceUbl(resolved)).toContain(PEPPOL_BT24);
    expect(renderInvoiceUbl(resolved, { profile: 'xrechnung' })).toContain(XRECHNUNG_BT24);
  });

  it('BT-34/BT-49: EndpointID with its EAS scheme after WebsiteURI and before PartyName (UBL PartyType sequence)', () => {
    const doc = render('peppol', { from: { ...BE_SELLER, website: 'https://atelier.example' } });
    expect(names(seller(doc)).slice(0, 3)).toEqual(['cbc:WebsiteURI', 'cbc:EndpointID', 'cac:PartyName']);
    expect(one(seller(doc), 'cbc:EndpointID')).toMatchObject({ text: '0456789133', attrs: { schemeID: '0208' } });
    expect(one(buyer(doc), 'cbc:EndpointID')).toMatchObject({ text: '0765432146', attrs: { schemeID: '0208' } });
  });

  it('PEPPOL-EN16931-R010/R020: XRechnung derives an EM address from the party’s own e-mail; Peppol never derives one', () => {
    const { electronic_address: _, ...publicBuyer } = DE_PUBLIC_BUYER;
    const extra = { from: DE_SELLER, to: { ...publicBuyer, email: ' post@bfb.example ' } };
    const x = render('xrechnung', extra);
    expect(one(seller(x), 'cbc:EndpointID')).toMatchObject({
      text: 'rechnung@muster-software.example',
      attrs: { schemeID: 'EM' },
    });
    expect(one(buyer(x), 'cbc:EndpointID')).toMatchObject({ text: 'post@bfb.example', attrs: { schemeID: 'EM' } });
    const p = render('peppol', extra);
    expect(opt(seller(p), 'cbc:EndpointID')).toBeUndefined();
    expect(opt(buyer(p), 'cbc:EndpointID')).toBeUndefined();
    const notAnAddress = render('xrechnung', { from: { ...DE_SELLER, email: 'rechnung at muster' } });
    expect(opt(seller(notAnAddress), 'cbc:EndpointID')).toBeUndefined();
  });

  it('BR-DE-5 / BT-56: contact_name is Contact/Name, before Telephone and ElectronicMail', () => {
    const doc = render('xrechnung', { from: DE_SELLER, to: { ...DE_PUBLIC_BUYER, contact_name: 'Poststelle' } });
    expect(names(path(seller(doc), 'cac:Contact'))).toEqual(['cbc:Name', 'cbc:Telephone', 'cbc:ElectronicMail']);
    expect(path(seller(doc), 'cac:Contact', 'cbc:Name').text).toBe('Erika Mustermann');
    expect(path(buyer(doc), 'cac:Contact', 'cbc:Name').text).toBe('Poststelle');
  });

  it('BR-CL-11, NL-R-003: registration_scheme is the CompanyID schemeID; profiles write identifiers trimmed', () => {
    const doc = render('peppol', { from: { ...BE_SELLER, registration_no: ' 0456789133 ', tax_id: ' BE0456789133' } });
    expect(path(seller(doc), 'cac:PartyLegalEntity', 'cbc:CompanyID')).toMatchObject({
      text: '0456789133',
      attrs: { schemeID: '0208' },
    });
    expect(path(seller(doc), 'cac:PartyTaxScheme', 'cbc:CompanyID').text).toBe('BE0456789133');
    const en = render('en16931', { from: { ...BE_SELLER, registration_no: ' 0456789133 ' } });
    expect(path(seller(en), 'cac:PartyLegalEntity', 'cbc:CompanyID').text).toBe(' 0456789133 ');
  });

  it('PEPPOL-EN16931-R002: notes, refund policy and footer become one Note under Peppol, stay three under XRechnung', () => {
    const notes = { notes: 'Thanks', refund_policy: '30 days', footer: 'Atelier' };
    expect(all(render('peppol', notes), 'cbc:Note').map((n) => n.text)).toEqual(['Thanks\n\n30 days\n\nAtelier']);
    expect(all(render('xrechnung', notes), 'cbc:Note').map((n) => n.text)).toEqual(['Thanks', '30 days', 'Atelier']);
    expect(all(render('peppol', { notes: 'Only' }), 'cbc:Note').map((n) => n.text)).toEqual(['Only']);
  });

  it('BR-DE-14, DE-R-014: the O breakdown states a rate of 0; O lines and charges state none (BR-O-05…07)', () => {
    const doc = render('xrechnung', { items: [{ description: 'x', quantity: 1, unit_price: 10 }], shipping: 5 });
    const subtotal = path(doc, 'cac:TaxTotal', 'cac:TaxSubtotal', 'cac:TaxCategory');
    expect([one(subtotal, 'cbc:ID').text, one(subtotal, 'cbc:Percent').text]).toEqual(['O', '0']);
    expect(opt(path(documentLines(doc)[0], 'cac:Item', 'cac:ClassifiedTaxCategory'), 'cbc:Percent')).toBeUndefined();
    expect(opt(path(doc, 'cac:AllowanceCharge', 'cac:TaxCategory'), 'cbc:Percent')).toBeUndefined();
    const en = render('en16931', { items: [{ description: 'x', quantity: 1, unit_price: 10 }] });
    expect(opt(path(en, 'cac:TaxTotal', 'cac:TaxSubtotal', 'cac:TaxCategory'), 'cbc:Percent')).toBeUndefined();
  });

  it('PEPPOL-EN16931-R120: a JPY line billed ¥598 for 1.25 × ¥478 states the price 478.4; exact lines keep theirs', () => {
    const items = [
      { description: 'a', quantity: 1.25, unit_price: 478, tax_rate: 10 },
      { description: 'b', quantity: 3, unit_price: 1809, tax_rate: 10 },
    ];
    const prices = (doc: El) => documentLines(doc).map((l) => path(l, 'cac:Price', 'cbc:PriceAmount').text);
    const amounts = (doc: El) => documentLines(doc).map((l) => one(l, 'cbc:LineExtensionAmount').text);
    const peppol = render('peppol', { items }, { currency: 'JPY' });
    expect([prices(peppol), amounts(peppol)]).toEqual([
      ['478.4', '1809'],
      ['598', '5427'],
    ]);
    expect(prices(render('en16931', { items }, { currency: 'JPY' }))).toEqual(['478', '1809']);
  });

  it('PEPPOL-EN16931-R040: a yen percent discount half a yen off base × percentage states its amount only', () => {
    const items = [{ description: 'b', quantity: 1, unit_price: 999, tax_rate: 10, discount: 15 }];
    const ac = (doc: El) => one(documentLines(doc)[0], 'cac:AllowanceCharge');
    const peppol = ac(render('peppol', { items }, { currency: 'JPY' }));
    expect([
      one(peppol, 'cbc:Amount').text,
      opt(peppol, 'cbc:MultiplierFactorNumeric'),
      opt(peppol, 'cbc:BaseAmount'),
    ]).toEqual(['150', undefined, undefined]);
    const euro = ac(render('peppol', { items }));
    expect([one(euro, 'cbc:MultiplierFactorNumeric').text, one(euro, 'cbc:BaseAmount').text]).toEqual(['15', '999.00']);
  });

  it('PEPPOL-EN16931-R008: a blank shipping label leaves out the reason under a profile (the code FC stays)', () => {
    const charge = (profile: string) =>
      names(path(render(profile, { shipping: 5, shipping_label: ' ' }), 'cac:AllowanceCharge'));
    expect(charge('peppol')).not.toContain('cbc:AllowanceChargeReason');
    expect(charge('peppol')).toContain('cbc:AllowanceChargeReasonCode');
    expect(charge('en16931')).toContain('cbc:AllowanceChargeReason');
  });

  it('BR-DE-4/9, NL-R-002: the post code is split off a free-text last line under a profile, not under en16931', () => {
    const address = (profile: string) => path(buyer(render(profile)), 'cac:PostalAddress');
    expect([one(address('peppol'), 'cbc:PostalZone').text, one(address('peppol'), 'cbc:CityName').text]).toEqual([
      '2000',
      'Antwerpen',
    ]);
    expect([opt(address('en16931'), 'cbc:PostalZone'), one(address('en16931'), 'cbc:CityName').text]).toEqual([
      undefined,
      '2000 Antwerpen',
    ]);
  });
});

describe('issue 22: splitting a post code off an address line (only where it is unambiguous)', () => {
  it.each([
    ['10117 Berlin', 'DE', '10117', 'Berlin'],
    ['1015 CJ Amsterdam', 'NL', '1015 CJ', 'Amsterdam'],
    ['1015CJ Amsterdam', 'NL', '1015CJ', 'Amsterdam'],
    ['111 51 Stockholm', 'SE', '111 51', 'Stockholm'],
    ['0154 Oslo', 'NO', '0154', 'Oslo'],
    ['1010 Wien', 'AT', '1010', 'Wien'],
    ['00-950 Warszawa', 'PL', '00-950', 'Warszawa'],
  ])('%s (%s)', (line, country, postalZone, cityName) => {
    expect(splitPostcodeLine(line, country)).toEqual({ postalZone, cityName });
  });

  it.each([
    ['1015 AMSTERDAM', 'NL', 'a town in capitals is no Dutch code’s letters'],
    ['Berlin 10117', 'DE', 'code after the town'],
    ['New York, NY 10001', 'US', 'a country that writes the code last'],
    ['1234 5678', 'BE', 'no town'],
    ['101170 Berlin', 'DE', 'six digits are no German code'],
    ['10117 Berlin', 'XX', 'an unknown country'],
  ])('%s (%s): not split, %s', (line, country) => {
    expect(splitPostcodeLine(line, country)).toBeUndefined();
  });
});
