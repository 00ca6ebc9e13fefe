// Renders docs/gallery/: each template in English, Arabic/Hindi/Japanese in one template, and a
// 100-item invoice (first and last page). Run: npx tsx packages/pdf/test/render-gallery.ts
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEMPLATE_NAMES } from '@invoice/model';
import { renderInvoicePdf } from '../src/index.ts';
import { fonts, fullInvoice, manyItems, resolve } from './helpers/invoice-fixtures.ts';
import { sampleLogoPng, sampleSignaturePng } from './helpers/sample-images.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const out = path.join(root, 'docs/gallery');
const tmp = path.join(root, 'test/.out/gallery');
mkdirSync(out, { recursive: true });
mkdirSync(tmp, { recursive: true });
const qr = { text: 'https://invoices.example/api/i/AbCdEfGhIjKlMnOpQrStUv?t=gallery' };
const images = { logo: sampleLogoPng(), signature: sampleSignaturePng() };

async function shoot(name: string, body: Record<string, unknown>, pages: 'first' | 'first-last' = 'first') {
  const pdf = path.join(tmp, `${name}.pdf`);
  writeFileSync(pdf, await renderInvoicePdf(resolve(body), { fonts: fonts(), qr, images }));
  const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1]);
  const wanted = pages === 'first' ? [1] : [1, count];
  for (const p of wanted) {
    const suffix = pages === 'first' ? '' : p === 1 ? '-first' : '-last';
    const prefix = path.join(tmp, `${name}${suffix}`);
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', String(p), '-l', String(p), '-singlefile', pdf, prefix]);
    renameSync(`${prefix}.png`, path.join(out, `${name}${suffix}.png`));
  }
  return count;
}

for (const t of TEMPLATE_NAMES) await shoot(`${t}-en`, fullInvoice('en', t));
await shoot('modern-ar', fullInvoice('ar', 'modern'));
await shoot('modern-hi', fullInvoice('hi', 'modern'));
await shoot('modern-ja', fullInvoice('ja', 'modern'));
const pages = await shoot('classic-100-items', fullInvoice('en', 'classic', { items: manyItems(100) }), 'first-last');
console.log(`gallery written to ${out}; 100-item invoice has ${pages} pages`);
