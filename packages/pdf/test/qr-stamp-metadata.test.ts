import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { readQrOnPages } from '../../../test/support/page-raster.ts';
import { fitInBox } from '../src/images/fit-box.ts';
import { detectImageType } from '../src/images/image-type.ts';
import { renderInvoicePdf } from '../src/index.ts';
import { fonts, fullInvoice, resolve } from './helpers/invoice-fixtures.ts';
import { catalogText, pdfInfo, pdfText, renderPng, writePdf } from './helpers/poppler.ts';

const HOSTED =
  'https://invoices.example.com/api/i/AbCdEfGhIjKlMnOpQrStUv?t=3q2-7wEjXyZ_abcdefghijklmnopqrstuvwxyz012345';

/** A solid PNG of w×h pixels, made with pngjs. */
function pngBytes(w: number, h: number, rgb: [number, number, number]): Uint8Array {
  const png = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) png.data.set([...rgb, 255], i * 4);
  return new Uint8Array(PNG.sync.write(png));
}

describe('issue 4: QR code', () => {
  it.each(['classic', 'navy'])(
    '%s: the drawn QR (vector, quiet zone, EC M) decodes to the hosted link at 150 dpi',
    async (template) => {
      const bytes = await renderInvoicePdf(resolve(fullInvoice('en', template)), {
        fonts: fonts(),
        qr: { text: HOSTED, caption: 'Scan to view this invoice online' },
      });
      const file = writePdf(`qr-${template}`, bytes);
      expect(readQrOnPages(file, [1])).toBe(HOSTED);
      expect(pdfText(file)).toContain('Scan to view this invoice online');
    },
  );

  it('ar: the QR moves to the mirrored side but is not mirrored itself, and a UTF-8 SEPA payload decodes', async () => {
    const sepa =
      'BCD\n002\n1\nSCT\nNWBKGB2L\nNorthwind Studio – Müller\nGB29NWBK60161331926819\nEUR6045.08\n\n\nINV-2026-0042';
    const bytes = await renderInvoicePdf(resolve(fullInvoice('ar', 'modern')), { fonts: fonts(), qr: { text: sepa } });
    const file = writePdf('qr-ar', bytes);
    expect(readQrOnPages(file, [1])).toBe(sepa);
  });

  it("issue 26: a hosted link's caption says until when the link works, in the invoice's language", async () => {
    const caption = async (language: string) => {
      const bytes = await renderInvoicePdf(resolve(fullInvoice(language, 'classic')), {
        fonts: fonts(),
        qr: { text: HOSTED, kind: 'hosted_link', validUntil: '2026-12-03' },
      });
      return pdfText(writePdf(`qr-valid-until-${language}`, bytes)).replace(/\s+/g, ' ');
    };
    expect(await caption('en')).toContain('Scan to view this invoice online · valid until December 3, 2026');
    expect(await caption('de')).toContain('gültig bis 3. Dezember 2026');
    expect(await caption('ja')).toContain('2026年12月3日まで有効');
    expect(await caption('ar')).toContain('صالح حتى');
    // A payment code's caption has no end date: the code does not expire with the link.
    const sepa = 'BCD\n002\n1\nSCT\nNWBKGB2L\nNorthwind\nGB29NWBK60161331926819\nEUR1.00';
    const pay = await renderInvoicePdf(resolve(fullInvoice('en', 'classic')), {
      fonts: fonts(),
      qr: { text: sepa, kind: 'sepa', validUntil: '2026-12-03' },
    });
    expect(pdfText(writePdf('qr-valid-until-sepa', pay))).not.toContain('valid until');
  });

  it('no QR text, no QR drawn', async () => {
    const bytes = await renderInvoicePdf(resolve(fullInvoice('en', 'classic')), { fonts: fonts() });
    const file = writePdf('qr-none', bytes);
    expect(readQrOnPages(file, [1])).toBeUndefined();
    expect(pdfText(file)).not.toContain('Scan to');
  });
});

describe('D2: PAID / PARTIAL stamp', () => {
  const render = async (name: string, extra: Record<string, unknown>, language = 'en') =>
    pdfText(
      writePdf(name, await renderInvoicePdf(resolve(fullInvoice(language, 'classic', extra)), { fonts: fonts() })),
    );

  it('partial when something was paid, paid when all of it, nothing when unpaid', async () => {
    expect(await render('stamp-partial', {})).toContain('PARTIALLY PAID');
    const paid = await render('stamp-paid', { payment: { status: 'paid' } });
    expect(paid).toMatch(/(^|\n)\s*PAID\s*(\n|$)/);
    const unpaid = await render('stamp-unpaid', { deposit: 0 });
    expect(unpaid).not.toContain('PAID');
  });

  it('the stamp is localised', async () => {
    expect(await render('stamp-de', { payment: { status: 'paid' } }, 'de')).toContain('BEZAHLT');
  });
});

describe('D14: deterministic bytes and document metadata', () => {
  it('the same invoice renders to identical bytes', async () => {
    const a = await renderInvoicePdf(resolve(fullInvoice('ja', 'bold')), { fonts: fonts(), qr: { text: HOSTED } });
    const b = await renderInvoicePdf(resolve(fullInvoice('ja', 'bold')), { fonts: fonts(), qr: { text: HOSTED } });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('title, author = seller, subject, creation date from the invoice date, /Lang', async () => {
    const file = writePdf('meta-de', await renderInvoicePdf(resolve(fullInvoice('de', 'minimal')), { fonts: fonts() }));
    const info = pdfInfo(file);
    expect(info.Title).toBe('Rechnung INV-2026-0042');
    expect(info.Author).toBe('Northwind Studio Ltd');
    expect(info.Subject).toContain('Contoso Trading GmbH');
    expect(info.CreationDate).toMatch(/Mar\s+1 .*2026/);
    expect(catalogText(file)).toMatch(/\/Lang \(de\)/);
  });
});

describe('D5: logo and signature images', () => {
  it('detects PNG and JPEG by magic bytes only', () => {
    expect(detectImageType(pngBytes(2, 2, [0, 0, 0]))).toBe('png');
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(detectImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
  });

  it('fits an image in its box keeping the aspect ratio', () => {
    expect(fitInBox(400, 100, { x: 0, y: 0, width: 160, height: 60 })).toEqual({ x: 0, y: 0, width: 160, height: 40 });
    expect(fitInBox(100, 100, { x: 10, y: 0, width: 160, height: 60 }, 'right')).toEqual({
      x: 110,
      y: 0,
      width: 60,
      height: 60,
    });
  });

  it('embeds logo and signature scaled into their boxes; unreadable bytes fail naming the slot, or are left out on request (H3)', async () => {
    const logo = pngBytes(600, 200, [200, 30, 30]);
    const signature = pngBytes(300, 100, [20, 20, 120]);
    for (const template of ['classic', 'modern', 'bold', 'minimal', 'navy']) {
      const file = writePdf(
        `images-${template}`,
        await renderInvoicePdf(resolve(fullInvoice('en', template)), { fonts: fonts(), images: { logo, signature } }),
      );
      const pngs = Array.from({ length: Number(pdfInfo(file).Pages) }, (_, i) => renderPng(file, i + 1, 30));
      const reddish = countPixels(pngs[0], (r, g, b) => r > 150 && g < 80 && b < 80);
      const bluish = pngs.reduce((n, png) => n + countPixels(png, (r, g, b) => b > 90 && r < 60 && g < 60), 0);
      // 600×200 logo in a box of at most 200×64 pt, 300×100 signature in 170×60: both scaled, ratio kept.
      expect(reddish, template).toBeGreaterThan(200);
      expect(reddish, template).toBeLessThan(3000); // unscaled it would cover ~20,000 px at 30 dpi
      expect(bluish, template).toBeGreaterThan(50);
      expect(pdfText(file)).toContain('Authorised signature');
    }
    const damaged = { logo: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]) };
    await expect(
      renderInvoicePdf(resolve(fullInvoice('en', 'classic')), { fonts: fonts(), images: damaged }),
    ).rejects.toMatchObject({ name: 'ImageEmbedError', slot: 'logo' });
    const omitted = await renderInvoicePdf(resolve(fullInvoice('en', 'classic')), {
      fonts: fonts(),
      images: damaged,
      brokenImages: 'omit',
    });
    expect(omitted.length).toBeGreaterThan(1000);
  });
});

function countPixels(png: PNG, pred: (r: number, g: number, b: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4) if (pred(png.data[i], png.data[i + 1], png.data[i + 2])) n++;
  return n;
}
