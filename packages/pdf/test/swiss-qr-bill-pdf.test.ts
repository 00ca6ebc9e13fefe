// Issue 23, `swiss`: the Swiss QR-bill drawn as the guidelines draw it (SIX IG 2.3 §3), in every
// template and in de/fr/it/en/ar: the payload read back from the page (pdftoppm 150 dpi, jsQR: test/support/page-raster.ts) and
// checked field by field, the strip, the QR code and the Swiss cross measured on the rendered page.
import { paymentCodeOf, type SwissQrFields } from '@invoice/model';
import type { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
// swissqrbill exports its payload builder only inside the package; the test reads it from its file
import { generateQRData } from '../../../node_modules/swissqrbill/lib/esm/shared/qr-code.js';
import { readQrOnPages } from '../../../test/support/page-raster.ts';
import { qrReferenceCheckHolds, readSwiss } from '../../../test/support/read-payment-payload.ts';
import { renderInvoicePdf } from '../src/index.ts';
import { swissAddressLines, swissAmountText, swissBillTexts, swissBillValues } from '../src/layout/swiss-bill-texts.ts';
import { fonts, fullInvoice, manyItems, resolve, swissInvoice } from './helpers/invoice-fixtures.ts';
import {
  overlappingWords,
  pdfFonts,
  pdfInfo,
  pdfText,
  renderPng,
  squash,
  wordBoxes,
  writePdf,
} from './helpers/poppler.ts';

const TEMPLATES = ['classic', 'modern', 'bold', 'minimal', 'navy'];
const LANGUAGES = ['de', 'fr', 'it', 'en', 'ar'];
const DPI = 150;
const px = (mm: number) => (mm / 25.4) * DPI;
/** Points in a millimetre. */
const MM = 72 / 25.4;

type Rendered = {
  file: string;
  code: NonNullable<ReturnType<typeof paymentCodeOf>>;
  resolved: ReturnType<typeof resolve>;
  pages: number;
};
/** Rendered once per body: the payload and the measuring tests read the same five invoices (about 0.3 s each). */
const rendered = new Map<string, Promise<Rendered>>();

function render(name: string, body: Record<string, unknown>): Promise<Rendered> {
  const key = JSON.stringify(body);
  if (!rendered.has(key)) rendered.set(key, renderOnce(name, body));
  return rendered.get(key)!;
}

async function renderOnce(name: string, body: Record<string, unknown>): Promise<Rendered> {
  const resolved = resolve(body);
  const code = paymentCodeOf(resolved);
  if (!code) throw new Error('no code');
  const file = writePdf(name, await renderInvoicePdf(resolved, { fonts: fonts(), qr: { text: code.payload, code } }));
  return { file, code, resolved, pages: Number(pdfInfo(file).Pages) };
}

const dark = (png: PNG, x: number, y: number) => {
  const i = (Math.round(y) * png.width + Math.round(x)) * 4;
  return (png.data[i] ?? 255) + (png.data[i + 1] ?? 255) + (png.data[i + 2] ?? 255) < 3 * 128;
};

/** The extent of the dark pixels inside a box (px): left, top, right, bottom. */
function darkExtent(png: PNG, x0: number, y0: number, x1: number, y1: number) {
  let [l, t, r, b] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = Math.round(y0); y < y1; y++)
    for (let x = Math.round(x0); x < x1; x++)
      if (dark(png, x, y)) [l, t, r, b] = [Math.min(l, x), Math.min(t, y), Math.max(r, x), Math.max(b, y)];
  return { l, t, r, b };
}

describe('issue 23 swiss: the QR-bill on the PDF', () => {
  const cases = LANGUAGES.map((language, i) => [language, TEMPLATES[i % TEMPLATES.length]!] as const);

  it.each(cases)(
    'SIX IG 2.3 §4: %s (%s): the decoded payload is the built one, field by field',
    async (language, template) => {
      const { file, code, resolved, pages } = await render(
        `swiss-${language}-${template}`,
        swissInvoice(language, template),
      );
      const found = readQrOnPages(file, [pages], DPI);
      expect(found).toBe(code.payload);
      const f = readSwiss(found!);
      expect([f.qrType, f.version, f.codingType, f.trailer]).toEqual(['SPC', '0200', '1', 'EPD']);
      expect(f.iban).toBe('CH4431999123000889012');
      expect(f.creditor).toEqual({
        type: 'S',
        name: 'Northwind Studio Ltd',
        street: 'Rue du Lac 1268',
        buildingNumber: '',
        postalCode: '2501',
        city: 'Biel',
        country: 'CH',
      });
      expect(f.debtor).toMatchObject({ type: 'S', name: 'Contoso Trading GmbH', postalCode: '8001', city: 'Zürich' });
      expect([f.amount, f.currency]).toEqual([resolved.totals.balance_due.toFixed(2), 'CHF']);
      expect([f.referenceType, f.reference, qrReferenceCheckHolds(f.reference)]).toEqual([
        'QRR',
        '210000000003139471430009017',
        true,
      ]);
      expect(f.message).toBe('INV-2026-0042');
      // the payload as read from the page, equal to what the independent implementation (swissqrbill, MIT)
      // builds from the same data
      expect(found).toBe(
        generateQRData({
          currency: 'CHF',
          amount: resolved.totals.balance_due.toNumber(),
          creditor: {
            name: 'Northwind Studio Ltd',
            address: 'Rue du Lac 1268',
            zip: '2501',
            city: 'Biel',
            country: 'CH',
            account: 'CH4431999123000889012',
          },
          debtor: {
            name: 'Contoso Trading GmbH',
            address: 'Hauptstrasse 5',
            zip: '8001',
            city: 'Zürich',
            country: 'CH',
          },
          reference: '210000000003139471430009017',
          message: 'INV-2026-0042',
        }),
      );
    },
  );

  it.each(cases)(
    'SIX IG 2.3 §3.1, §3.6: %s (%s): the strip, the 46 mm QR at 67/17 mm and the 7 mm Swiss cross, measured',
    async (language, template) => {
      const { file, pages } = await render(`swiss-measure-${language}-${template}`, swissInvoice(language, template));
      const png = renderPng(file, pages, DPI);
      const top = png.height - px(105);
      // the QR code: its dark modules span 46 mm from 67 mm across and 17 mm down the strip (finder patterns at the corners)
      const qr = darkExtent(png, px(64), top + px(14), px(116), top + px(66));
      expect(Math.abs(qr.l - px(67))).toBeLessThan(2);
      expect(Math.abs(qr.t - (top + px(17)))).toBeLessThan(2);
      expect(Math.abs(qr.r + 1 - qr.l - px(46))).toBeLessThan(2);
      expect(Math.abs(qr.b + 1 - qr.t - px(46))).toBeLessThan(2);
      // the Swiss cross: a black 6 mm square on a white 7 mm ground, centred on the QR code
      const cx = px(67 + 23);
      const cy = top + px(17 + 23);
      // inside the white ground, off its anti-aliased edge
      const cross = darkExtent(png, cx - px(3.3), cy - px(3.3), cx + px(3.3), cy + px(3.3));
      expect(Math.abs(cross.r + 1 - cross.l - px(6))).toBeLessThan(2);
      expect(Math.abs(cross.b + 1 - cross.t - px(6))).toBeLessThan(2);
      // the white cross inside the black square (arms 3.89 × 1.17 mm): white at the centre and along
      // the arms, black in the four corners between them
      for (const [dx, dy] of [
        [0, 0],
        [-1.5, 0],
        [1.5, 0],
        [0, -1.5],
        [0, 1.5],
      ])
        expect(dark(png, cx + px(dx!), cy + px(dy!)), `white at ${dx}/${dy} mm`).toBe(false);
      for (const [dx, dy] of [
        [-1.2, -1.2],
        [1.2, -1.2],
        [-1.2, 1.2],
        [1.2, 1.2],
        [-2.5, -2.5],
        [2.5, 2.5],
      ])
        expect(dark(png, cx + px(dx!), cy + px(dy!)), `black at ${dx}/${dy} mm`).toBe(true);
      for (const [dx, dy] of [
        [-3.25, 0],
        [3.25, 0],
        [0, -3.25],
        [0, 3.25],
      ])
        expect(dark(png, cx + px(dx!), cy + px(dy!))).toBe(false);
      // the separation lines: across the page at the strip's top, down at 62 mm
      const inked = (x: number, y: number, dx: number, dy: number) =>
        [-2, -1, 0, 1, 2].some((k) => {
          const i = (Math.round(y + k * dy) * png.width + Math.round(x + k * dx)) * 4;
          return (png.data[i] ?? 255) < 200;
        });
      for (const x of [20, 100, 150, 200]) expect(inked(px(x), top, 0, 1)).toBe(true);
      for (const y of [30, 60, 100]) expect(inked(px(62), top + px(y), 1, 0)).toBe(true);
      // §3.7: the scissors symbol on each line (12 mm across the top one, 12 mm down the vertical one): ink
      // reaching 4 pt to the inner side of the line there, where the bare line elsewhere is a hairline (only the
      // inner side: above the strip a template may draw its own footer band)
      const below = (x: number) => darkExtent(png, x - px(4), top - px(0.3), x + px(4), top + px(4));
      const right = (y: number) => darkExtent(png, px(62) - px(0.3), y - px(4), px(66), y + px(4));
      for (const [x, height] of [
        [12, true],
        [40, false],
      ] as const) {
        const e = below(px(x));
        expect(e.b + 1 - e.t > px(1), `scissors at ${x} mm`).toBe(height);
      }
      for (const [y, width] of [
        [12, true],
        [40, false],
      ] as const) {
        const e = right(top + px(y));
        expect(e.r + 1 - e.l > px(1), `scissors ${y} mm down`).toBe(width);
      }
      // §3.5.1: the sizes, from the words' boxes (pdftotext -bbox: the font's ascent to descent, one ratio to
      // the size for the one font): titles 11 pt, the payment part's headings 8 pt over 10 pt values, the
      // receipt's 6 pt over 8 pt
      const t = swissBillTexts(language);
      const strip = wordBoxes(file).filter((w) => w.page === pages && w.yMin > w.pageHeight - 105 * MM);
      const box = (text: string, receipt: boolean) => {
        const w = strip.find((b) => b.text === text && b.xMax < 62 * MM === receipt);
        if (!w) throw new Error(`no ${text} in the ${receipt ? 'receipt' : 'payment part'}`);
        return w.yMax - w.yMin;
      };
      const perPt = box('CH44', false) / 10;
      const first = (s: string) => s.split(' ')[0]!;
      expect(box(first(t.receipt), true) / perPt).toBeCloseTo(11, 1);
      expect(box(first(t.paymentPart), false) / perPt).toBeCloseTo(11, 1);
      expect(box(first(t.account), false) / perPt).toBeCloseTo(8, 1);
      expect(box(first(t.account), true) / perPt).toBeCloseTo(6, 1);
      expect(box('CH44', true) / perPt).toBeCloseTo(8, 1);
      expect(box(first(t.currency), false) / perPt).toBeCloseTo(8, 1);
      expect(box(first(t.currency), true) / perPt).toBeCloseTo(6, 1);
      // §3.4: the bill's page embeds Liberation Sans, Regular and Bold, as subsets (the rest of the page keeps Noto)
      const bill = pdfFonts(file, { first: pages, last: pages }).filter((f) => f.name.includes('Liberation'));
      expect(bill.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
        'LiberationSans',
        'LiberationSans-Bold',
      ]);
      for (const f of bill) expect([f.embedded, f.subset, f.unicode], f.name).toEqual([true, true, true]);
      // the texts in the bill's language
      const words: Record<string, string[]> = {
        de: ['Empfangsschein', 'Zahlteil', 'Konto / Zahlbar an', 'Annahmestelle'],
        fr: ['Récépissé', 'Section paiement', 'Compte / Payable à', 'Point de dépôt'],
        it: ['Ricevuta', 'Sezione pagamento', 'Conto / Pagabile a', 'Punto di accettazione'],
        en: ['Receipt', 'Payment part', 'Account / Payable to', 'Acceptance point'],
        ar: ['Receipt', 'Payment part', 'Account / Payable to', 'Acceptance point'],
      };
      const text = squash(pdfText(file, { first: pages, last: pages }));
      for (const w of words[language]!) expect(text).toContain(squash(w));
      expect(text).toContain(squash('CH44 3199 9123 0008 8901 2'));
      expect(text).toContain(squash('21 00000 00003 13947 14300 09017'));
    },
  );

  /** The short invoice: `items` rows, few other blocks, billed from Biel. */
  const shortSwiss = (items: Record<string, unknown>[]) => {
    const body = swissInvoice('de', 'classic') as Record<string, Record<string, unknown>>;
    return {
      ...body,
      items,
      notes: undefined,
      ship_to: undefined,
      refund_policy: undefined,
      deposit: undefined,
      from: {
        name: 'Northwind Studio Ltd',
        street: 'Rue du Lac 1268',
        postal_code: '2501',
        city: 'Biel',
        country: 'CH',
      },
      to: { name: 'Contoso Trading GmbH' },
      payment: { iban: body.payment.iban, reference: body.payment.reference, qr: body.payment.qr },
    };
  };

  /** The words on `page` that reach into the bottom 105 mm and are not the bill's own. */
  const strangersInStrip = (file: string, page: number, fields: SwissQrFields) => {
    const t = swissBillTexts('de');
    const v = swissBillValues(fields);
    const own = new Set(
      [...Object.values(t), ...v.account, v.reference, v.information, ...(v.debtor ?? []), v.currency, v.amount]
        .flatMap((s) => (s ?? '').split(/\s+/))
        .filter(Boolean),
    );
    return wordBoxes(file)
      .filter((w) => w.page === page && w.yMax > w.pageHeight - 105 * MM)
      .filter((w) => !own.has(w.text) || w.yMin < w.pageHeight - 105 * MM)
      .map((w) => w.text);
  };

  it('SIX IG 2.3 §3.1: a short invoice carries the bill at the foot of its only page, no invoice content in the strip', async () => {
    const { file, pages, code } = await render(
      'swiss-short',
      shortSwiss((fullInvoice('de', 'classic').items as Record<string, unknown>[]).slice(0, 1)),
    );
    expect(pages).toBe(1);
    expect(readQrOnPages(file, [1], DPI)).toBe(code.payload);
    expect(strangersInStrip(file, 1, code.swiss!)).toEqual([]);
  });

  it('SIX IG 2.3 §3.1: at the boundary, one row more pushes the bill onto a page of its own, the rows stay', async () => {
    // with this fixture and layout, 4 rows end just above the lift that makes room for the bill; the 5th row
    // ends inside it (the page could still hold it without the bill)
    const fits = await render('swiss-boundary-4', shortSwiss(manyItems(4, 'de')));
    expect(fits.pages).toBe(1);
    expect(strangersInStrip(fits.file, 1, fits.code.swiss!)).toEqual([]);
    const pushed = await render('swiss-boundary-5', shortSwiss(manyItems(5, 'de')));
    expect(pushed.pages).toBe(2);
    const words = wordBoxes(pushed.file);
    const rows = (page: number) => words.filter((w) => w.page === page && /^#\d+$/.test(w.text)).map((w) => w.text);
    expect(rows(1)).toEqual(['#1', '#2', '#3', '#4', '#5']);
    expect(rows(2)).toEqual([]);
    // §3.4: Liberation Sans is the bill's alone: the page of rows before it has only Noto
    expect(pdfFonts(pushed.file, { first: 1, last: 1 }).map((f) => f.name.replace(/^[A-Z]{6}\+/, ''))).toEqual([
      'NotoSans-Bold',
      'NotoSans-Regular',
    ]);
    expect(words.some((w) => w.page === 2 && w.text === 'Zahlteil')).toBe(true);
    expect(strangersInStrip(pushed.file, 2, pushed.code.swiss!)).toEqual([]);
    expect(readQrOnPages(pushed.file, [2], DPI)).toBe(pushed.code.payload);
  });

  it('SIX IG 2.3 §3.5.2: a buyer with no address in the code gets the blank field with corner marks, RF reference', async () => {
    const body = swissInvoice('fr', 'modern') as Record<string, Record<string, unknown>>;
    const { file, pages, code } = await render('swiss-blank-debtor', {
      ...body,
      to: { name: 'Contoso Trading GmbH' },
      payment: { ...body.payment, iban: 'CH93 0076 2011 6238 5295 7', reference: 'RF18 5390 0754 7034' },
    });
    const f = readSwiss(code.payload);
    expect([f.debtor.type, f.referenceType, f.reference]).toEqual(['', 'SCOR', 'RF18539007547034']);
    const text = squash(pdfText(file, { first: pages, last: pages }));
    expect(text).toContain(squash('Payable par (nom/adresse)'));
    expect(text).toContain(squash('RF18 5390 0754 7034'));
    expect(readQrOnPages(file, [pages], DPI)).toBe(code.payload);
  });

  it('SIX IG 2.3 §3.5.5: the amount with a space between thousands; §3.5.3: a foreign address names its country', () => {
    expect(swissAmountText('1949.75')).toBe('1 949.75');
    expect(swissAmountText('999999999.99')).toBe('999 999 999.99');
    expect(swissAmountText('0.05')).toBe('0.05');
    expect(
      swissAddressLines({ name: 'A', street: 'Markt 1', postalCode: '10115', city: 'Berlin', country: 'DE' }),
    ).toEqual(['A', 'Markt 1', 'DE-10115 Berlin']);
    expect(swissAddressLines({ name: 'B', postalCode: '2501', city: 'Biel', country: 'CH' })).toEqual([
      'B',
      '2501 Biel',
    ]);
  });

  it('SIX IG 2.3 §3.4, §4.1.1: Liberation Sans, Regular and Bold, has every character the payload may carry', () => {
    const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
    const allowed = [...range(0x20, 0x7e), ...range(0xa0, 0x17f), ...range(0x218, 0x21b), 0x20ac];
    for (const weight of ['regular', 'bold'] as const) {
      const face = fonts().face('LiberationSans', weight)!;
      expect(face.id).toBe(weight === 'bold' ? 'LiberationSans-Bold' : 'LiberationSans-Regular');
      expect(allowed.filter((cp) => !face.sfnt.glyphFor(cp)).map((cp) => cp.toString(16))).toEqual([]);
    }
  });

  it('SIX IG 2.3 §3.5: the longest fields stay in their sections, no word over another, the QR still reads', async () => {
    const body = swissInvoice('de', 'classic') as Record<string, Record<string, unknown>>;
    const { file, pages, code } = await render('swiss-longest', {
      ...body,
      from: {
        name: 'NN Aktiengesellschaft für Feinmechanik und Uhrenbau Biel-Bienne',
        street: 'Route de la Gare de Bienne et du Lac 1268 Gebäude Süd Eingang B',
        postal_code: '2501',
        city: 'Biel/Bienne Stadtzentrum Nord-West',
        country: 'CH',
      },
      to: { name: 'Contoso Trading GmbH' },
      invoice: { ...body.invoice, number: `INV-${'X'.repeat(60)}` },
    });
    const mm = 72 / 25.4;
    const words = wordBoxes(file).filter((w) => w.page === pages && w.yMin > w.pageHeight - 105 * mm);
    // §3.5.1's 11 pt pitch under 10 pt values: poppler's word boxes (Liberation Sans' ascent to descent,
    // 11.2 pt) of neighbouring lines overlap by 0.2 pt by construction; more than 1 pt would be text over text
    expect(overlappingWords(words, 1)).toEqual([]);
    const top = words[0]!.pageHeight - 105 * mm;
    for (const w of words) {
      // each word on one side of the vertical separation line at 62 mm
      expect(w.xMax < 62 * mm || w.xMin > 62 * mm, w.text).toBe(true);
      // the receipt's information ends above its amount section (68 mm)
      if (
        w.xMax < 62 * mm
        && !['Währung', 'Betrag', 'CHF', 'Annahmestelle'].includes(w.text)
        && !/^[\d.]+$/.test(w.text)
      )
        expect(w.yMax, w.text).toBeLessThan(top + 68 * mm);
    }
    expect(readQrOnPages(file, [pages], DPI)).toBe(code.payload);
  });
});
