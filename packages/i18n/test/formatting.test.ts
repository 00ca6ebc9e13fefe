import { money } from '@invoice/model';
import { describe, expect, it } from 'vitest';
import {
  countryName,
  formatAmount,
  formatDate,
  formatMoney,
  formatPercent,
  formatQuantity,
  LANGUAGES,
  localShippingLabel,
  localTaxLineName,
  localTitle,
  pageLabel,
  qrCaption,
} from '../src/index.ts';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money formatting per language', () => {
  it('places the currency symbol and separators as each language does', () => {
    const v = money('1234567.5');
    expect(formatMoney(v, 'USD', 2, 'en')).toBe('$1,234,567.50');
    expect(nbsp(formatMoney(v, 'EUR', 2, 'de'))).toBe('1.234.567,50 €');
    expect(nbsp(formatMoney(v, 'EUR', 2, 'fr'))).toBe('1 234 567,50 €');
    expect(nbsp(formatMoney(v, 'EUR', 2, 'nl'))).toBe('€ 1.234.567,50');
    expect(formatMoney(v, 'INR', 2, 'hi')).toBe('₹12,34,567.50');
    expect(nbsp(formatMoney(v, 'RUB', 2, 'ru'))).toBe('1 234 567,50 ₽');
  });

  it('D1: JPY and KRW print without decimals', () => {
    expect(formatMoney(money('1500'), 'JPY', 0, 'ja')).toBe('￥1,500');
    expect(formatMoney(money('1500'), 'KRW', 0, 'en')).toBe('₩1,500');
    expect(formatAmount(money('1500'), 0, 'de')).toBe('1.500');
  });

  it('C-ISO/D1: a 3-decimal currency prints 3 decimals and a 0-decimal one none, in all 11 languages', () => {
    const expected: Record<string, [string, string]> = {
      en: ['KWD 1,234.500', 'ISK 1,234'],
      nl: ['KWD 1.234,500', 'ISK 1.234'],
      de: ['1.234,500 KWD', '1.234 ISK'],
      fr: ['1 234,500 KWD', '1 234 ISK'],
      es: ['1234,500 KWD', '1234 ISK'],
      pt: ['KWD 1.234,500', 'ISK 1.234'],
      ar: ['1,234.500 د.ك.', '1,234 ISK'],
      ja: ['KWD 1,234.500', 'ISK 1,234'],
      ru: ['1 234,500 KWD', '1 234 ISK'],
      it: ['1234,500 KWD', '1234 ISK'],
      hi: ['KWD 1,234.500', 'ISK 1,234'],
    };
    for (const language of LANGUAGES) {
      const got = [formatMoney('1234.5', 'KWD', 3, language), formatMoney('1234', 'ISK', 0, language)].map(nbsp);
      expect(got, language).toEqual(expected[language]);
    }
    // ISO's minor units win over CLDR's display digits (CLDR shows IQD without decimals).
    expect(nbsp(formatMoney('0.0005', 'IQD', 3, 'en'))).toBe('IQD 0.001');
  });

  it('C-ISO/D11: Arabic-Indic digits with the Arabic separators when asked for (ar-e): ١٬٢٣٤٫٥٠٠ د.ك.', () => {
    expect(nbsp(formatMoney(money('1234.5'), 'KWD', 3, 'ar', 'arab'))).toBe('١٬٢٣٤٫٥٠٠ د.ك.');
    expect(nbsp(formatMoney(money('1234.5'), 'OMR', 3, 'ar', 'arab'))).toBe('١٬٢٣٤٫٥٠٠ ر.ع.');
  });

  it('D1: formats exactly from the decimal string, beyond float precision', () => {
    // 999999999999999.99 is not representable as a double; via Number() it would print .00 or 1,000,000,000,000,000.
    expect(formatMoney(money('999999999999999.99'), 'USD', 2, 'en')).toBe('$999,999,999,999,999.99');
    expect(formatAmount('0.105', 2, 'en')).toBe('0.11');
  });

  it('Arabic uses Western digits and carries no bidi control marks', () => {
    const s = formatMoney(money('1234.5'), 'SAR', 2, 'ar');
    expect(s).toMatch(/1,234\.50/);
    expect(s).not.toMatch(/[\u200e\u200f\u061c]/);
    expect(formatDate('2025-03-07', 'ar')).not.toMatch(/[\u200e\u200f\u061c]/);
  });

  it('every language formats every value without throwing', () => {
    for (const l of LANGUAGES) {
      expect(formatMoney('12.30', 'EUR', 2, l)).toMatch(/12[.,]30/);
      expect(formatDate('2025-12-31', l)).toMatch(/2025/);
    }
  });
});

describe('quantities, percentages and dates', () => {
  it('quantities keep up to six decimals without trailing zeros', () => {
    expect(formatQuantity(money('2.5'), 'en')).toBe('2.5');
    expect(formatQuantity(money('1000.123456'), 'de')).toBe('1.000,123456');
    expect(formatQuantity(money('3'), 'fr')).toBe('3');
  });

  it('percentages follow the language', () => {
    expect(formatPercent(money('20'), 'en')).toBe('20%');
    expect(nbsp(formatPercent(money('7.5'), 'de'))).toBe('7,5 %');
    expect(formatPercent('0.000001', 'en')).toBe('0.000001%');
  });

  it('D13: dates print in the language without shifting the day', () => {
    expect(formatDate('2025-03-07', 'en')).toBe('March 7, 2025');
    expect(formatDate('2025-03-07', 'de')).toBe('7. März 2025');
    expect(formatDate('2025-03-07', 'ja')).toBe('2025年3月7日');
    expect(formatDate('2025-01-01', 'fr')).toBe('1 janvier 2025');
  });
});

describe('default names localised in the PDF', () => {
  it('D1 step 5: the default "Tax 20%" tax line name is translated, client names are kept', () => {
    expect(localTaxLineName('Tax 20%', 'en')).toBe('Tax 20%');
    expect(nbsp(localTaxLineName('Tax 20%', 'de'))).toBe('MwSt. 20 %');
    expect(localTaxLineName('Tax 7.5%', 'ja')).toBe('消費税 7.5%');
    expect(localTaxLineName('CGST', 'hi')).toBe('CGST');
  });

  it('shipping label, title, page label and QR caption', () => {
    expect(localShippingLabel('Shipping', 'es')).toBe('Envío');
    expect(localShippingLabel('Freight', 'es')).toBe('Freight');
    expect(localTitle(undefined, 'fr')).toBe('FACTURE');
    expect(localTitle('QUOTE', 'fr')).toBe('QUOTE');
    expect(pageLabel(1, 3, 'en')).toBe('Page 1 of 3');
    expect(pageLabel(2, 3, 'ar')).toBe('صفحة 2 من 3');
    expect(qrCaption('hosted_link', 'en')).toBe('Scan to view this invoice online');
    expect(qrCaption('hosted_link', 'en', undefined, 'credit_note')).toBe('Scan to view this credit note online');
    expect(qrCaption('upi', 'fr', undefined, 'credit_note')).toBe(qrCaption('upi', 'fr'));
    expect(qrCaption('upi', 'de')).toBe('Zum Bezahlen scannen');
  });
});

describe('country names', () => {
  it('an ISO 3166-1 code is named in the invoice language', () => {
    expect(countryName('NL', 'en')).toBe('Netherlands');
    expect(countryName('NL', 'de')).toBe('Niederlande');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('JP', 'ja')).toBe('日本');
    for (const language of LANGUAGES) expect(countryName('US', language), language).not.toBe('US');
  });
});
