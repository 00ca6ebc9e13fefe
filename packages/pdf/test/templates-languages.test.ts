import { formatMoney, LANGUAGES, labelsFor, pageLabel } from '@invoice/i18n';
import { type CurrencyCode, minorUnits, TEMPLATE_NAMES } from '@invoice/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../src/index.ts';
import { fonts, fullInvoice, resolve } from './helpers/invoice-fixtures.ts';
import {
  overlappingWords,
  pdfFonts,
  pdfInfo,
  pdfText,
  qpdfCheck,
  squash,
  wordBoxes,
  writePdf,
} from './helpers/poppler.ts';

const STANDARD_14 = /^(Times|Helvetica|Courier|Symbol|ZapfDingbats)/;
const cases = TEMPLATE_NAMES.flatMap((template) => LANGUAGES.map((language) => ({ template, language })));
const files = new Map<string, string>();
const lower = (s: string, lang: string) => squash(s).toLocaleLowerCase(lang);

beforeAll(async () => {
  const fontSet = fonts();
  for (const { template, language } of cases) {
    const invoice = resolve(
      fullInvoice(language, template, { accent_color: template === 'modern' ? '#6D28D9' : undefined }),
    );
    const bytes = await renderInvoicePdf(invoice, {
      fonts: fontSet,
      qr: { text: 'https://invoices.example/api/i/AbCdEfGhIjKlMnOpQrStUv?t=sig' },
    });
    files.set(`${template}-${language}`, writePdf(`matrix-${template}-${language}`, bytes));
  }
}, 240_000);

describe('issue 4: every template in every language (55 PDFs)', () => {
  it.each(cases)(
    '$template/$language: number, totals formatted per language and translated labels are in the text',
    ({ template, language }) => {
      const file = files.get(`${template}-${language}`)!;
      const text = pdfText(file);
      const invoice = resolve(fullInvoice(language, template));
      const t = invoice.totals;
      const mu = minorUnits(t.currency as CurrencyCode);
      const flat = squash(text);
      expect(text).toContain('INV-2026-0042');
      for (const amount of [t.subtotal, t.grand_total, t.balance_due, t.tax_lines[0].amount])
        expect(flat).toContain(squash(formatMoney(amount, t.currency, mu, language)));
      const l = labelsFor(language);
      const haystack = lower(text, language);
      for (const label of [
        l.invoice,
        l.billTo,
        l.shipTo,
        l.description,
        l.quantity,
        l.unitPrice,
        l.subtotal,
        l.balanceDue,
        l.payment,
        l.iban,
        l.notes,
        l.refundPolicy,
        l.partial,
      ])
        expect(haystack, label).toContain(lower(label, language));
      const pages = Number(pdfInfo(file).Pages);
      expect(haystack).toContain(lower(pageLabel(1, pages, language), language));
    },
  );

  it.each(cases)(
    '$template/$language: fonts embedded and subset, no standard-14, qpdf --check passes, no overlapping words',
    ({ template, language }) => {
      const file = files.get(`${template}-${language}`)!;
      const rows = pdfFonts(file);
      expect(rows.length).toBeGreaterThan(0);
      for (const f of rows) {
        expect(f.embedded, f.name).toBe(true);
        expect(f.subset, f.name).toBe(true);
        expect(f.name.replace(/^[A-Z]{6}\+/, '')).not.toMatch(STANDARD_14);
      }
      const check = qpdfCheck(file);
      expect(check.ok, check.output).toBe(true);
      const words = wordBoxes(file);
      for (const w of words) {
        expect(w.xMin, w.text).toBeGreaterThanOrEqual(0);
        expect(w.xMax, w.text).toBeLessThanOrEqual(w.pageWidth);
        expect(w.yMax, w.text).toBeLessThanOrEqual(w.pageHeight);
      }
      // poppler's word boxes for Arabic runs are unreliable (letters reversed, font-wide boxes), so the
      // overlap check reads the other words; Arabic placement is checked by the golden image.
      const checked = words.filter((w) => !/[\u0600-\u06ff]/.test(w.text));
      expect(overlappingWords(checked).map(([a, b]) => `${a.text} × ${b.text}`)).toEqual([]);
    },
  );
});

describe('D1: inputs are shown as given', () => {
  it('a JPY unit price with decimals keeps them; computed money has none', async () => {
    const body = {
      from: { name: 'A' },
      to: { name: 'B' },
      invoice: { currency: 'JPY', language: 'en', number: 'JPY-1' },
      items: [{ description: 'Bolts', quantity: 12, unit_price: 35.5 }],
    };
    const text = pdfText(writePdf('jpy-unit-price', await renderInvoicePdf(resolve(body), { fonts: fonts() })));
    expect(text).toContain('¥35.5');
    expect(text).toContain('¥426');
    expect(text).not.toContain('¥36');
  });
});
