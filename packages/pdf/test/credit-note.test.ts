import { fillLabel, formatDate, LANGUAGES, labelsFor } from '@invoice/i18n';
import { TEMPLATE_NAMES } from '@invoice/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../src/index.ts';
import { buildInvoiceView } from '../src/layout/invoice-view.ts';
import { creditNoteInvoice, fonts, fullInvoice, resolve } from './helpers/invoice-fixtures.ts';
import { VALUES } from './helpers/long-fields.ts';
import { overlappingWords, pdfFonts, pdfText, qpdfCheck, squash, wordBoxes, writePdf } from './helpers/poppler.ts';

// Every language once (templates in turn), and every template in English and Arabic.
const cases = [
  ...LANGUAGES.map((language, i) => ({ language, template: TEMPLATE_NAMES[i % TEMPLATE_NAMES.length] })),
  ...TEMPLATE_NAMES.flatMap((template) => ['en', 'ar'].map((language) => ({ language, template }))),
].filter((c, i, all) => all.findIndex((d) => d.language === c.language && d.template === c.template) === i);
const longCases = TEMPLATE_NAMES.flatMap((template) => ['en', 'ar'].map((language) => ({ language, template })));
const files = new Map<string, string>();
/** Page margin of every template (render-invoice-pdf.ts): text may touch it, not cross it. */
const MARGIN = 42;
// NFD: Intl writes the Hindi month फ़रवरी with the precomposed U+095E, the font's glyph maps back to फ + nukta.
const lower = (s: string, lang: string) => squash(s).normalize('NFD').toLocaleLowerCase(lang);

beforeAll(async () => {
  const fontSet = fonts();
  for (const { template, language } of cases) {
    const bytes = await renderInvoicePdf(resolve(creditNoteInvoice(language, template)), { fonts: fontSet });
    files.set(`${template}-${language}`, writePdf(`credit-note-${template}-${language}`, bytes));
  }
  // 120 unbroken characters as the original number and the buyer reference (text-fits-boxes.test.ts's values).
  for (const { template, language } of longCases) {
    const long = { original_number: VALUES.letters, original_date: '2026-02-14', buyer_reference: VALUES.digits };
    const bytes = await renderInvoicePdf(resolve(creditNoteInvoice(language, template, long)), { fonts: fontSet });
    files.set(`long-${template}-${language}`, writePdf(`credit-note-long-${template}-${language}`, bytes));
  }
}, 240_000);

describe('issue 13: the PDF of a credit note', () => {
  it('issue 13: the labels are translated: the heading differs from INVOICE in every language and from English', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const l = labelsFor(language);
      expect(l.creditNote, language).not.toBe(labelsFor('en').creditNote);
      expect(l.creditNote, language).not.toBe(l.invoice);
      expect(l.creditNoteFor, language).toMatch(/\{number\}.*\{date\}|\{date\}.*\{number\}/);
      expect(l.creditNoteForNumber, language).toContain('{number}');
      expect(l.amountCredited, language).not.toBe(labelsFor('en').amountCredited);
      expect(l.amountCredited, language).not.toBe(l.balanceDue);
      expect(l.qrHostedCreditNote, language).not.toBe(labelsFor('en').qrHostedCreditNote);
      expect(l.qrHostedCreditNote, language).not.toBe(l.qrHostedLink);
    }
    expect(labelsFor('de').creditNote).toBe('GUTSCHRIFT');
    expect(labelsFor('fr').creditNote).toBe('AVOIR');
    expect(labelsFor('es').creditNote).toBe('NOTA DE CRÉDITO');
    expect(labelsFor('ar').creditNote).toBe('إشعار دائن');
  });

  it.each(cases)(
    '$template/$language: the localised heading, the reference to the original invoice and the credit note labels are in the text',
    ({ template, language }) => {
      const text = pdfText(files.get(`${template}-${language}`)!);
      const haystack = lower(text, language);
      const l = labelsFor(language);
      const reference = fillLabel(l.creditNoteFor, {
        number: 'INV-2026-0042',
        date: formatDate('2026-02-14', language),
      });
      for (const expected of [l.creditNote, l.creditNoteNumber, l.creditNoteDate, l.buyerReference, l.amountCredited])
        expect(haystack, expected).toContain(lower(expected, language));
      // The reference may wrap, and pdftotext may read a wrapped end-aligned line elsewhere: word by word,
      // with the formatted date whole.
      for (const word of reference.split(/\s+/)) expect(haystack, reference).toContain(lower(word, language));
      expect(haystack).toContain(lower(formatDate('2026-02-14', language), language));
      expect(text).toContain('CN-2026-0007');
      expect(text).toContain('LEITWEG-991');
      // The invoice heading is gone (Arabic's credit-note heading contains no فاتورة on its own line).
      expect(haystack).not.toContain(lower(l.invoiceNumber, language));
      // Nothing is due from the buyer of a credit note.
      expect(haystack).not.toContain(lower(l.balanceDue, language));
    },
  );

  it.each(cases)(
    '$template/$language: fonts embedded, qpdf --check passes, no overlapping words',
    ({ template, language }) => {
      const file = files.get(`${template}-${language}`)!;
      for (const f of pdfFonts(file)) expect(f.embedded && f.subset, f.name).toBe(true);
      expect(qpdfCheck(file).ok).toBe(true);
      const words = wordBoxes(file);
      for (const w of words) expect(w.xMax, w.text).toBeLessThanOrEqual(w.pageWidth);
      // As in templates-languages.test.ts: poppler's boxes for Arabic runs are unreliable, the images are looked at.
      const checked = words.filter((w) => !/[\u0600-\u06ff]/.test(w.text));
      expect(overlappingWords(checked).map(([a, b]) => `${a.text} × ${b.text}`)).toEqual([]);
    },
  );
});

describe('issue 13: a long original number and buyer reference wrap inside the page (every template, en and ar)', () => {
  it.each(longCases)(
    '$template/$language: every word inside the margins, none overlapping',
    ({ template, language }) => {
      const words = wordBoxes(files.get(`long-${template}-${language}`)!);
      const outside = words.filter((w) => w.xMin < MARGIN - 1 || w.xMax > w.pageWidth - MARGIN + 1);
      expect(outside.map((w) => `${w.text.slice(0, 20)} ${w.xMin.toFixed(1)}..${w.xMax.toFixed(1)}`)).toEqual([]);
      const checked = words.filter((w) => !/[\u0600-\u06ff]/.test(w.text));
      expect(overlappingWords(checked).map(([a, b]) => `${a.text} × ${b.text}`)).toEqual([]);
      // Right to left, pdftotext reads the wrapped pieces in another order; the image was looked at instead.
      if (language === 'en')
        expect(squash(pdfText(files.get(`long-${template}-${language}`)!))).toContain(VALUES.digits);
    },
  );
});

describe('issue 13: the view of a credit note', () => {
  it('issue 13: without original_date the reference names the number only; without original_number there is none', () => {
    const view = (invoice: Record<string, unknown>) =>
      buildInvoiceView(resolve(creditNoteInvoice('de', 'classic', invoice)));
    expect(view({ original_number: 'RE-1', original_date: undefined }).reference).toBe('Gutschrift zur Rechnung RE-1');
    expect(view({ original_number: 'RE-1', original_date: '2026-02-14' }).reference).toBe(
      'Gutschrift zur Rechnung RE-1 vom 14.\u00a0Februar\u00a02026',
    );
    expect(view({}).reference).toBeUndefined();
    expect(view({}).title).toBe('GUTSCHRIFT');
    expect(view({}).document.title).toBe('Gutschrift CN-2026-0007');
  });

  it('issue 13: the last total line says what is credited, and the hosted-link QR caption names the credit note', () => {
    const note = buildInvoiceView(resolve(creditNoteInvoice('en', 'classic')));
    expect(note.totals.at(-1)).toMatchObject({ label: 'Amount credited', emphasis: 'due' });
    expect(note.qrCaption).toBe('Scan to view this credit note online');
    const fr = buildInvoiceView(resolve(creditNoteInvoice('fr', 'modern')));
    expect(fr.qrCaption).toBe('Scannez pour consulter cet avoir en ligne');
    // A payment QR keeps its own caption on a credit note too.
    const pay = creditNoteInvoice('en', 'classic');
    const payView = buildInvoiceView(
      resolve({ ...pay, payment: { qr: { type: 'url', value: 'https://pay.example.com/r/1' } } }),
    );
    expect(payView.qrCaption).toBe('Scan to open the link');
    const invoice = buildInvoiceView(resolve(fullInvoice('en', 'classic')));
    expect(invoice.totals.at(-1)?.label).toBe('Balance due');
    expect(invoice.qrCaption).toBe('Scan to view this invoice online');
  });

  it('issue 13: an invoice has no reference line and keeps its labels; an explicit title overrides CREDIT NOTE', () => {
    const invoice = buildInvoiceView(resolve(fullInvoice('en', 'classic')));
    expect(invoice.reference).toBeUndefined();
    expect(invoice.title).toBe('INVOICE');
    expect(invoice.meta[0].label).toBe('Invoice no.');
    const titled = buildInvoiceView(resolve(creditNoteInvoice('en', 'classic', { title: 'Refund' })));
    expect(titled.title).toBe('Refund');
    expect(titled.meta[0].label).toBe('Credit note no.');
  });
});
