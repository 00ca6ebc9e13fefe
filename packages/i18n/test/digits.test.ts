import { money } from '@invoice/model';
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDate,
  formatMoney,
  formatPercent,
  formatQuantity,
  intlLocale,
  LABELS,
  localTaxLineName,
  pageLabel,
} from '../src/index.ts';

const ASCII_DIGIT = /[0-9]/;
const EASTERN_DIGIT = /[\u0660-\u0669]/;
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('D11: the legacy ar-e language writes numbers in Eastern Arabic digits', () => {
  it('intlLocale pins the numbering system, Western unless asked', () => {
    expect(intlLocale('ar')).toBe('ar-u-nu-latn');
    expect(intlLocale('ar', 'arab')).toBe('ar-u-nu-arab');
    expect(intlLocale('xx', 'arab')).toBe('en-u-nu-arab');
  });

  it('money, amounts, quantities, percentages and dates have only Eastern Arabic digits', () => {
    const outputs = [
      formatMoney('1234.5', 'EUR', 2, 'ar', 'arab'),
      formatMoney(money('4870.6'), 'AED', 2, 'ar', 'arab'),
      formatMoney(money('-500'), 'AED', 2, 'ar', 'arab'),
      formatAmount('1500', 0, 'ar', 'arab'),
      formatQuantity(money('7.5'), 'ar', 'arab'),
      formatPercent(money('20'), 'ar', 'arab'),
      formatDate('2026-03-01', 'ar', 'arab'),
      localTaxLineName('Tax 20%', 'ar', 'arab'),
      pageLabel(2, 13, 'ar', 'arab'),
    ];
    for (const s of outputs) {
      expect(s, s).toMatch(EASTERN_DIGIT);
      expect(s, s).not.toMatch(ASCII_DIGIT);
      expect(s, s).not.toMatch(/[\u200e\u200f\u061c]/);
    }
    // Intl's Arabic separators are part of ar-e: ٬ grouping, ٫ decimal, ٪ percent.
    expect(nbsp(formatMoney('1234.5', 'EUR', 2, 'ar', 'arab'))).toBe('١٬٢٣٤٫٥٠ €');
    expect(formatPercent('20', 'ar', 'arab')).toBe('٢٠٪');
    expect(formatDate('2026-03-01', 'ar', 'arab')).toBe('١ مارس ٢٠٢٦');
    expect(pageLabel(2, 13, 'ar', 'arab')).toBe('صفحة ٢ من ١٣');
  });

  it('ar and every default keep Western digits (latn output unchanged)', () => {
    expect(formatMoney('1234.5', 'EUR', 2, 'ar')).toBe(formatMoney('1234.5', 'EUR', 2, 'ar', 'latn'));
    expect(formatMoney('1234.5', 'EUR', 2, 'ar')).not.toMatch(EASTERN_DIGIT);
    expect(formatDate('2026-03-01', 'ar')).toMatch(/2026/);
    expect(pageLabel(2, 13, 'ar')).toBe('صفحة 2 من 13');
    expect(pageLabel(1000, 1000, 'en')).toBe('Page 1000 of 1000');
  });

  it('a formatter made for ar-e never answers for ar (caches are keyed by digits)', () => {
    expect(formatQuantity('2.5', 'ar', 'arab')).toBe('٢٫٥');
    expect(formatQuantity('2.5', 'ar')).toBe('2.5');
    expect(formatDate('2025-03-07', 'ar', 'arab')).not.toBe(formatDate('2025-03-07', 'ar'));
    expect(formatAmount('1500', 0, 'ar', 'arab')).toBe('١٬٥٠٠');
    expect(formatAmount('1500', 0, 'ar')).toBe('1,500');
  });

  it('custom labels go through the same helpers, placeholders kept', () => {
    const labels = { ...LABELS.ar, page: 'ص {page}/{pages}', taxRate: 'ض.ق.م {rate}' };
    expect(pageLabel(3, 4, 'ar', 'arab', labels)).toBe('ص ٣/٤');
    expect(localTaxLineName('Tax 15%', 'ar', 'arab', labels)).toBe('ض.ق.م ١٥٪');
  });
});
