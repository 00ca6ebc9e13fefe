// Issue 23: each payment code the service builds, drawn on the PDF, read back as a phone reads it
// (the page rendered by pdftoppm at 150 dpi, decoded by jsQR: test/support/page-raster.ts) and checked field by field against its
// standard, in every template and in en/de/fr/it/ar; and the manual details printed beside it.
import { labelsFor } from '@invoice/i18n';
import { groupInFours, paymentCodeOf } from '@invoice/model';
import type Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { readQrOnPages } from '../../../test/support/page-raster.ts';
import {
  emvCrcHolds,
  mod97Holds,
  readEmv,
  readEpc,
  readUpi,
  readZatca,
} from '../../../test/support/read-payment-payload.ts';
import { renderInvoicePdf } from '../src/index.ts';
import { buildInvoiceView } from '../src/layout/invoice-view.ts';
import { manualPaymentFields } from '../src/layout/payment-code-view.ts';
import { fonts, fullInvoice, resolve } from './helpers/invoice-fixtures.ts';
import { pdfInfo, pdfText, squash, type WordBox, wordBoxes, writePdf } from './helpers/poppler.ts';

const TEMPLATES = ['classic', 'modern', 'bold', 'minimal', 'navy'];
const LANGUAGES = ['en', 'de', 'fr', 'it', 'ar'];

type CodeType = 'sepa' | 'upi' | 'pix' | 'zatca';
const CURRENCY: Record<CodeType, string> = { sepa: 'EUR', upi: 'INR', pix: 'BRL', zatca: 'SAR' };

/** The full fixture invoice asking for a built code of `type` (no value). */
function codeInvoice(type: CodeType, language: string, template: string): Record<string, unknown> {
  const base = fullInvoice(language, template) as Record<string, Record<string, unknown>>;
  return {
    ...base,
    from: { ...base.from, city: 'São Paulo', tax_id: type === 'zatca' ? '310122393500003' : base.from.tax_id },
    invoice: { ...base.invoice, currency: CURRENCY[type] },
    payment: {
      ...base.payment,
      reference: type === 'sepa' ? 'RF18 5390 0754 7034' : undefined,
      upi_id: 'northwind@okbank',
      pix_key: '123e4567-e12b-12d1-a456-426655440000',
      qr: { type },
    },
  };
}

function decodeFromPdf(file: string): string | undefined {
  const count = Number(pdfInfo(file).Pages);
  return readQrOnPages(
    file,
    Array.from({ length: count }, (_, i) => i + 1),
  );
}

/** Where `phrase` is printed: runs of words on one line that spell it (LTR lines). */
function phraseBoxes(words: WordBox[], phrase: string): WordBox[] {
  const target = squash(phrase);
  const found: WordBox[] = [];
  for (let i = 0; i < words.length; i++) {
    const run: WordBox[] = [];
    for (let j = i; j < words.length && words[j]!.page === words[i]!.page; j++) {
      if (Math.abs(words[j]!.yMin - words[i]!.yMin) > 1) break;
      run.push(words[j]!);
      const joined = run.map((w) => squash(w.text));
      if (joined.join('').length >= target.length) {
        if (joined.join('') === target)
          found.push({
            ...run[0]!,
            text: phrase,
            xMin: Math.min(...run.map((w) => w.xMin)),
            xMax: Math.max(...run.map((w) => w.xMax)),
            yMax: Math.max(...run.map((w) => w.yMax)),
          });
        break;
      }
    }
  }
  return found;
}

/** The payload's fields against its standard; `due` is the balance due with two decimals. */
function checkAgainstStandard(type: CodeType, payload: string, due: string, total: string, vat: string) {
  switch (type) {
    case 'sepa': {
      const f = readEpc(payload);
      expect([f.serviceTag, f.version, f.characterSet, f.identification]).toEqual(['BCD', '002', '1', 'SCT']);
      expect(f.bic).toBe('NWBKGB2L');
      expect(f.name).toBe('Northwind Studio Ltd');
      expect(f.iban).toBe('GB29NWBK60161331926819');
      expect(mod97Holds(f.iban)).toBe(true);
      expect(f.amount).toBe(`EUR${due}`);
      expect(f.structuredReference).toBe('RF18539007547034');
      expect(mod97Holds(f.structuredReference)).toBe(true);
      expect(f.unstructuredRemittance).toBe('');
      expect(f.bytes).toBeLessThanOrEqual(331);
      return;
    }
    case 'upi':
      expect(readUpi(payload)).toEqual({
        scheme: 'upi:',
        host: 'pay',
        params: { pa: 'northwind@okbank', pn: 'Northwind Studio Ltd', am: due, cu: 'INR', tn: 'INV-2026-0042' },
      });
      return;
    case 'pix': {
      const f = readEmv(payload);
      expect(f.get('00')).toBe('01');
      expect(Object.fromEntries(readEmv(f.get('26')!))).toEqual({
        '00': 'br.gov.bcb.pix',
        '01': '123e4567-e12b-12d1-a456-426655440000',
      });
      expect([f.get('52'), f.get('53'), f.get('54'), f.get('58')]).toEqual(['0000', '986', due, 'BR']);
      expect([f.get('59'), f.get('60')]).toEqual(['Northwind Studio Ltd', 'Sao Paulo']);
      expect(readEmv(f.get('62')!).get('05')).toBe('INV20260042');
      expect(emvCrcHolds(payload)).toBe(true);
      return;
    }
    case 'zatca':
      expect(readZatca(payload)).toEqual({
        1: 'Northwind Studio Ltd',
        2: '310122393500003',
        3: '2026-03-01T00:00:00Z',
        4: total,
        5: vat,
      });
  }
}

describe('issue 23: payment codes read back from the PDF', () => {
  const types: CodeType[] = ['sepa', 'upi', 'pix', 'zatca'];
  // every type in every template and every one of the five languages: the templates rotate over the languages
  const cases = types.flatMap((type, t) =>
    LANGUAGES.map((language, i) => [type, language, TEMPLATES[(i + t) % TEMPLATES.length]] as const),
  );

  it.each(cases)(
    '%s in %s (%s): the decoded payload is the built one and holds to its standard',
    async (type, language, template) => {
      const resolved = resolve(codeInvoice(type, language, template));
      const code = paymentCodeOf(resolved);
      expect(code?.manual).toBeDefined();
      const bytes = await renderInvoicePdf(resolved, { fonts: fonts(), qr: { text: code!.payload, code } });
      const file = writePdf(`payment-code-${type}-${language}-${template}`, bytes);
      const decoded = decodeFromPdf(file);
      expect(decoded).toBe(code!.payload);
      const t = resolved.totals;
      checkAgainstStandard(type, decoded!, t.balance_due.toFixed(2), t.grand_total.toFixed(2), t.total_tax.toFixed(2));

      // beside the code: what a person needs to pay by hand
      const text = squash(pdfText(file));
      if (type === 'sepa') {
        expect(text).toContain(squash(groupInFours('GB29NWBK60161331926819')));
        expect(pdfText(file)).toContain('GB29 NWBK 6016 1331 9268 19');
        expect(text).toContain('RF18539007547034');
      }
      if (type === 'upi') expect(text).toContain('northwind@okbank');
      if (type === 'pix') expect(text).toContain('123e4567-e12b-12d1-a456-426655440000');
      if (type === 'zatca') expect(text).toContain('310122393500003');
      // each detail as the view builds it (the amount formatted as every amount of the invoice), its label
      // on the line before its value, in the view's order
      const details = buildInvoiceView(resolved, undefined, undefined, { kind: type, manual: code!.manual }).qrDetails;
      const words = wordBoxes(file);
      let below = -Infinity;
      // Arabic: poppler splits a line mixing scripts into words of different heights, out of logical order;
      // the values are checked as text there and the Arabic labels in the sepa label test below
      if (language === 'ar')
        for (const { value } of details)
          expect(
            [
              squash(value),
              squash(
                value
                  .split(/[\s\u00a0\u202f]+/)
                  .reverse()
                  .join(''),
              ),
            ].some((v) => text.includes(v)),
            value,
          ).toBe(true);
      else
        for (const { label, value } of details) {
          const heads = phraseBoxes(words, label);
          const v = phraseBoxes(words, value).find(
            (b) =>
              b.yMin > below
              && heads.some(
                (h) =>
                  h.page === b.page
                  && b.yMin - h.yMin > 0
                  && b.yMin - h.yMin < 20
                  && h.xMin < b.xMax
                  && b.xMin < h.xMax,
              ),
          );
          expect(v, `${label} over ${value}`).toBeDefined();
          below = v!.yMin;
        }
      expect(details.at(-1)!.label).toBe(type === 'zatca' ? labelsFor(language).tax : labelsFor(language).amount);
      // the RF reference in groups of four as printed (the text as extracted, spaces kept)
      if (type === 'sepa') expect(pdfText(file)).toContain('RF18 5390 0754 7034');
      // upi, pix and zatca labelled in German, word for word
      if (language === 'de')
        expect(details.map((d) => d.label)).toEqual(
          {
            sepa: ['Zahlbar an', 'IBAN', 'BIC', 'Zahlungsreferenz', 'Betrag'],
            upi: ['Zahlbar an', 'UPI-ID', 'Zahlungsreferenz', 'Betrag'],
            pix: ['Zahlbar an', 'PIX-Schlüssel', 'Zahlungsreferenz', 'Betrag'],
            zatca: ['USt-IdNr.', 'Gesamtbetrag', 'MwSt.'],
          }[type],
        );
    },
  );

  it('Q6: manualPaymentFields: the exact rows and their order per type, IBAN and RF in fours, the amount as money', () => {
    const l = labelsFor('en');
    const money = (v: Decimal) => `<${v.toFixed(2)}>`;
    const rows = (type: CodeType) => {
      const resolved = resolve(codeInvoice(type, 'en', 'classic'));
      const fields = manualPaymentFields(type, paymentCodeOf(resolved)!.manual, l, money);
      expect(fields.every((f) => f.whole)).toBe(true);
      return { rows: fields.map((f) => [f.label, f.value]), t: resolved.totals };
    };
    const sepa = rows('sepa');
    expect(sepa.rows).toEqual([
      ['Pay to', 'Northwind Studio Ltd'],
      ['IBAN', 'GB29 NWBK 6016 1331 9268 19'],
      [l.swift, 'NWBKGB2L'],
      ['Reference', 'RF18 5390 0754 7034'],
      ['Amount', `<${sepa.t.balance_due.toFixed(2)}>`],
    ]);
    const upi = rows('upi');
    expect(upi.rows).toEqual([
      ['Pay to', 'Northwind Studio Ltd'],
      [l.upiId, 'northwind@okbank'],
      ['Reference', 'INV-2026-0042'],
      ['Amount', `<${upi.t.balance_due.toFixed(2)}>`],
    ]);
    const pix = rows('pix');
    expect(pix.rows).toEqual([
      ['Pay to', 'Northwind Studio Ltd'],
      [l.pixKey, '123e4567-e12b-12d1-a456-426655440000'],
      // the BR Code's transaction id: the invoice number's letters and digits
      ['Reference', 'INV20260042'],
      ['Amount', `<${pix.t.balance_due.toFixed(2)}>`],
    ]);
    const zatca = rows('zatca');
    expect(zatca.rows).toEqual([
      [l.taxId, '310122393500003'],
      [l.total, `<${zatca.t.grand_total.toFixed(2)}>`],
      [l.tax, `<${zatca.t.total_tax.toFixed(2)}>`],
    ]);
    // a client's own payload: nothing is known, nothing printed
    expect(manualPaymentFields('sepa', undefined, l, money)).toEqual([]);
  });

  it('the details beside a sepa code are labelled in the invoice language', async () => {
    const labels: Record<string, string[]> = {
      en: ['Reference', 'Amount', 'Pay to'],
      de: ['Zahlungsreferenz', 'Betrag', 'Zahlbar an'],
      fr: ['Référence', 'Montant', 'Bénéficiaire'],
      it: ['Riferimento', 'Importo', 'Beneficiario'],
      ar: ['المرجع', 'المبلغ'],
    };
    for (const [language, expected] of Object.entries(labels)) {
      const resolved = resolve(codeInvoice('sepa', language, 'classic'));
      const code = paymentCodeOf(resolved)!;
      const file = writePdf(
        `payment-code-labels-${language}`,
        await renderInvoicePdf(resolved, { fonts: fonts(), qr: { text: code.payload, code } }),
      );
      const text = squash(pdfText(file));
      for (const label of expected) expect(text, language).toContain(squash(label));
    }
  });

  it("a client's own payload is drawn as given, with no details beside it", async () => {
    const value = 'BCD\n002\n1\nSCT\n\nOwn Payee\nDE89370400440532013000\nEUR1.00';
    const body = codeInvoice('sepa', 'en', 'classic');
    const resolved = resolve({ ...body, payment: { ...(body.payment as object), qr: { type: 'sepa', value } } });
    const code = paymentCodeOf(resolved)!;
    const file = writePdf(
      'payment-code-own-value',
      await renderInvoicePdf(resolved, { fonts: fonts(), qr: { text: code.payload, code } }),
    );
    expect(decodeFromPdf(file)).toBe(value);
    expect(pdfText(file)).not.toContain('RF18 5390');
  });
});
