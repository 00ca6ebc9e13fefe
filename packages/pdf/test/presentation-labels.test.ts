import { LABELS, type Labels, pageLabel } from '@invoice/i18n';
import { TEMPLATE_NAMES } from '@invoice/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../src/index.ts';
import { buildInvoiceView } from '../src/layout/invoice-view.ts';
import { fonts, fullInvoice, manyItems, resolve } from './helpers/invoice-fixtures.ts';
import { pdfInfo, pdfText, squash, writePdf } from './helpers/poppler.ts';

const CUSTOM: Partial<Labels> = {
  invoice: 'Statement',
  billTo: 'Customer',
  description: 'Service rendered',
  total: 'Grand sum',
  page: 'Sheet {page} / {pages}',
};

// Many items so the custom page label has more than one page to number.
const body = (template: string, language = 'en') => fullInvoice(language, template, { items: manyItems(40, language) });

const files = new Map<string, string>();

beforeAll(async () => {
  const fontSet = fonts();
  for (const template of TEMPLATE_NAMES) {
    const bytes = await renderInvoicePdf(resolve(body(template)), { fonts: fontSet, presentation: { labels: CUSTOM } });
    files.set(template, writePdf(`labels-${template}-en`, bytes));
  }
  const arE = await renderInvoicePdf(resolve(body('classic', 'ar')), {
    fonts: fontSet,
    presentation: { digits: 'arab', labels: { billTo: 'العميل', page: 'ص {page}/{pages}' } },
  });
  files.set('ar-e', writePdf('labels-classic-ar-e', arE));
}, 120_000);

describe('D11: customLabels replace the built-in label texts', () => {
  it.each(TEMPLATE_NAMES)(
    'D11: custom billTo, description, total, page and title words are printed instead (%s)',
    (template) => {
      const file = files.get(template)!;
      const text = pdfText(file);
      const lower = text.toLowerCase();
      const pages = Number(pdfInfo(file).Pages);
      expect(pages).toBeGreaterThan(1);
      for (const custom of ['Statement', 'Customer', 'Service rendered', 'Grand sum'])
        expect(lower, custom).toContain(custom.toLowerCase());
      for (let p = 1; p <= pages; p++) expect(pdfText(file, { first: p, last: p })).toContain(`Sheet ${p} / ${pages}`);
      const en = LABELS.en;
      for (const builtIn of [en.billTo, en.description]) expect(lower, builtIn).not.toContain(builtIn.toLowerCase());
      expect(lower.split(/\s+/), en.total).not.toContain(en.total.toLowerCase());
      expect(text).not.toContain(en.invoice);
      expect(text).not.toContain(pageLabel(1, pages, 'en'));
      // Labels the caller left alone stay built in.
      expect(lower).toContain(en.shipTo.toLowerCase());
      expect(pdfInfo(file).Title).toBe('Statement INV-2026-0042');
    },
  );

  it('D11: ar-e custom labels keep the placeholders and take Eastern digits', () => {
    const file = files.get('ar-e')!;
    const text = pdfText(file);
    const pages = Number(pdfInfo(file).Pages);
    expect(text).toContain('العميل');
    expect(text).not.toContain(LABELS.ar.billTo);
    const eastern = (n: number) => new Intl.NumberFormat('ar-u-nu-arab', { useGrouping: false }).format(n);
    expect(squash(text)).toContain(squash(`ص ${eastern(1)}/${eastern(pages)}`));
  });

  it('a title the request sets wins over a custom invoice label; blank overrides keep the built-in text', () => {
    const titled = resolve({ ...body('classic'), invoice: { ...(body('classic').invoice as object), title: 'QUOTE' } });
    expect(buildInvoiceView(titled, undefined, { labels: CUSTOM }).title).toBe('QUOTE');
    const view = buildInvoiceView(resolve(body('classic')), undefined, { labels: { billTo: '  ', total: undefined } });
    expect(view.labels.billTo).toBe(LABELS.en.billTo);
    expect(view.labels.total).toBe(LABELS.en.total);
    expect(view.buyer.heading).toBe(LABELS.en.billTo);
  });
});
