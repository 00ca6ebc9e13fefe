import { formatDate, LANGUAGES } from '@invoice/i18n';
import { TEMPLATE_NAMES } from '@invoice/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../src/index.ts';
import { creditNoteInvoice, fonts, fullInvoice, resolve } from './helpers/invoice-fixtures.ts';
import { wordBoxes, writePdf } from './helpers/poppler.ts';
import { brokenAcrossLines, linesWith, type TextLine, textLines } from './helpers/text-lines.ts';

// The README's generated number shape, the longest month names, a Leitweg-ID, an IBAN in groups of four.
const NUMBER = 'INV-20261125-XCYIRE';
const DATE = '2026-09-25';
const DUE = '2026-12-30';
const PO = 'PO-2026-000781';
const BUYER_REF = '04011000-1234512345-06';
const IBAN = 'GB29 NWBK 6016 1331 9268 19';
const ORIGINAL = 'INV-20260914-QWERTZ';
const ORIGINAL_DATE = '2026-09-14';
const PARTY_IDS = ['GB123456789', '09876543', 'DE811907980'];
const PAYMENT_IDS = ['12345678', '20-00-00', IBAN, 'NWBKGB2L'];

function invoiceBody(language: string, template: string) {
  const base = fullInvoice(language, template);
  const payment = { ...(base.payment as object), iban: IBAN };
  const invoice = { ...(base.invoice as object), number: NUMBER, date: DATE, due_date: DUE, po_number: PO };
  return { ...base, invoice, payment };
}

function creditNoteBody(language: string, template: string) {
  const base = creditNoteInvoice(language, template, {
    number: NUMBER,
    date: DATE,
    due_date: DUE,
    po_number: PO,
    buyer_reference: BUYER_REF,
    original_number: ORIGINAL,
    original_date: ORIGINAL_DATE,
  });
  return { ...base, payment: { ...(base.payment as object), iban: IBAN } };
}

// Every template × language as an invoice; as a credit note (its meta column adds a buyer reference and the corrected
// invoice's number and date) every language once, in each template in turn: 66 renders, not 110 (P9).
const cases = [
  ...TEMPLATE_NAMES.flatMap((template) =>
    LANGUAGES.map((language) => ({ template, language, kind: 'invoice' as const })),
  ),
  ...LANGUAGES.map((language, i) => ({
    template: TEMPLATE_NAMES[i % TEMPLATE_NAMES.length],
    language,
    kind: 'credit-note' as const,
  })),
];
const lines = new Map<string, TextLine[]>();
const key = (c: { template: string; language: string; kind: string }) => `${c.template}-${c.language}-${c.kind}`;

beforeAll(async () => {
  const fontSet = fonts();
  for (const c of cases) {
    const body = c.kind === 'invoice' ? invoiceBody(c.language, c.template) : creditNoteBody(c.language, c.template);
    const bytes = await renderInvoicePdf(resolve(body), {
      fonts: fontSet,
      qr: { text: 'https://invoices.example/api/i/AbCdEfGhIjKlMnOpQrStUv?t=sig' },
    });
    lines.set(key(c), textLines(wordBoxes(writePdf(`whole-${key(c)}`, bytes))));
  }
}, 240_000);

function identifiers(language: string, kind: 'invoice' | 'credit-note'): string[] {
  const common = [NUMBER, formatDate(DATE, language), formatDate(DUE, language), PO, ...PARTY_IDS, ...PAYMENT_IDS];
  return kind === 'invoice' ? common : [...common, BUYER_REF, ORIGINAL, formatDate(ORIGINAL_DATE, language)];
}

const show = ([a, b]: [TextLine, TextLine]) =>
  `p${a.page} "${a.words.map((w) => w.text).join(' ')}" / "${b.words.map((w) => w.text).join(' ')}"`;

describe('issue 27: identifiers and dates never break inside (every template × language; credit notes in turn)', () => {
  it.each(cases)(
    '$template/$language/$kind: the number, dates, references, tax ids and IBAN each sit whole on one line',
    ({ template, language, kind }) => {
      const all = lines.get(key({ template, language, kind }))!;
      for (const id of identifiers(language, kind)) {
        expect(brokenAcrossLines(all, id).map(show), `${id} broken`).toEqual([]);
        expect(linesWith(all, id).length, `${id} whole on a line`).toBeGreaterThan(0);
      }
    },
  );
});
