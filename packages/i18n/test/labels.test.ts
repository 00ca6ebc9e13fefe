import { LANGUAGE_CODES } from '@invoice/model';
import { describe, expect, it } from 'vitest';
import { directionOf, fillLabel, LABELS, LANGUAGES, labelsFor } from '../src/index.ts';

describe('labels for the 11 languages', () => {
  it('covers exactly the spec languages', () => {
    expect([...LANGUAGES].sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it('every language fills every label key with non-empty text', () => {
    const keys = Object.keys(LABELS.en).sort();
    for (const lang of LANGUAGES) {
      const labels = LABELS[lang];
      expect(Object.keys(labels).sort(), lang).toEqual(keys);
      for (const [k, v] of Object.entries(labels)) expect(v.trim().length, `${lang}.${k}`).toBeGreaterThan(0);
    }
  });

  it('non-English languages translate the headings a reader scans for (Total is the same word in fr, es, pt)', () => {
    const scanned = ['invoice', 'billTo', 'description', 'quantity', 'balanceDue', 'page', 'paid'] as const;
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      for (const k of scanned) expect(LABELS[lang][k], `${lang}.${k}`).not.toBe(LABELS.en[k]);
    }
  });

  it('placeholders survive translation: page has {page} and {pages}, taxRate has {rate}', () => {
    for (const lang of LANGUAGES) {
      expect(LABELS[lang].page).toContain('{page}');
      expect(LABELS[lang].page).toContain('{pages}');
      expect(LABELS[lang].taxRate).toContain('{rate}');
    }
    expect(fillLabel(LABELS.de.page, { page: 2, pages: 5 })).toBe('Seite 2 von 5');
  });

  it('only Arabic is right-to-left', () => {
    expect(LANGUAGES.filter((l) => directionOf(l) === 'rtl')).toEqual(['ar']);
    expect(labelsFor('xx')).toBe(LABELS.en);
  });
});
