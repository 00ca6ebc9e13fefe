import { describe, expect, it } from 'vitest';
import { countryCodeOf, parseAddress } from '../src/parse-address.ts';
import { unitCodeFor } from '../src/unit-codes.ts';

describe('unit codes (UN/ECE Rec 20)', () => {
  it.each([
    ['hours', 'HUR'],
    ['Hour', 'HUR'],
    ['HRS.', 'HUR'],
    ['Stunden', 'HUR'],
    ['heures', 'HUR'],
    ['день', 'DAY'],
    ['day', 'DAY'],
    ['Days', 'DAY'],
    ['pcs', 'H87'],
    ['piece', 'H87'],
    ['Stück', 'H87'],
    ['unit', 'C62'],
    ['each', 'C62'],
    ['kg', 'KGM'],
    ['g', 'GRM'],
    ['m', 'MTR'],
    ['km', 'KMT'],
    ['l', 'LTR'],
    ['Litre', 'LTR'],
    ['month', 'MON'],
    ['mois', 'MON'],
    ['year', 'ANN'],
    ['años', 'ANN'],
    ['week', 'WEE'],
    ['minutes', 'MIN'],
    ['m²', 'MTK'],
    ['kWh', 'KWH'],
    ['lump sum', 'LS'],
  ])('%s → %s', (unit, code) => expect(unitCodeFor(unit)).toBe(code));

  it('unknown or absent units are C62', () => {
    expect(unitCodeFor(undefined)).toBe('C62');
    expect(unitCodeFor('')).toBe('C62');
    expect(unitCodeFor('widgets')).toBe('C62');
  });
});

describe('free-text addresses', () => {
  it('street first, town line last, country only when recognised', () => {
    expect(parseAddress('1 Main St\nSpringfield, IL 62701\nUSA')).toEqual({
      streetName: '1 Main St',
      cityName: 'Springfield, IL 62701',
      countryCode: 'US',
    });
    expect(parseAddress('Dock 5, Rotterdam, Netherlands')).toEqual({
      streetName: 'Dock 5',
      cityName: 'Rotterdam',
      countryCode: 'NL',
    });
    expect(parseAddress('Somewhere 1\nAtlantis')).toEqual({
      streetName: 'Somewhere 1',
      cityName: 'Atlantis',
      countryCode: undefined,
    });
    expect(parseAddress('Only a street')).toEqual({ streetName: 'Only a street', countryCode: undefined });
  });

  it('two-letter codes count only in capitals (so "in" and "no" stay words)', () => {
    expect(countryCodeOf('NO')).toBe('NO');
    expect(countryCodeOf('no')).toBeUndefined();
    expect(countryCodeOf('Deutschland')).toBe('DE');
  });
});
