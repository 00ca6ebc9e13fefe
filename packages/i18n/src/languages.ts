import type { Labels } from './label-keys.ts';
import { ar } from './labels/ar.ts';
import { de } from './labels/de.ts';
import { en } from './labels/en.ts';
import { es } from './labels/es.ts';
import { fr } from './labels/fr.ts';
import { hi } from './labels/hi.ts';
import { it } from './labels/it.ts';
import { ja } from './labels/ja.ts';
import { nl } from './labels/nl.ts';
import { pt } from './labels/pt.ts';
import { ru } from './labels/ru.ts';

/** The 11 languages of the spec, with their label tables. */
export const LABELS = { en, nl, de, fr, es, pt, ar, ja, ru, it, hi } as const satisfies Record<string, Labels>;
export type Language = keyof typeof LABELS;
export const LANGUAGES = Object.keys(LABELS) as Language[];

export function isLanguage(code: string): code is Language {
  return Object.hasOwn(LABELS, code);
}

/** Labels of a language; unknown codes fall back to English so a renderer never prints a key. */
export function labelsFor(language: string): Labels {
  return isLanguage(language) ? LABELS[language] : en;
}

/** Only Arabic is right-to-left (spec: Supported language codes). */
export function directionOf(language: string): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The numbering system of formatted numbers: `latn` (0-9) everywhere by default; `arab`
 * (٠١٢٣٤٥٦٧٨٩) only for the legacy `ar-e` language (D11), which is `ar` with Eastern Arabic digits.
 */
export type Digits = 'latn' | 'arab';

/**
 * The Intl locale of a language with an explicit numbering system. Western digits unless asked
 * otherwise: the spec's `ar` uses Western digits (D11 keeps Eastern digits for the legacy `ar-e`
 * only), and pinning the numbering system keeps output stable across ICU versions.
 */
export function intlLocale(language: string, digits: Digits = 'latn'): string {
  const base = isLanguage(language) ? language : 'en';
  return `${base}-u-nu-${digits}`;
}

/** Replaces `{name}` placeholders. */
export function fillLabel(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
