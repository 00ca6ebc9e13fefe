import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { paymentCodeOf } from '@invoice/model';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { rasterPage } from '../../../test/support/page-raster.ts';
import { renderInvoicePdf } from '../src/index.ts';
import { fonts, fullInvoice, resolve, swissInvoice } from './helpers/invoice-fixtures.ts';
import { diffRatio } from './helpers/png-diff.ts';
import { pdfInfo, renderPng, writePdf } from './helpers/poppler.ts';

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const DPI = 50;
const MAX_DIFF = 0.005;

const references = [
  { name: 'classic-en', language: 'en', template: 'classic' },
  { name: 'modern-ar', language: 'ar', template: 'modern' },
  { name: 'navy-ja', language: 'ja', template: 'navy' },
];

describe('issue 4: golden images of reference invoices (UPDATE_GOLDEN=1 regenerates)', () => {
  it.each(references)(
    '$name matches its reference render within 0.5 % of pixels',
    async ({ name, language, template }) => {
      const bytes = await renderInvoicePdf(resolve(fullInvoice(language, template)), {
        fonts: fonts(),
        qr: { text: 'https://invoices.example/api/i/golden?t=reference' },
      });
      const actual = renderPng(writePdf(`golden-${name}`, bytes), 1, DPI);
      const file = path.join(GOLDEN, `${name}.png`);
      if (UPDATE) writeFileSync(file, PNG.sync.write(actual));
      expect(existsSync(file), `missing ${file}: run with UPDATE_GOLDEN=1 once`).toBe(true);
      const expected = PNG.sync.read(readFileSync(file));
      expect(diffRatio(actual, expected)).toBeLessThan(MAX_DIFF);
    },
  );

  it('issue 23: the Swiss QR-bill page (de, classic) matches its reference render within 0.5 % of pixels', async () => {
    const resolved = resolve(swissInvoice('de', 'classic'));
    const code = paymentCodeOf(resolved)!;
    const file = writePdf(
      'golden-swiss-de',
      await renderInvoicePdf(resolved, { fonts: fonts(), qr: { text: code.payload, code } }),
    );
    const actual = renderPng(file, Number(pdfInfo(file).Pages), DPI);
    const golden = path.join(GOLDEN, 'swiss-de-classic.png');
    if (UPDATE) writeFileSync(golden, PNG.sync.write(actual));
    expect(existsSync(golden), `missing ${golden}: run with UPDATE_GOLDEN=1 once`).toBe(true);
    expect(diffRatio(actual, PNG.sync.read(readFileSync(golden)))).toBeLessThan(MAX_DIFF);
  });

  it('issue 23: the QR-bill payment part (bottom 105 mm) is one golden image in all five templates and in RTL (ar)', async () => {
    // SIX IG 2.3 §3: the payment part is drawn as the standard draws it, whatever the template or the
    // writing direction around it: the same crop of the last page for every one, equal to one reference
    const crops = await Promise.all(
      [...['classic', 'modern', 'bold', 'minimal', 'navy'].map((t) => ['en', t]), ['ar', 'modern']].map(
        async ([language, template]) => {
          const resolved = resolve(swissInvoice(language!, template!));
          const code = paymentCodeOf(resolved)!;
          const file = writePdf(
            `golden-swiss-strip-${language}-${template}`,
            await renderInvoicePdf(resolved, { fonts: fonts(), qr: { text: code.payload, code } }),
          );
          const info = pdfInfo(file);
          const [width, height] = info['Page size']!.split(' ').filter(Number).map(Number) as [number, number];
          const strip = Math.round((105 / 25.4) * DPI);
          const crop = {
            x: 0,
            y: Math.round((height / 72) * DPI) - strip,
            width: Math.round((width / 72) * DPI),
            height: strip,
          };
          return [`${language}-${template}`, rasterPage(file, Number(info.Pages), DPI, crop)] as const;
        },
      ),
    );
    const golden = path.join(GOLDEN, 'swiss-strip-en.png');
    if (UPDATE) writeFileSync(golden, PNG.sync.write(crops[0]![1]));
    expect(existsSync(golden), `missing ${golden}: run with UPDATE_GOLDEN=1 once`).toBe(true);
    const expected = PNG.sync.read(readFileSync(golden));
    for (const [name, crop] of crops) {
      // identical to the pixel between the renders of one run; within the golden tolerance of the reference
      expect(Buffer.compare(crop.data, crops[0]![1].data), name).toBe(0);
      expect(diffRatio(crop, expected), name).toBeLessThan(MAX_DIFF);
    }
  });

  it('the comparison catches a layout regression: two more address lines shift everything below', async () => {
    const body = fullInvoice('en', 'classic');
    const to = { ...(body.to as Record<string, unknown>), address: 'Hauptstraße 5\nBuilding C\nFloor 3\n10115 London' };
    const moved = await renderInvoicePdf(resolve({ ...body, to }), {
      fonts: fonts(),
      qr: { text: 'https://invoices.example/api/i/golden?t=reference' },
    });
    const expected = PNG.sync.read(readFileSync(path.join(GOLDEN, 'classic-en.png')));
    expect(diffRatio(renderPng(writePdf('golden-moved', moved), 1, DPI), expected)).toBeGreaterThan(MAX_DIFF);
  });
});
