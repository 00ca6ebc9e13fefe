/** Invoices for the layout tests, built through the real parse → resolve path of @invoice/model. */
import { parseInvoiceRequest, type ResolvedInvoice, resolveInvoice } from '@invoice/model';
import { type FontSet, loadFontSet } from '../../src/text/font-set.ts';
import { loadFontFiles } from './load-fonts.ts';

export function fonts(): FontSet {
  const { fontFiles, harfbuzzWasm } = loadFontFiles();
  return loadFontSet(fontFiles, { harfbuzz: harfbuzzWasm });
}

export function resolve(body: Record<string, unknown>): ResolvedInvoice {
  const parsed = parseInvoiceRequest(body);
  if (!parsed.ok) throw new Error(`fixture invalid: ${parsed.error.message}`);
  return resolveInvoice(parsed.value, { today: '2026-03-01', randomBytes: new Uint8Array(8) });
}

/** Client-entered text per language: a reader of that language would write these. */
const SAMPLE_TEXT: Record<string, { item: string; city: string; note: string }> = {
  en: { item: 'Website redesign and development', city: 'London', note: 'Thank you for your business.' },
  nl: { item: 'Herontwerp en ontwikkeling van de website', city: 'Amsterdam', note: 'Bedankt voor uw opdracht.' },
  de: { item: 'Neugestaltung und Entwicklung der Website', city: 'München', note: 'Vielen Dank für Ihren Auftrag.' },
  fr: { item: 'Refonte et développement du site web', city: 'Paris', note: 'Merci de votre confiance.' },
  es: { item: 'Rediseño y desarrollo del sitio web', city: 'Madrid', note: 'Gracias por su confianza.' },
  pt: { item: 'Redesenho e desenvolvimento do site', city: 'Lisboa', note: 'Obrigado pela preferência.' },
  ar: { item: 'إعادة تصميم الموقع الإلكتروني وتطويره', city: 'دبي', note: 'شكرًا لتعاملكم معنا.' },
  ja: { item: 'ウェブサイトのリニューアルと開発', city: '東京都渋谷区', note: 'ご利用ありがとうございます。' },
  ru: { item: 'Редизайн и разработка веб-сайта', city: 'Москва', note: 'Спасибо за сотрудничество.' },
  it: { item: 'Restyling e sviluppo del sito web', city: 'Milano', note: 'Grazie per la fiducia.' },
  hi: { item: 'वेबसाइट का नया डिज़ाइन और विकास', city: 'मुंबई', note: 'आपके व्यवसाय के लिए धन्यवाद।' },
};

const CURRENCY_OF: Record<string, string> = {
  en: 'GBP',
  nl: 'EUR',
  de: 'EUR',
  fr: 'EUR',
  es: 'EUR',
  pt: 'BRL',
  ar: 'AED',
  ja: 'JPY',
  ru: 'RUB',
  it: 'EUR',
  hi: 'INR',
};

/** A full invoice: every Party, meta and Payment field, discounts, taxes, shipping, deposit. */
export function fullInvoice(
  language: string,
  template: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const t = SAMPLE_TEXT[language];
  return {
    from: {
      name: 'Northwind Studio Ltd',
      address: `12 Harbour Street\nSuite 4\n${t.city} EC1A 1BB`,
      email: 'billing@northwind.example',
      phone: '+44 20 7946 0000',
      tax_id: 'GB123456789',
      registration_no: '09876543',
      website: 'northwind.example',
    },
    to: {
      name: 'Contoso Trading GmbH',
      address: `Hauptstraße 5\n10115 ${t.city}`,
      email: 'ap@contoso.example',
      tax_id: 'DE811907980',
    },
    ship_to: { name: 'Contoso Warehouse', address: `Dock 7\n${t.city}` },
    invoice: {
      number: 'INV-2026-0042',
      date: '2026-03-01',
      due_date: '2026-03-31',
      po_number: 'PO-7781',
      terms: 'Net 30',
      currency: CURRENCY_OF[language],
      language,
    },
    items: [
      { description: t.item, quantity: 1, unit: 'project', unit_price: 4200, tax_rate: 20 },
      { description: 'Hosting (12 months)', quantity: 12, unit: 'month', unit_price: 35.5, discount: 10, tax_rate: 20 },
      {
        description: 'Consulting',
        quantity: 7.5,
        unit: 'hour',
        unit_price: 120,
        discount: 50,
        discount_type: 'amount',
        tax_rate: 20,
      },
    ],
    shipping: 25,
    deposit: 500,
    payment: {
      pay_to: 'Northwind Studio Ltd',
      bank_name: 'Example Bank plc',
      account_name: 'Northwind Studio Ltd',
      account_number: '12345678',
      routing_number: '20-00-00',
      iban: 'GB29NWBK60161331926819',
      swift: 'NWBKGB2L',
      instructions: 'Please quote the invoice number with your payment.',
      method_note: 'Bank transfer preferred',
    },
    template,
    notes: t.note,
    refund_policy: 'Refunds within 14 days of delivery.',
    footer: 'Northwind Studio Ltd · Registered in England and Wales',
    ...extra,
  };
}

/** The full invoice as a credit note (issue 13) correcting INV-2026-0042 of 2026-02-14, with a buyer reference. */
export function creditNoteInvoice(
  language: string,
  template: string,
  invoice: Record<string, unknown> = { original_number: 'INV-2026-0042', original_date: '2026-02-14' },
): Record<string, unknown> {
  const base = fullInvoice(language, template);
  return {
    ...base,
    invoice: {
      ...(base.invoice as Record<string, unknown>),
      type: 'credit_note',
      number: 'CN-2026-0007',
      buyer_reference: 'LEITWEG-991',
      ...invoice,
    },
  };
}

/** `count` items with short descriptions, for pagination and the bench. */
export function manyItems(count: number, language = 'en'): Record<string, unknown>[] {
  const t = SAMPLE_TEXT[language];
  return Array.from({ length: count }, (_, i) => ({
    description: `${t.item} #${i + 1}`,
    quantity: (i % 5) + 1,
    unit: 'pcs',
    unit_price: 10 + i,
    tax_rate: i % 2 ? 20 : 5,
  }));
}

/** The full fixture invoice billed from Biel with a QR-IBAN and a QR reference, in CHF. */
export function swissInvoice(language: string, template: string, extra: Record<string, unknown> = {}) {
  const base = fullInvoice(language, template) as Record<string, Record<string, unknown>>;
  return {
    ...base,
    from: { ...base.from, street: 'Rue du Lac 1268', postal_code: '2501', city: 'Biel', country: 'CH' },
    to: { ...base.to, street: 'Hauptstrasse 5', postal_code: '8001', city: 'Zürich', country: 'CH' },
    invoice: { ...base.invoice, currency: 'CHF' },
    payment: {
      ...base.payment,
      iban: 'CH44 3199 9123 0008 8901 2',
      swift: undefined,
      reference: '21 00000 00003 13947 14300 09017',
      qr: { type: 'swiss' },
    },
    ...extra,
  };
}
