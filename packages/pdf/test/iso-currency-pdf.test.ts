import { formatMoney, LANGUAGES } from '@invoice/i18n';
import { TEMPLATE_NAMES } from '@invoice/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../src/index.ts';
import { fonts, fullInvoice, resolve } from './helpers/invoice-fixtures.ts';
import { overlappingWords, pdfText, squash, wordBoxes, writePdf } from './helpers/poppler.ts';

/**
 * Decision C-ISO in the PDF: a 3-decimal currency (KWD) prints 3 decimals and a 0-decimal one (ISK) none, in every
 * language, each language on another template; Arabic also with Eastern Arabic digits (D11's `ar-e`).
 */
const CASES = [
  ...LANGUAGES.flatMap((language, i) =>
    (['KWD', 'ISK'] as const).map((currency) => ({
      language,
      currency,
      template: TEMPLATE_NAMES[i % TEMPLATE_NAMES.length],
      digits: 'latn' as const,
    })),
  ),
  { language: 'ar', currency: 'KWD', template: 'navy', digits: 'arab' as const },
];
const name = (c: (typeof CASES)[number]) => `${c.currency}-${c.language}-${c.template}-${c.digits}`;

function invoiceFor({ language, currency, template }: (typeof CASES)[number]) {
  const body = fullInvoice(language, template);
  return resolve({
    ...body,
    invoice: { ...(body.invoice as Record<string, unknown>), currency },
    items: [
      { description: 'Consulting', quantity: 3, unit_price: 1234.5675, tax_rate: 5 },
      { description: 'Hosting', quantity: 1, unit_price: 99.999, discount: 10, tax_rate: 5 },
    ],
    shipping: 2.125,
  });
}

const files = new Map<string, string>();
beforeAll(async () => {
  const fontSet = fonts();
  for (const c of CASES) {
    const bytes = await renderInvoicePdf(invoiceFor(c), { fonts: fontSet, presentation: { digits: c.digits } });
    files.set(name(c), writePdf(`iso-currency-${name(c)}`, bytes));
  }
}, 240_000);

describe('C-ISO: the PDF follows the currency minor units in every language', () => {
  it.each(CASES)(
    'C-ISO/D1: $currency in $language ($template, $digits digits): the totals with the minor units, no overlapping words',
    (c) => {
      const file = files.get(name(c))!;
      const flat = squash(pdfText(file));
      const t = invoiceFor(c).totals;
      const mu = c.currency === 'KWD' ? 3 : 0;
      expect(t.grand_total.decimalPlaces()).toBeLessThanOrEqual(mu);
      for (const amount of [t.subtotal, t.shipping, t.total_tax, t.grand_total, t.balance_due]) {
        const printed = formatMoney(amount, c.currency, mu, c.language, c.digits);
        if (mu === 3) expect(printed).toMatch(c.digits === 'arab' ? /[٠-٩]٫[٠-٩]{3}(?![٠-٩])/ : /\d[.,]\d{3}(?!\d)/);
        expect(flat, printed).toContain(squash(printed));
      }
      // poppler's word boxes for Arabic runs are unreliable: the overlap check reads the other words.
      const words = wordBoxes(file).filter((w) => !/[\u0600-\u06ff]/.test(w.text));
      expect(overlappingWords(words).map(([a, b]) => `${a.text} × ${b.text}`)).toEqual([]);
    },
  );
});
