import { formatMoney, pageLabel } from '@invoice/i18n';
import { type CurrencyCode, minorUnits, TEMPLATE_NAMES } from '@invoice/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../src/index.ts';
import { fonts, fullInvoice, resolve } from './helpers/invoice-fixtures.ts';
import { overlappingWords, pdfInfo, pdfText, squash, wordBoxes, writePdf } from './helpers/poppler.ts';

const EASTERN_DIGIT = /[\u0660-\u0669]/;
// A run of printable ASCII holding a digit: how a Western-digit number (or a typed identifier) extracts.
const ASCII_NUMBER_RUN = /[!-~]*[0-9][!-~]*/g;

/**
 * The full invoice with client text whose digit runs cannot pass for a formatted number (no bare
 * `12`, `20` or `5` typed anywhere), so a Western digit the view forgot to convert cannot hide
 * behind an address or a phone number.
 */
function body(template: string): Record<string, unknown> {
  const base = fullInvoice('ar', template);
  return {
    ...base,
    from: { ...(base.from as object), address: 'Harbour Street\nSuite D\nدبي EC1A 1BB', phone: '+442079460000' },
    to: { ...(base.to as object), address: 'Hauptstraße\n10115 دبي' },
    ship_to: { name: 'Contoso Warehouse', address: 'Dock G\nدبي' },
  };
}

/** Every string the client typed, except the dates, which the view formats. */
function typedStrings(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return key === 'date' || key === 'due_date' ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((v) => typedStrings(v));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => typedStrings(v, k));
  return [];
}

const asciiRuns = (text: string) => text.split(/\s+/).flatMap((w) => w.match(ASCII_NUMBER_RUN) ?? []);

const files = new Map<string, string>();

beforeAll(async () => {
  const fontSet = fonts();
  for (const template of TEMPLATE_NAMES) {
    const invoice = resolve(body(template));
    const qr = { text: 'https://invoices.example/api/i/AbCdEfGhIjKlMnOpQrStUv?t=sig' };
    const arE = await renderInvoicePdf(invoice, { fonts: fontSet, qr, presentation: { digits: 'arab' } });
    const ar = await renderInvoicePdf(invoice, { fonts: fontSet, qr });
    files.set(`${template}-arab`, writePdf(`digits-${template}-ar-e`, arE));
    files.set(`${template}-latn`, writePdf(`digits-${template}-ar`, ar));
  }
}, 120_000);

describe('D11: ar-e is ar with Eastern Arabic digits', () => {
  it.each(TEMPLATE_NAMES)('D11: ar-e writes every number in Eastern Arabic digits (%s)', (template) => {
    const file = files.get(`${template}-arab`)!;
    const text = pdfText(file);
    const flat = squash(text);
    const t = resolve(body(template)).totals;
    const mu = minorUnits(t.currency as CurrencyCode);
    for (const amount of [t.subtotal, t.grand_total, t.balance_due, t.tax_lines[0].amount, t.shipping]) {
      const printed = formatMoney(amount, t.currency, mu, 'ar', 'arab');
      expect(printed).toMatch(EASTERN_DIGIT);
      expect(flat).toContain(squash(printed));
    }
    const pages = Number(pdfInfo(file).Pages);
    expect(flat).toContain(squash(pageLabel(1, pages, 'ar', 'arab')));
    // ASCII digits only where the client typed them: invoice number, PO, tax ids, IBAN, postal codes.
    const typed = new Set(typedStrings(body(template)).flatMap(asciiRuns));
    expect(typed).toContain('INV-2026-0042');
    expect(asciiRuns(text).filter((run) => !typed.has(run))).toEqual([]);
    expect(text).toContain('INV-2026-0042');
    expect(text).toContain('PO-7781');
  });

  it.each(TEMPLATE_NAMES)('D11: ar keeps Western digits, the same invoice without digits (%s)', (template) => {
    const file = files.get(`${template}-latn`)!;
    const text = pdfText(file);
    const t = resolve(body(template)).totals;
    const mu = minorUnits(t.currency as CurrencyCode);
    for (const amount of [t.subtotal, t.grand_total, t.balance_due])
      expect(squash(text)).toContain(squash(formatMoney(amount, t.currency, mu, 'ar')));
    expect(squash(text)).toContain(squash(pageLabel(1, Number(pdfInfo(file).Pages), 'ar')));
    expect(text).not.toMatch(EASTERN_DIGIT);
  });

  it.each(TEMPLATE_NAMES)(
    'D11: Eastern digits leave the layout as it was: no word off the page or overlapping (%s)',
    (template) => {
      const arE = wordBoxes(files.get(`${template}-arab`)!);
      for (const w of arE) {
        expect(w.xMin, w.text).toBeGreaterThanOrEqual(0);
        expect(w.xMax, w.text).toBeLessThanOrEqual(w.pageWidth);
      }
      // As in templates-languages: poppler's boxes for Arabic runs (Eastern digits included) are unreliable.
      const latin = (ws: typeof arE) => ws.filter((w) => !/[\u0600-\u06ff]/.test(w.text));
      expect(overlappingWords(latin(arE)).map(([a, b]) => `${a.text} × ${b.text}`)).toEqual([]);
      // The typed Latin text (words with a letter; the Western rendering's numbers are left out) sits
      // on the same lines as in the Western-digit rendering: Eastern digits moved nothing else.
      const place = (ws: typeof arE) =>
        latin(ws)
          .filter((w) => /[A-Za-z]/.test(w.text))
          .map((w) => `${w.page}|${w.text}|${w.yMin.toFixed(1)}`);
      expect(place(arE)).toEqual(place(wordBoxes(files.get(`${template}-latn`)!)));
    },
  );
});
