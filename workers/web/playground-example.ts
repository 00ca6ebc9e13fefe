// The invoice the playground starts from (`/app/playground`), and the lists its selects offer. The
// page renders no values itself: web/client/playground-page.ts fills the form from `data-request`,
// so the form, the JSON editor and the totals always start from one object.
import { CURRENCY_CODES, type LANGUAGE_CODES, TEMPLATE_NAMES } from '@invoice/model';

export { CURRENCY_CODES, TEMPLATE_NAMES };

/** The 11 invoice languages with their own names, for the language select. */
export const LANGUAGE_NAMES: Record<(typeof LANGUAGE_CODES)[number], string> = {
  en: 'English',
  nl: 'Nederlands',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  pt: 'Português',
  ar: 'العربية (Arabic)',
  ja: '日本語 (Japanese)',
  ru: 'Русский (Russian)',
  it: 'Italiano',
  hi: 'हिन्दी (Hindi)',
};

const ENGLISH_EXAMPLE = {
  from: {
    name: 'Studio North',
    address: '12 Canal Street\n1012 AB Amsterdam',
    email: 'billing@studio-north.example',
    tax_id: 'NL123456789B01',
    country: 'NL',
  },
  to: {
    name: 'Acme GmbH',
    address: 'Hauptstraße 5\n10115 Berlin',
    email: 'accounts@acme.example',
    tax_id: 'DE123456789',
    country: 'DE',
  },
  invoice: { number: 'INV-2026-0042', currency: 'EUR', language: 'en' },
  items: [
    { description: 'Design work (hours)', quantity: 12, unit_price: 85 },
    { description: 'Hosting, one year', quantity: 1, unit_price: 240, discount: 10, discount_type: 'percent' },
  ],
  global_tax: 21,
  shipping: 15,
  template: 'modern',
  notes: 'Thank you for your business.',
};

const ARABIC_EXAMPLE = {
  from: {
    name: 'استوديو الشمال',
    address: 'شارع الملك فهد ١٢\nالرياض',
    email: 'billing@studio-north.example',
    tax_id: '300123456700003',
    country: 'SA',
  },
  to: {
    name: 'شركة أكمي',
    address: 'طريق الشيخ زايد ٥\nدبي',
    email: 'accounts@acme.example',
    tax_id: '100234567800003',
    country: 'AE',
  },
  invoice: { number: 'INV-2026-0042', currency: 'SAR', language: 'ar' },
  items: [
    { description: 'أعمال التصميم (ساعات)', quantity: 12, unit_price: 300 },
    { description: 'استضافة لمدة سنة', quantity: 1, unit_price: 900, discount: 10, discount_type: 'percent' },
  ],
  global_tax: 15,
  template: 'modern',
  notes: 'شكراً لتعاملكم معنا.',
};

/** The starting request: Arabic (and SAR) when the page itself is shown right to left. */
export function playgroundExample(language: 'en' | 'ar'): object {
  return language === 'ar' ? ARABIC_EXAMPLE : ENGLISH_EXAMPLE;
}
