import { formatMoney } from '@invoice/i18n';
import { CURRENCY_CODES, LANGUAGE_CODES, minorUnits } from '@invoice/model';
import { describe, expect, it } from 'vitest';
import { currencyDisplay } from '../src/layout/currency-display.ts';
import { fonts } from './helpers/invoice-fixtures.ts';

describe('C-ISO: every ISO 4217 currency prints with glyphs the PDF fonts have', () => {
  it('C-ISO: 155 currencies × 11 languages × Latin and Arabic-Indic digits: no character without a glyph', () => {
    const faces = [...fonts().faces.values()];
    const missing: string[] = [];
    for (const currency of CURRENCY_CODES)
      for (const language of LANGUAGE_CODES)
        for (const digits of ['latn', 'arab'] as const) {
          const mu = minorUnits(currency);
          const text = formatMoney('1234567.891', currency, mu, language, digits, currencyDisplay(currency));
          for (const ch of text)
            if (!/\s/.test(ch) && !faces.some((f) => f.sfnt.glyphFor(ch.codePointAt(0)!)))
              missing.push(`${currency}/${language}/${digits}: ${ch}`);
        }
    expect(missing).toEqual([]);
  });

  it('C-ISO: a symbol the fonts lack becomes the ISO code (฿ → THB); the others keep their symbol', () => {
    expect(currencyDisplay('THB')).toBe('code');
    expect(formatMoney('1234.5', 'THB', 2, 'de', 'latn', 'code').replace('\u00a0', ' ')).toBe('1.234,50 THB');
    expect(currencyDisplay('KWD')).toBe('symbol');
    expect(currencyDisplay('EUR')).toBe('symbol');
  });
});
