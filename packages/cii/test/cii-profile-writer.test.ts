import { parseInvoiceRequest, resolveInvoice } from '@invoice/model';
import { BE_BUYER, BE_SELLER, DE_PUBLIC_BUYER, DE_SELLER, LEITWEG_ID } from '@invoice/ubl/test/profile-parties';
import { type El, one, opt, parseUbl, path } from '@invoice/ubl/test/ubl-dom';
import { describe, expect, it } from 'vitest';
import { validateEn16931 } from '../../../../shared/en16931/validate.mjs';
import { ciiProfile, renderInvoiceCii } from '../src/index.ts';

type Raw = Record<string, unknown>;

const XRECHNUNG_BT24 = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const BILLING_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

function render(extra: Raw, options: Parameters<typeof renderInvoiceCii>[1] = {}): El {
  const parsed = parseInvoiceRequest({
    from: DE_SELLER,
    to: DE_PUBLIC_BUYER,
    invoice: { number: 'RE-1', date: '2026-03-02', buyer_reference: LEITWEG_ID },
    items: [{ description: 'x', quantity: 2, unit_price: 50, tax_rate: 19 }],
    einvoice_profile: 'xrechnung',
    ...extra,
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const resolved = resolveInvoice(parsed.value, { today: '2026-03-02', randomBytes: new Uint8Array(16) });
  return parseUbl(renderInvoiceCii(resolved, options));
}
const names = (el: El) => el.children.map((c) => c.name);
const agreement = (doc: El) => path(doc, 'rsm:SupplyChainTradeTransaction', 'ram:ApplicableHeaderTradeAgreement');
const headerTax = (doc: El) =>
  path(doc, 'rsm:SupplyChainTradeTransaction', 'ram:ApplicableHeaderTradeSettlement', 'ram:ApplicableTradeTax');

describe('issue 22: what XRechnung writes in CII', () => {
  it('BR-DE-21, PEPPOL-EN16931-R001: BT-23 first in the context, then BT-24 exactly XRechnung’s', () => {
    const context = one(render({}), 'rsm:ExchangedDocumentContext');
    expect(names(context)).toEqual([
      'ram:BusinessProcessSpecifiedDocumentContextParameter',
      'ram:GuidelineSpecifiedDocumentContextParameter',
    ]);
    expect(path(context, 'ram:BusinessProcessSpecifiedDocumentContextParameter', 'ram:ID').text).toBe(BILLING_PROCESS);
    expect(path(context, 'ram:GuidelineSpecifiedDocumentContextParameter', 'ram:ID').text).toBe(XRECHNUNG_BT24);
  });

  it('BT-41, BT-34: the contact name first in the contact; the electronic address after the postal address', () => {
    const seller = one(agreement(render({})), 'ram:SellerTradeParty');
    expect(names(one(seller, 'ram:DefinedTradeContact'))[0]).toBe('ram:PersonName');
    expect(names(seller).slice(-3)).toEqual([
      'ram:PostalTradeAddress',
      'ram:URIUniversalCommunication',
      'ram:SpecifiedTaxRegistration',
    ]);
    expect(path(seller, 'ram:URIUniversalCommunication', 'ram:URIID')).toMatchObject({
      text: 'rechnung@muster-software.example',
      attrs: { schemeID: 'EM' },
    });
    expect(path(seller, 'ram:PostalTradeAddress', 'ram:PostcodeCode').text).toBe('10117');
  });

  it('BR-DE-14: the O breakdown states RateApplicablePercent 0; the EN 16931 CII states none', () => {
    expect(
      one(headerTax(render({ items: [{ description: 'x', unit_price: 5 }] })), 'ram:RateApplicablePercent').text,
    ).toBe('0');
    const en = render({ items: [{ description: 'x', unit_price: 5 }] }, { profile: 'en16931' });
    expect(opt(headerTax(en), 'ram:RateApplicablePercent')).toBeUndefined();
  });

  it('Peppol BIS Billing has no CII: asking for it is a RangeError; en16931 can still be asked for', () => {
    expect(() => ciiProfile('peppol')).toThrow(RangeError);
    expect(() => render({ from: BE_SELLER, to: BE_BUYER, einvoice_profile: 'peppol' })).toThrow(RangeError);
    const en = render({ from: BE_SELLER, to: BE_BUYER, einvoice_profile: 'peppol' }, { profile: 'en16931' });
    expect(
      path(en, 'rsm:ExchangedDocumentContext', 'ram:GuidelineSpecifiedDocumentContextParameter', 'ram:ID').text,
    ).toBe('urn:cen.eu:en16931:2017');
  });

  it('EN 16931 CII writes the new party fields when given, and the Factur-X rules accept them', () => {
    const parsed = parseInvoiceRequest({ from: BE_SELLER, to: BE_BUYER, items: [{ description: 'x', tax_rate: 21 }] });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const xml = renderInvoiceCii(
      resolveInvoice(parsed.value, { today: '2026-03-02', randomBytes: new Uint8Array(16) }),
    );
    expect(xml).toContain('<ram:URIID schemeID="0208">0456789133</ram:URIID>');
    expect(xml).toContain('<ram:PersonName>Marie Dubois</ram:PersonName>');
    expect(xml).toContain('<ram:ID schemeID="0208">0456789133</ram:ID>');
    expect(validateEn16931(xml, { facturx: true }).fatal).toEqual([]);
  });
});
