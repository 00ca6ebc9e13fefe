/**
 * Renders an invoice and writes PNGs of its pages (first, last, or first and last/second) at 80 dpi, for
 * docs/gallery. An invoice asking for a payment code (`payment.qr`) gets the code the service builds (issue 23),
 * any other the sample hosted link.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { paymentCodeOf } from '@invoice/model';
import { type Presentation, renderInvoicePdf } from '../../src/index.ts';
import { fonts, resolve } from './invoice-fixtures.ts';
import { sampleLogoPng, sampleSignaturePng } from './sample-images.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const tmp = path.join(repoRoot, 'test/.out/gallery');
const qr = { text: 'https://invoices.example/api/i/AbCdEfGhIjKlMnOpQrStUv?t=gallery' };
const images = { logo: sampleLogoPng(), signature: sampleSignaturePng() };

export async function shoot(
  out: string,
  name: string,
  body: Record<string, unknown>,
  pages: 'first' | 'last' | 'first-last' | 'first-second' = 'first',
  presentation?: Presentation,
): Promise<number> {
  mkdirSync(out, { recursive: true });
  mkdirSync(tmp, { recursive: true });
  const pdf = path.join(tmp, `${name}.pdf`);
  const resolved = resolve(body);
  const code = paymentCodeOf(resolved);
  const drawn = code ? { text: code.payload, code } : qr;
  writeFileSync(pdf, await renderInvoicePdf(resolved, { fonts: fonts(), qr: drawn, images, presentation }));
  const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1]);
  const wanted = pages === 'first' ? [1] : pages === 'last' ? [count] : pages === 'first-last' ? [1, count] : [1, 2];
  for (const p of wanted) {
    const suffix =
      pages === 'first'
        ? ''
        : pages === 'last'
          ? '-last'
          : p === 1
            ? '-first'
            : pages === 'first-last'
              ? '-last'
              : '-second';
    const prefix = path.join(tmp, `${name}${suffix}`);
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', String(p), '-l', String(p), '-singlefile', pdf, prefix]);
    renameSync(`${prefix}.png`, path.join(out, `${name}${suffix}.png`));
  }
  return count;
}
