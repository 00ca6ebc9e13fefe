import { countryName } from '@invoice/i18n';
import { TEMPLATE_NAMES } from '@invoice/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../src/index.ts';
import { addressLines } from '../src/layout/address-lines.ts';
import { buildInvoiceView } from '../src/layout/invoice-view.ts';
import { fonts, fullInvoice, resolve } from './helpers/invoice-fixtures.ts';
import { overlappingWords, pdfText, squash, wordBoxes, writePdf } from './helpers/poppler.ts';

const NL = {
  street: 'Keizersgracht 1',
  postal_code: '1015 CJ',
  city: 'Amsterdam',
  state: 'Noord-Holland',
  country: 'NL',
};

describe('structured address parts in the party blocks', () => {
  it('street; postal code and city; state; the country named in the invoice language', () => {
    expect(addressLines([], NL, 'en')).toEqual([
      'Keizersgracht 1',
      '1015 CJ Amsterdam',
      'Noord-Holland',
      'Netherlands',
    ]);
    expect(addressLines([], NL, 'de').at(-1)).toBe('Niederlande');
    expect(addressLines([], { country: 'NL' }, 'ar')).toEqual(['هولندا']);
    expect(addressLines([], { city: 'Paris', country: '' }, 'fr')).toEqual(['Paris']);
    expect(addressLines(['Dock 5'], { postal_code: ' ', state: '' }, 'en')).toEqual(['Dock 5']);
  });

  it('the free text comes first as given; a part it already shows is not repeated', () => {
    expect(addressLines(['Keizersgracht 1', '1015 CJ Amsterdam', 'Netherlands'], NL, 'de')).toEqual([
      'Keizersgracht 1',
      '1015 CJ Amsterdam',
      'Netherlands',
      'Noord-Holland',
    ]);
    expect(addressLines(['c/o Finance', 'Keizersgracht 1, Amsterdam'], NL, 'en')).toEqual([
      'c/o Finance',
      'Keizersgracht 1, Amsterdam',
      '1015 CJ',
      'Noord-Holland',
      'Netherlands',
    ]);
    // whole words only, and a country code only in capitals: `de` in a French street is no Germany
    expect(addressLines(['1 rue de la Paix', 'Delft'], { city: 'Delf', country: 'DE' }, 'fr')).toEqual([
      '1 rue de la Paix',
      'Delft',
      'Delf',
      'Allemagne',
    ]);
    expect(addressLines(['New York, NY 10001', 'US'], { state: 'NY', country: 'US' }, 'en')).toEqual([
      'New York, NY 10001',
      'US',
    ]);
  });

  it('the view: seller, buyer and a ship_to that gives only structured parts', () => {
    const view = buildInvoiceView(
      resolve({
        from: { name: 'S', address: 'Keizersgracht 1', postal_code: '1015 CJ', city: 'Amsterdam', country: 'NL' },
        to: { name: 'B', street: '1 Main St', postalCode: '10001', city: 'New York', state: 'NY', country: 'us' },
        ship_to: { country: 'DE' },
        invoice: { language: 'en' },
        items: [{ description: 'x', quantity: 1, unit_price: 1 }],
      }),
    );
    expect(view.seller.address).toEqual(['Keizersgracht 1', '1015 CJ Amsterdam', 'Netherlands']);
    expect(view.buyer.address).toEqual(['1 Main St', '10001 New York', 'NY', 'United States']);
    expect(view.shipTo).toEqual({ heading: view.labels.shipTo, name: '', address: ['Germany'], details: [] });
  });
});

describe('every template, left-to-right and right-to-left, prints the structured parts', () => {
  const cases = TEMPLATE_NAMES.flatMap((template) => ['en', 'ar', 'ja'].map((language) => ({ template, language })));
  const files = new Map<string, string>();
  const parties = {
    from: {
      name: 'Northwind Studio Ltd',
      street: '12 Harbour Street',
      postal_code: 'EC1A 1BB',
      city: 'London',
      country: 'GB',
      tax_id: 'GB123456789',
    },
    to: {
      name: 'Contoso Trading GmbH',
      street: 'Hauptstraße 5',
      postal_code: '10115',
      city: 'Berlin',
      state: 'Berlin-Mitte',
      country: 'DE',
    },
    ship_to: { name: 'Contoso Warehouse', street: 'Dock 7', postal_code: '20457', city: 'Hamburg', country: 'DE' },
  };

  beforeAll(async () => {
    const fontSet = fonts();
    for (const { template, language } of cases) {
      const bytes = await renderInvoicePdf(resolve(fullInvoice(language, template, parties)), { fonts: fontSet });
      files.set(`${template}-${language}`, writePdf(`address-${template}-${language}`, bytes));
    }
  }, 120_000);

  it.each(cases)('$template/$language', ({ template, language }) => {
    const file = files.get(`${template}-${language}`)!;
    const text = squash(pdfText(file));
    for (const part of [
      '12 Harbour Street',
      'EC1A 1BB London',
      'Hauptstraße 5',
      '10115 Berlin',
      'Berlin-Mitte',
      'Dock 7',
      '20457 Hamburg',
    ])
      expect(text, part).toContain(squash(part));
    for (const code of ['GB', 'DE']) expect(text, code).toContain(squash(countryName(code, language)));
    const words = wordBoxes(file).filter((w) => !/[\u0600-\u06ff]/.test(w.text));
    expect(overlappingWords(words).map(([a, b]) => `${a.text} × ${b.text}`)).toEqual([]);
  });
});
